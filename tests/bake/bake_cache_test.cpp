// The bake cache as a pipeline leans on it (issue 51): an unchanged track is not baked again (a
// touched source included), any change to the track, its classes or the options is baked anew, the
// bytes are the bytes a bake gives and the warnings the warnings it gave, an output that already
// holds them is not rewritten, a damaged entry is replaced, the least recently used go beyond the
// size limit, and a cache that cannot be used never fails a build.
#include "bake/cli/exit_codes.h"
#include "tests/support/run_twbake.h"
#include "tests/support/scratch_dir.h"

#include "formats/source/file_io.h"
#include "formats/source/track_json.h"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <string>

namespace {

namespace fs = std::filesystem;
using namespace bake::cli;
using tw::test::RunResult;
using tw::test::twbake;

class BakeCache : public ::testing::Test {
protected:
    void SetUp() override { fs::copy_file(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack", m_dir / "kart.twtrack"); }
    std::string path(const std::string& name) const { return (m_dir / name).string(); }
    RunResult build(const std::string& output, std::vector<std::string> more = {}) const {
        std::vector<std::string> args = {"build", path("kart.twtrack"), "-o", path(output), "--cache", path("cache"), "--json"};
        args.insert(args.end(), more.begin(), more.end());
        return twbake(args);
    }
    static bool cached(const RunResult& r) { return r.out.find("\"cached\": true") != std::string::npos; }
    std::string read(const std::string& name) const {
        std::string error;
        return formats::readWholeFile(m_dir / name, error).value_or("<unreadable>");
    }
    std::size_t entries() const {
        std::size_t n = 0;
        for (const auto& e : fs::directory_iterator(m_dir / "cache")) n += e.path().extension() == ".twcache";
        return n;
    }
    tw::test::ScratchDir m_scratch{"bake_cache"};
    const fs::path& m_dir = m_scratch.path();
};

TEST_F(BakeCache, AnUnchangedTrackComesFromTheCacheWithTheSameBytes) {
    const RunResult first = build("a.twbake");
    ASSERT_EQ(first.exitCode, kExitOk) << first.err;
    EXPECT_FALSE(cached(first));
    // Touched (a checkout, a copy): the same track.
    fs::last_write_time(m_dir / "kart.twtrack", fs::file_time_type::clock::now());
    const RunResult second = build("b.twbake");
    ASSERT_EQ(second.exitCode, kExitOk) << second.err;
    EXPECT_TRUE(cached(second)) << second.out;
    EXPECT_EQ(read("a.twbake"), read("b.twbake"));
    EXPECT_FALSE(cached(build("c.twbake", {"--no-cache"})));
    EXPECT_EQ(read("a.twbake"), read("c.twbake")) << "a bake and its cached copy are one";
    // Re-indented: another source, baked again, to the same bytes.
    std::string error;
    const auto document = formats::loadTrackFile(m_dir / "kart.twtrack").document;
    ASSERT_TRUE(formats::writeOutputFile(m_dir / "kart.twtrack", formats::writeTrackJson(*document) + "\n\n", error)) << error;
    EXPECT_FALSE(cached(build("d.twbake")));
    EXPECT_EQ(read("a.twbake"), read("d.twbake"));
}

TEST_F(BakeCache, AHitSaysTheWarningsTheBakeSaid) {
    auto document = formats::loadTrackFile(m_dir / "kart.twtrack").document;
    formats::SideWidths& left = document->nodes[5].left;  // a width jump: a warning
    const double wallBeyondRunoff = left.wall - left.runoff;
    left.runoff = 3.0 * document->nodes[4].left.runoff;
    left.wall = left.runoff + wallBeyondRunoff;
    std::string error;
    ASSERT_TRUE(formats::writeOutputFile(m_dir / "kart.twtrack", formats::writeTrackJson(*document), error)) << error;
    const RunResult baked = build("a.twbake");
    ASSERT_EQ(baked.exitCode, kExitOk) << baked.out;
    ASSERT_NE(baked.out.find("width-jump"), std::string::npos) << baked.out;
    const RunResult hit = build("a.twbake");
    ASSERT_TRUE(cached(hit));
    const auto diagnosticsOf = [](const std::string& json) {
        const std::size_t start = json.find("\"diagnostics\"");
        return json.substr(start, json.find("\"output\"") - start);
    };
    EXPECT_EQ(diagnosticsOf(hit.out), diagnosticsOf(baked.out));
    const RunResult text = twbake({"build", path("kart.twtrack"), "-o", path("a.twbake"), "--cache", path("cache")});
    EXPECT_NE(text.err.find("warning[width-jump]"), std::string::npos) << text.err;
    EXPECT_NE(text.out.find("(from the cache)"), std::string::npos) << text.out;
}

TEST_F(BakeCache, AnOutputThatHoldsTheBakeIsNotRewritten) {
    ASSERT_EQ(build("a.twbake").exitCode, kExitOk);
    // A downstream step (ninja's restat, an asset packer) sees nothing new when nothing changed.
    const auto past = fs::last_write_time(m_dir / "a.twbake") - std::chrono::hours(1);
    fs::last_write_time(m_dir / "a.twbake", past);
    ASSERT_EQ(build("a.twbake").exitCode, kExitOk);
    EXPECT_EQ(fs::last_write_time(m_dir / "a.twbake"), past);
    EXPECT_EQ(build("a.twbake", {"--no-cache"}).exitCode, kExitOk);
    EXPECT_EQ(fs::last_write_time(m_dir / "a.twbake"), past) << "without the cache too";
    // An output that differs is replaced.
    std::string error;
    ASSERT_TRUE(formats::writeOutputFile(m_dir / "a.twbake", "an older bake", error)) << error;
    ASSERT_EQ(build("a.twbake").exitCode, kExitOk);
    ASSERT_EQ(build("reference.twbake", {"--no-cache"}).exitCode, kExitOk);
    EXPECT_EQ(read("a.twbake"), read("reference.twbake"));
    EXPECT_NE(fs::last_write_time(m_dir / "a.twbake"), past);
}

TEST_F(BakeCache, AChangedTrackOptionOrClassIsBakedAnew) {
    ASSERT_EQ(build("a.twbake").exitCode, kExitOk);
    EXPECT_FALSE(cached(build("r.twbake", {"--raceline"}))) << "another option, another bake";
    EXPECT_TRUE(cached(build("r2.twbake", {"--raceline"})));
    const RunResult withClass = build("g.twbake", {"--classes", std::string(TRACKWRIGHT_TEST_DATA_DIR) + "/cars/test-gt.json"});
    EXPECT_FALSE(cached(withClass)) << withClass.err;
    auto document = formats::loadTrackFile(m_dir / "kart.twtrack").document;
    document->nodes[3].left.track += 0.5;
    std::string error;
    ASSERT_TRUE(formats::writeOutputFile(m_dir / "kart.twtrack", formats::writeTrackJson(*document), error)) << error;
    EXPECT_FALSE(cached(build("w.twbake")));
    EXPECT_EQ(entries(), 4u);
}

TEST_F(BakeCache, ADamagedEntryIsAMissAndIsReplaced) {
    ASSERT_EQ(build("a.twbake").exitCode, kExitOk);
    // Whatever is damaged: the whole file, one byte of the bake, one byte of the warnings.
    const auto damage = [&](auto change) {
        for (const auto& e : fs::directory_iterator(m_dir / "cache")) {
            std::string error;
            std::string bytes = formats::readWholeFile(e.path(), error).value();
            change(bytes);
            ASSERT_TRUE(formats::writeOutputFile(e.path(), bytes, error)) << error;
        }
    };
    const std::vector<std::function<void(std::string&)>> changes = {
        [](std::string& b) { b = "not a bake"; },
        [](std::string& b) { b.back() = static_cast<char>(b.back() ^ 1); },
        [](std::string& b) { b[30] = static_cast<char>(b[30] ^ 0x40); },
        [](std::string& b) { b.resize(b.size() / 2); },
    };
    for (std::size_t i = 0; i < changes.size(); ++i) {
        damage(changes[i]);
        const std::string output = "b" + std::to_string(i) + ".twbake";
        const RunResult again = build(output);
        ASSERT_EQ(again.exitCode, kExitOk) << again.err;
        EXPECT_FALSE(cached(again)) << "damage " << i;
        EXPECT_EQ(read("a.twbake"), read(output));
        EXPECT_TRUE(cached(build("c.twbake"))) << "replaced after damage " << i;
    }
}

TEST_F(BakeCache, TheLeastRecentlyUsedGoBeyondTheSizeLimit) {
    ASSERT_EQ(build("a.twbake").exitCode, kExitOk);
    // Room for one bake and a half: a second track of the same size pushes the first out.
    const std::string limit = std::to_string(1.5 * static_cast<double>(fs::file_size(m_dir / "a.twbake")) / (1 << 20));
    const std::string original = read("kart.twtrack");
    auto document = formats::loadTrackFile(m_dir / "kart.twtrack").document;
    document->nodes[3].left.track += 0.5;
    std::string error;
    ASSERT_TRUE(formats::writeOutputFile(m_dir / "kart.twtrack", formats::writeTrackJson(*document), error)) << error;
    ASSERT_FALSE(cached(build("b.twbake", {"--cache-size", limit})));
    EXPECT_EQ(entries(), 1u);
    EXPECT_TRUE(cached(build("c.twbake", {"--cache-size", limit}))) << "the newest stays";
    ASSERT_TRUE(formats::writeOutputFile(m_dir / "kart.twtrack", original, error)) << error;
    EXPECT_FALSE(cached(build("d.twbake", {"--cache-size", limit}))) << "the oldest went";
}

TEST_F(BakeCache, ACacheThatCannotBeUsedNeverFailsABuild) {
    std::string error;
    ASSERT_TRUE(formats::writeOutputFile(m_dir / "cache", "a file where the folder would be", error)) << error;
    const RunResult r = build("a.twbake");
    EXPECT_EQ(r.exitCode, kExitOk) << r.err;
    EXPECT_NE(r.err.find("baking without a cache"), std::string::npos) << r.err;
    EXPECT_TRUE(fs::exists(m_dir / "a.twbake"));
}

} // namespace
