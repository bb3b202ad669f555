// Property tests of the command line, one per class of hostile input: for random inputs of the
// class, twbake ends within a time bound, exits with a code from its table (0 ok, 1 invalid input,
// 2 usage, 3 I/O; never a crash or a signal), and changes no file but its own output.
#include "bake/cli/exit_codes.h"

#include "formats/baked/format_names.h"

#include "tests/support/scratch_dir.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;

/// Each run's bound, seconds: far beyond what any of these inputs needs (ms), short of a hang.
constexpr int kSecondsPerRun = 30;
constexpr int kInputsPerClass = 40;

std::string readFile(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

void writeFile(const fs::path& path, const std::string& bytes) { std::ofstream(path, std::ios::binary) << bytes; }

/// Every file under `folder` with its contents.
std::map<std::string, std::string> snapshot(const fs::path& folder) {
    std::map<std::string, std::string> files;
    for (const auto& entry : fs::recursive_directory_iterator(folder))
        if (entry.is_regular_file()) files[fs::relative(entry.path(), folder).string()] = readFile(entry.path());
    return files;
}

std::string quoted(const std::string& text) {
    std::string q = "'";
    for (char c : text) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

class TwbakeProperties : public ::testing::Test {
protected:

    /// Runs twbake with `args` (paths inside the test folder) and checks the properties; `output`
    /// is the one file it may create or change.
    void check(const std::vector<std::string>& args, const std::string& output, const std::string& what) {
        const auto before = snapshot(m_dir);
        std::string command = "cd " + quoted(m_dir.string()) + " && timeout -s KILL " + std::to_string(kSecondsPerRun) + " " + TWBAKE_EXECUTABLE;
        for (const std::string& a : args) command += " " + quoted(a);
        command += " >/dev/null 2>&1";
        const int status = std::system(command.c_str());
        ASSERT_TRUE(WIFEXITED(status)) << what << ": " << command;
        const int code = WEXITSTATUS(status);
        EXPECT_NE(code, 137) << what << ": killed after " << kSecondsPerRun << " s (a hang): " << command;
        EXPECT_TRUE(code >= bake::cli::kExitOk && code <= bake::cli::kExitIo) << what << ": exit " << code << " (a crash?): " << command;
        auto after = snapshot(m_dir);
        after.erase(output);
        auto expected = before;
        expected.erase(output);
        EXPECT_EQ(after.size(), expected.size()) << what << ": a file appeared or vanished beside the output: " << command;
        for (const auto& [name, contents] : expected) {
            const auto found = after.find(name);
            EXPECT_TRUE(found != after.end() && found->second == contents) << what << ": " << name << " changed: " << command;
        }
        if (!output.empty()) fs::remove(m_dir / output);
    }
    tw::test::ScratchDir m_scratch{"twbake_property"};
    const fs::path& m_dir = m_scratch.path();
};

const std::string kKart = readFile(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack");

/// `text` with a few random edits: bytes flipped, inserted, deleted, or a run duplicated.
std::string mutate(std::string text, std::mt19937& random) {
    std::uniform_int_distribution<int> edits(1, 6);
    for (int e = edits(random); e > 0 && !text.empty(); --e) {
        std::uniform_int_distribution<std::size_t> at(0, text.size() - 1);
        const std::size_t i = at(random);
        switch (random() % 4) {
        case 0: text[i] = static_cast<char>(random()); break;
        case 1: text.insert(i, 1, "{}[],:\"0-e.\\"[random() % 12]); break;
        case 2: text.erase(i, std::min<std::size_t>(text.size() - i, 1 + random() % 40)); break;
        default: text.insert(i, text.substr(i, std::min<std::size_t>(text.size() - i, random() % 200))); break;
        }
    }
    return text;
}

/// `text` with random numbers replaced by extreme ones.
std::string extremeNumbers(std::string text, std::mt19937& random) {
    static const char* const kExtremes[] = {"1e300", "-1e300", "1e-320", "0", "-0", "NaN", "Infinity", "-Infinity", "9e15",
                                            "123456789012345678901234567890", "4.5e6", "-2.7e6", "1e5", "0.0000001"};
    for (int replacements = 1 + static_cast<int>(random() % 8); replacements > 0; --replacements) {
        std::size_t at = text.find_first_of("0123456789", random() % text.size());
        if (at == std::string::npos) continue;
        std::size_t end = at;
        while (end < text.size() && std::string_view("0123456789.eE+-").find(text[end]) != std::string_view::npos) ++end;
        text.replace(at, end - at, kExtremes[random() % std::size(kExtremes)]);
    }
    return text;
}

TEST_F(TwbakeProperties, RandomBytesAsATrack) {
    std::mt19937 random(1);
    for (int n = 0; n < kInputsPerClass; ++n) {
        std::string bytes(random() % 4096, '\0');
        for (char& c : bytes) c = static_cast<char>(random());
        writeFile(m_dir / "t.twtrack", bytes);
        check({"validate", "t.twtrack"}, "", "random bytes");
        check({"build", "t.twtrack", "-o", "t.twbake"}, "t.twbake", "random bytes");
    }
}

TEST_F(TwbakeProperties, MutatedTracks) {
    std::mt19937 random(2);
    for (int n = 0; n < kInputsPerClass; ++n) {
        writeFile(m_dir / "t.twtrack", mutate(kKart, random));
        check({"validate", "t.twtrack"}, "", "a mutated track");
        check({"build", "t.twtrack", "-o", "t.twbake"}, "t.twbake", "a mutated track");
        check({"raceline", "t.twtrack", "-o", "r.twtrack", "--no-alternates"}, "r.twtrack", "a mutated track");
    }
}

TEST_F(TwbakeProperties, TracksWithExtremeNumbers) {
    std::mt19937 random(3);
    for (int n = 0; n < kInputsPerClass; ++n) {
        writeFile(m_dir / "t.twtrack", extremeNumbers(kKart, random));
        check({"validate", "t.twtrack"}, "", "extreme numbers");
        check({"build", "t.twtrack", "-o", "t.twbake"}, "t.twbake", "extreme numbers");
        check({"laps", "t.twtrack", "--laps", "1"}, "", "extreme numbers");
    }
}

TEST_F(TwbakeProperties, GarbageCsvImports) {
    std::mt19937 random(4);
    std::string tum = "# x_m,y_m,w_tr_right_m,w_tr_left_m\n";
    for (int i = 0; i < 60; ++i)
        tum += std::to_string(100.0 * std::cos(i / 60.0 * 6.283)) + "," + std::to_string(100.0 * std::sin(i / 60.0 * 6.283)) + ",4,4\n";
    for (int n = 0; n < kInputsPerClass; ++n) {
        writeFile(m_dir / "c.csv", n % 2 ? mutate(tum, random) : extremeNumbers(tum, random));
        check({"import", "--from", "tum-csv", "c.csv", "-o", "i.twtrack"}, "i.twtrack", "a garbage CSV");
        check({"import", "--from", "waypoints", "c.csv", "-o", "i.twtrack"}, "i.twtrack", "a garbage CSV");
    }
}

TEST_F(TwbakeProperties, DamagedBakes) {
    std::mt19937 random(5);
    const std::string build = std::string(TWBAKE_EXECUTABLE) + " build " + quoted(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack") +
                              " -o " + quoted((m_dir / "k.twbake").string()) + " >/dev/null 2>&1";
    ASSERT_EQ(std::system(build.c_str()), 0);
    const std::string baked = readFile(m_dir / "k.twbake");
    fs::remove(m_dir / "k.twbake");
    for (int n = 0; n < kInputsPerClass; ++n) {
        std::string damaged = n % 3 == 0 ? baked.substr(0, random() % (baked.size() + 1)) : mutate(baked, random);
        if (n % 3 == 2 && damaged.size() >= sizeof(formats::BakedHeader)) {
            // Sealed again with a valid checksum, so the damage reaches the reference checks.
            const std::uint64_t sum = formats::bakedFileChecksum(reinterpret_cast<const std::byte*>(damaged.data()), damaged.size());
            std::memcpy(damaged.data() + offsetof(formats::BakedHeader, checksum), &sum, sizeof sum);
        }
        writeFile(m_dir / "d.twbake", damaged);
        check({"dump", "d.twbake"}, "", "a damaged bake");
        check({"laps", "d.twbake", "--laps", "1"}, "", "a damaged bake");
        check({"plan", "d.twbake", "--corners"}, "", "a damaged bake");
    }
}

} // namespace
