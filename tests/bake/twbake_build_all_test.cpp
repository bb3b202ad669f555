// `twbake build --all` as a studio's pipeline runs it (issue 51): tracks in subfolders, names that
// repeat across folders, an upper-case extension, an empty or missing folder, a JSON entry with a
// status for every track, and no bake left behind of a track that is gone or no longer bakes.
#include "bake/cli/exit_codes.h"
#include "tests/support/run_twbake.h"
#include "tests/support/scratch_dir.h"

#include "formats/source/file_io.h"

#include <gtest/gtest.h>
#include <rapidjson/document.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include <cstdio>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>

#include <unistd.h>

namespace {

namespace fs = std::filesystem;
using namespace bake::cli;
using tw::test::RunResult;
using tw::test::twbake;

class TwbakeBuildAll : public ::testing::Test {
protected:
    void SetUp() override { fs::create_directories(m_dir / "tracks"); }
    fs::path path(const std::string& name) const { return m_dir / name; }
    /// The kart sample copied to tracks/`name`.
    void addKart(const std::string& name) const {
        fs::create_directories(path("tracks/" + name).parent_path());
        fs::copy_file(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack", path("tracks/" + name), fs::copy_options::overwrite_existing);
    }
    RunResult buildAll(bool json = false) const {
        std::vector<std::string> args = {"build", "--all", path("tracks").string(), "-o", path("baked").string(), "--jobs", "2"};
        if (json) args.push_back("--json");
        return twbake(args);
    }
    tw::test::ScratchDir m_scratch{"twbake_build_all"};
    const fs::path& m_dir = m_scratch.path();
};

TEST_F(TwbakeBuildAll, BakesSubfoldersToTheSameRelativePlacesSoOneNameInTwoFoldersDoesNotCollide) {
    addKart("kart.twtrack");
    addKart("club/kart.twtrack");
    addKart("club/Sprint.TWTRACK");  // from a case-insensitive file system
    const RunResult r = buildAll();
    ASSERT_EQ(r.exitCode, kExitOk) << r.err;
    EXPECT_TRUE(fs::exists(path("baked/kart.twbake")));
    EXPECT_TRUE(fs::exists(path("baked/club/kart.twbake")));
    EXPECT_TRUE(fs::exists(path("baked/club/Sprint.twbake")));
    EXPECT_NE(r.out.find("baked 3 of 3 tracks"), std::string::npos) << r.out;
}

TEST_F(TwbakeBuildAll, TwoTracksThatWouldBakeToOneFileAreRefusedBeforeAnyBake) {
    addKart("a.twtrack");
    addKart("a.TWTRACK");
    const RunResult r = buildAll();
    EXPECT_EQ(r.exitCode, kExitUsage);
    EXPECT_NE(r.err.find("would both bake to"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(path("baked/a.twbake")));
}

TEST_F(TwbakeBuildAll, AnEmptyFolderIsAnErrorAndAMissingOneSaysSoInTheJsonToo) {
    const RunResult empty = buildAll(true);
    EXPECT_EQ(empty.exitCode, kExitInvalidInput) << "nothing baked is not a success a pipeline should pass";
    EXPECT_NE(empty.err.find("no .twtrack files"), std::string::npos) << empty.err;
    rapidjson::Document none;
    none.Parse(empty.out.c_str());
    ASSERT_TRUE(none.IsArray()) << empty.out;
    EXPECT_EQ(none.Size(), 0u);

    const RunResult missing = twbake({"build", "--all", path("nowhere").string(), "-o", path("baked").string(), "--json"});
    EXPECT_EQ(missing.exitCode, kExitIo);
    rapidjson::Document doc;
    doc.Parse(missing.out.c_str());
    ASSERT_TRUE(doc.IsArray() && doc.Size() == 1) << missing.out;
    EXPECT_STREQ(doc[0]["status"].GetString(), "io-error");
    EXPECT_NE(std::string(doc[0]["diagnostics"][0]["message"].GetString()).find("neither a folder nor a list of tracks"), std::string::npos);
}

TEST_F(TwbakeBuildAll, EveryTrackHasAJsonEntryWithItsStatusEvenOneWhoseBakeCannotBeWritten) {
    addKart("good.twtrack");
    addKart("blocked.twtrack");
    std::string error;
    ASSERT_TRUE(formats::writeOutputFile(path("tracks/broken.twtrack"), "{ not json", error)) << error;
    fs::create_directories(path("baked/blocked.twbake"));  // a folder where the bake goes: the write fails
    const RunResult r = buildAll(true);
    EXPECT_EQ(r.exitCode, kExitIo) << "the worst outcome sets the exit code";
    rapidjson::Document doc;
    doc.Parse(r.out.c_str());
    ASSERT_TRUE(doc.IsArray()) << r.out;
    ASSERT_EQ(doc.Size(), 3u) << r.out;
    std::map<std::string, std::string> status;
    for (const auto& entry : doc.GetArray()) status[fs::path(entry["file"].GetString()).filename().string()] = entry["status"].GetString();
    EXPECT_EQ(status["good.twtrack"], "baked");
    EXPECT_EQ(status["blocked.twtrack"], "io-error");
    EXPECT_EQ(status["broken.twtrack"], "invalid");
}

TEST_F(TwbakeBuildAll, NoBakeIsLeftOfATrackThatIsGoneOrNoLongerBakes) {
    addKart("stays.twtrack");
    addKart("deleted.twtrack");
    addKart("breaks.twtrack");
    ASSERT_EQ(buildAll().exitCode, kExitOk);
    ASSERT_TRUE(fs::exists(path("baked/deleted.twbake")) && fs::exists(path("baked/breaks.twbake")));
    std::string error;
    ASSERT_TRUE(formats::writeOutputFile(path("baked/mine.twbake"), "a file the pipeline did not write", error)) << error;

    fs::remove(path("tracks/deleted.twtrack"));
    ASSERT_TRUE(formats::writeOutputFile(path("tracks/breaks.twtrack"), "{ not json", error)) << error;
    const RunResult r = buildAll();
    EXPECT_EQ(r.exitCode, kExitInvalidInput);
    EXPECT_TRUE(fs::exists(path("baked/stays.twbake")));
    EXPECT_FALSE(fs::exists(path("baked/deleted.twbake"))) << r.err;
    EXPECT_FALSE(fs::exists(path("baked/breaks.twbake"))) << "an old bake of a track that no longer bakes would ship stale";
    EXPECT_TRUE(fs::exists(path("baked/mine.twbake"))) << "only what build --all wrote is removed (without --prune)";
    EXPECT_NE(r.err.find("its track is gone"), std::string::npos) << r.err;
}

TEST_F(TwbakeBuildAll, TheManifestHashesEveryBakeAndPruneRemovesBakesOfNoTrack) {
    addKart("a.twtrack");
    addKart("sub/b.twtrack");
    ASSERT_EQ(buildAll().exitCode, kExitOk);
    // As `xxhsum -H2` prints: the XXH3-128 of each bake, two spaces, its path in the folder.
    std::string error;
    std::istringstream manifest(formats::readWholeFile(path("baked/.twbake-manifest"), error).value_or(""));
    std::vector<std::string> listed;
    for (std::string line; std::getline(manifest, line);) {
        ASSERT_GT(line.size(), 34u) << line;
        const std::string bytes = formats::readWholeFile(path("baked/" + line.substr(34)), error).value_or("");
        const XXH128_hash_t hash = XXH3_128bits(bytes.data(), bytes.size());
        char hex[33];
        std::snprintf(hex, sizeof hex, "%016llx%016llx", static_cast<unsigned long long>(hash.high64), static_cast<unsigned long long>(hash.low64));
        EXPECT_EQ(line.substr(0, 34), std::string(hex) + "  ") << line;
        listed.push_back(line.substr(34));
    }
    EXPECT_EQ(listed, (std::vector<std::string>{"a.twbake", "sub/b.twbake"}));

    // A bake no manifest lists is named, and removed only with --prune.
    ASSERT_TRUE(formats::writeOutputFile(path("baked/sub/foreign.twbake"), "a bake of a track long gone", error)) << error;
    const RunResult named = buildAll();
    EXPECT_EQ(named.exitCode, kExitOk);
    EXPECT_NE(named.err.find("foreign.twbake is the bake of no track here; --prune removes it"), std::string::npos) << named.err;
    EXPECT_TRUE(fs::exists(path("baked/sub/foreign.twbake")));
    const RunResult pruned = twbake({"build", "--all", path("tracks").string(), "-o", path("baked").string(), "--prune"});
    EXPECT_EQ(pruned.exitCode, kExitOk) << pruned.err;
    EXPECT_FALSE(fs::exists(path("baked/sub/foreign.twbake"))) << pruned.err;
    EXPECT_TRUE(fs::exists(path("baked/a.twbake")) && fs::exists(path("baked/sub/b.twbake")));
    EXPECT_EQ(twbake({"build", path("tracks/a.twtrack").string(), "-o", path("x.twbake").string(), "--prune"}).exitCode, kExitUsage);

    // A manifest of twbake before the hashes (paths alone) still clears the bakes of gone tracks.
    ASSERT_TRUE(formats::writeOutputFile(path("baked/gone.twbake"), "an old bake", error)) << error;
    ASSERT_TRUE(formats::writeOutputFile(path("baked/.twbake-manifest"), "a.twbake\ngone.twbake\nsub/b.twbake\n", error)) << error;
    const RunResult old = buildAll();
    EXPECT_FALSE(fs::exists(path("baked/gone.twbake"))) << old.err;
    EXPECT_NE(old.err.find("its track is gone"), std::string::npos) << old.err;
}

TEST_F(TwbakeBuildAll, AListFileIsAWorkListOfTracksBelowItsFolder) {
    addKart("club/a.twtrack");
    addKart("club/b.twtrack");
    addKart("national/c.twtrack");
    std::string error;
    ASSERT_TRUE(formats::writeOutputFile(path("tracks/farm.txt"), "# this machine's share\nnational/c.twtrack\n\n  club/a.twtrack  \n", error)) << error;
    const RunResult r = twbake({"build", "--all", path("tracks/farm.txt").string(), "-o", path("baked").string(), "--json"});
    ASSERT_EQ(r.exitCode, kExitOk) << r.err;
    EXPECT_TRUE(fs::exists(path("baked/club/a.twbake")));
    EXPECT_TRUE(fs::exists(path("baked/national/c.twbake")));
    EXPECT_FALSE(fs::exists(path("baked/club/b.twbake"))) << "only the listed tracks";
    rapidjson::Document d;
    ASSERT_FALSE(d.Parse(r.out.c_str()).HasParseError()) << r.out;
    EXPECT_EQ(d.Size(), 2u);

    ASSERT_TRUE(formats::writeOutputFile(path("tracks/escape.txt"), "club/a.twtrack\n../elsewhere/x.twtrack\n", error)) << error;
    const RunResult outside = twbake({"build", "--all", path("tracks/escape.txt").string(), "-o", path("baked").string()});
    EXPECT_EQ(outside.exitCode, kExitUsage);
    EXPECT_NE(outside.err.find("escape.txt:2: ../elsewhere/x.twtrack lies outside the list's folder"), std::string::npos) << outside.err;
    ASSERT_TRUE(formats::writeOutputFile(path("tracks/missing.txt"), "club/gone.twtrack\n", error)) << error;
    const RunResult missing = twbake({"build", "--all", path("tracks/missing.txt").string(), "-o", path("baked").string()});
    EXPECT_EQ(missing.exitCode, kExitIo);
    EXPECT_NE(missing.err.find("gone.twtrack"), std::string::npos) << missing.err;
}

TEST_F(TwbakeBuildAll, ShardsTogetherBakeExactlyWhatOneRunBakesAndKeepEachOthersBakes) {
    for (const char* name : {"a.twtrack", "b.twtrack", "c/d.twtrack", "c/e.twtrack", "f.twtrack", "g/h/i.twtrack"}) addKart(name);
    const auto run = [&](const std::string& output, std::vector<std::string> more) {
        std::vector<std::string> args = {"build", "--all", path("tracks").string(), "-o", path(output).string(), "--no-cache"};
        args.insert(args.end(), more.begin(), more.end());
        return twbake(args);
    };
    ASSERT_EQ(run("one", {}).exitCode, kExitOk);
    std::size_t baked = 0;
    for (const char* shard : {"1/3", "2/3", "3/3"}) {
        const RunResult r = run("shards", {"--shard", shard});
        ASSERT_EQ(r.exitCode, kExitOk) << shard << ": " << r.err;
        baked += static_cast<std::size_t>(std::stoi(r.out.substr(r.out.rfind("baked ") + 6)));  // the summary: the last line
    }
    EXPECT_EQ(baked, 6u) << "every track in exactly one shard";
    std::string error;
    for (const char* bake : {"a", "b", "c/d", "c/e", "f", "g/h/i"}) {
        const auto one = formats::readWholeFile(path(std::string("one/") + bake + ".twbake"), error);
        const auto shards = formats::readWholeFile(path(std::string("shards/") + bake + ".twbake"), error);
        ASSERT_TRUE(one && shards) << bake;
        EXPECT_EQ(*one, *shards) << bake;
    }
    // A shard run again keeps the other shards' bakes: they are not its stale ones.
    ASSERT_EQ(run("shards", {"--shard", "1/3"}).exitCode, kExitOk);
    for (const char* bake : {"a", "b", "c/d", "c/e", "f", "g/h/i"}) EXPECT_TRUE(fs::exists(path(std::string("shards/") + bake + ".twbake"))) << bake;
    for (const char* bad : {"0/3", "4/3", "3", "1/0", "x/y", "1/3/5"}) EXPECT_EQ(run("bad", {"--shard", bad}).exitCode, kExitUsage) << bad;
    EXPECT_EQ(twbake({"build", path("tracks/a.twtrack").string(), "-o", path("a.twbake").string(), "--shard", "1/2"}).exitCode, kExitUsage);
}

} // namespace
