// twbake as a hostile tester drives it (issue 47): nonsense options, outputs that cannot or must
// not be written, streams and pipes, names that would drive the terminal. Every case here was
// accepted, lost data or died before.

#include "bake/cli/exit_codes.h"
#include "tests/support/run_twbake.h"
#include "tests/support/scratch_dir.h"

#include "formats/source/file_io.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;
using namespace bake::cli;
using tw::test::RunResult;
using tw::test::twbake;

const std::string kKart = std::string(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack";

class TwbakeHostile : public ::testing::Test {
protected:
    fs::path file(const std::string& name) const { return m_dir / name; }
    void write(const fs::path& path, const std::string& text) const {
        std::string error;
        ASSERT_TRUE(formats::writeOutputFile(path, text, error)) << error;
    }
    std::string read(const fs::path& path) const {
        std::string error;
        return formats::readWholeFile(path, error).value_or("<unreadable>");
    }
    /// `command` run by the shell with bash's pipefail: the exit code of the pipeline.
    static int shell(const std::string& command) {
        const std::string line = "bash -c 'set -o pipefail; " + command + "'";
        const int status = std::system(line.c_str());
        return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    }
    void expectNoTemporaries() const {
        for (const auto& entry : fs::recursive_directory_iterator(m_dir))
            EXPECT_EQ(entry.path().filename().string().find(".tmp-"), std::string::npos) << entry.path();
    }
    tw::test::ScratchDir m_scratch{"twbake_hostile"};
    const fs::path& m_dir = m_scratch.path();
};

TEST_F(TwbakeHostile, NotANumberAndOutOfRangeOptionsAreUsageErrors) {
    write(file("points.csv"), "0,0\n100,0\n200,50\n");
    // CLI11's range checks compare with <, which NaN always fails: `--safety nan` ran, and
    // `import --width nan` wrote NaN into a .twtrack, which is not JSON.
    const std::vector<std::vector<std::string>> commands = {
        {"raceline", kKart, "-o", file("a.twtrack").string(), "--safety", "nan"},
        {"raceline", kKart, "-o", file("a.twtrack").string(), "--time-limit", "inf"},
        {"import", "--from", "waypoints", file("points.csv").string(), "-o", file("a.twtrack").string(), "--width", "nan"},
        {"import", "--from", "waypoints", file("points.csv").string(), "-o", file("a.twtrack").string(), "--width", "-inf"},
        {"import", "--from", "waypoints", file("points.csv").string(), "-o", file("a.twtrack").string(), "--runoff", "NaN"},
        {"import", "--from", "waypoints", file("points.csv").string(), "-o", file("a.twtrack").string(), "--wall", "1e999"},
        {"calibrate", file("points.csv").string(), "-o", file("a.json").string(), "--wheelbase", "nan"},
        {"plan", kKart, "--from", "0,0,0,0", "--to", "10,0,0,0", "--tolerance", "-1,-1,-1"},
        {"plan", kKart, "--from", "0,0,0,0", "--to", "10,0,0,0", "--tolerance", "nan,1,0.1"},
        {"race", kKart, "--seed", "-5"},
        {"plan", kKart, "--random", "2", "--seed", "-1"},
    };
    for (const auto& args : commands) {
        const RunResult r = twbake(args);
        std::string line;
        for (const std::string& a : args) line += a + " ";
        EXPECT_EQ(r.exitCode, kExitUsage) << line << "\n" << r.err;
        EXPECT_FALSE(fs::exists(file("a.twtrack"))) << line;
        EXPECT_FALSE(fs::exists(file("a.json"))) << line;
    }
    const RunResult nan = twbake({"raceline", kKart, "-o", file("a.twtrack").string(), "--safety", "nan"});
    EXPECT_NE(nan.err.find("--safety"), std::string::npos) << nan.err;
    EXPECT_NE(nan.err.find("not a finite number"), std::string::npos) << nan.err;
    EXPECT_NE(nan.err.find("[0, 20]"), std::string::npos) << "the range as a person writes it: " << nan.err;
    const RunResult seed = twbake({"race", kKart, "--seed", "-5"});
    EXPECT_NE(seed.err.find("--seed"), std::string::npos) << seed.err;
}

TEST_F(TwbakeHostile, AnEmptyRacingLineFileIsAnErrorNotNoLine) {
    write(file("points.csv"), "0,0\n100,0\n200,50\n");
    write(file("empty.csv"), "");
    const RunResult r = twbake({"import", "--from", "waypoints", file("points.csv").string(), "--raceline", file("empty.csv").string(), "-o",
                                file("a.twtrack").string()});
    EXPECT_EQ(r.exitCode, kExitInvalidInput) << r.err;
    EXPECT_NE((r.out + r.err).find("csv-too-few-rows"), std::string::npos) << r.out << r.err;
    EXPECT_NE((r.out + r.err).find("\"racing\""), std::string::npos) << "the message names the line: " << r.out << r.err;
    EXPECT_FALSE(fs::exists(file("a.twtrack")));
}

TEST_F(TwbakeHostile, AReadOnlyOutputIsRefusedAndKept) {
    // A rename replaces a 0444 file as easily as any; as root even a write would. The editor
    // refused, twbake replaced it: the policy is one, in formats::writeOutputFile.
    write(file("kept.twbake"), "precious");
    ASSERT_EQ(::chmod(file("kept.twbake").c_str(), 0444), 0);
    const RunResult build = twbake({"build", kKart, "-o", file("kept.twbake").string()});
    EXPECT_EQ(build.exitCode, kExitIo) << build.err;
    EXPECT_NE(build.err.find("read-only (mode 0444)"), std::string::npos) << build.err;
    EXPECT_NE(build.err.find("chmod u+w"), std::string::npos) << build.err;
    EXPECT_EQ(read(file("kept.twbake")), "precious");

    fs::copy_file(kKart, file("kart.twtrack"));
    const std::string before = read(file("kart.twtrack"));
    ASSERT_EQ(::chmod(file("kart.twtrack").c_str(), 0444), 0);
    const RunResult inPlace = twbake({"raceline", file("kart.twtrack").string(), "-o", file("kart.twtrack").string()});
    EXPECT_EQ(inPlace.exitCode, kExitIo) << inPlace.err;
    EXPECT_EQ(read(file("kart.twtrack")), before);
    expectNoTemporaries();
}

TEST_F(TwbakeHostile, ARacingLineWhoseCsvCannotBeWrittenReplacesNeitherOutput) {
    write(file("out.twtrack"), "previous");
    // A --csv that cannot be created, and one onto a device that is always full.
    for (const std::string& csv : {file("no-such-folder/line.csv").string(), std::string("/dev/full")}) {
        const RunResult r = twbake({"raceline", kKart, "-o", file("out.twtrack").string(), "--csv", csv, "--method", "mincurv"});
        EXPECT_EQ(r.exitCode, kExitIo) << csv << ": " << r.err;
        EXPECT_NE(r.err.find("nothing was written"), std::string::npos) << r.err;
        EXPECT_EQ(read(file("out.twtrack")), "previous") << csv << ": -o was replaced although --csv failed";
    }
    expectNoTemporaries();
}

TEST_F(TwbakeHostile, AnOutputNameOfAnyLengthTheFileSystemTakesIsWritten) {
    // 245 bytes is a legal name; its temporary `.NAME.tmp-PID-XXXXXX` passed 255 and failed.
    const std::string name = std::string(245 - 7, 'k') + ".twbake";
    ASSERT_EQ(name.size(), 245u);
    const RunResult r = twbake({"build", kKart, "-o", file(name).string()});
    EXPECT_EQ(r.exitCode, kExitOk) << r.err;
    EXPECT_EQ(twbake({"dump", file(name).string()}).exitCode, kExitOk);
    ASSERT_EQ(twbake({"build", kKart, "-o", file(name).string()}).exitCode, kExitOk) << "replacing it too";
    expectNoTemporaries();
}

TEST_F(TwbakeHostile, ABakeWrittenToStandardOutputCarriesNoReportAndTrailingBytesAreRefused) {
    // `build -o /dev/stdout | cat > f` appended "baked … bytes" to the bake, and dump accepted it.
    const std::string twbakeExe = TWBAKE_EXECUTABLE;
    ASSERT_EQ(shell(twbakeExe + " build " + kKart + " -o /dev/stdout 2>" + file("report.txt").string() + " | cat > " + file("piped.twbake").string()), 0);
    EXPECT_EQ(twbake({"dump", file("piped.twbake").string()}).exitCode, kExitOk) << read(file("piped.twbake")).substr(0, 64);
    EXPECT_NE(read(file("report.txt")).find("baked "), std::string::npos) << "the report goes to the error stream";
    ASSERT_EQ(shell(twbakeExe + " build " + kKart + " -o /dev/stdout 2>/dev/null > " + file("redirected.twbake").string()), 0);
    EXPECT_EQ(twbake({"dump", file("redirected.twbake").string()}).exitCode, kExitOk);

    std::ofstream(file("piped.twbake"), std::ios::app) << "baked kart.twtrack -> /dev/stdout\n";
    const RunResult appended = twbake({"dump", file("piped.twbake").string()});
    EXPECT_EQ(appended.exitCode, kExitInvalidInput) << appended.out;
    EXPECT_NE(appended.err.find("bytes follow the end of the bake"), std::string::npos) << appended.err;
}

TEST_F(TwbakeHostile, AReaderThatStopsEarlyEndsTwbakeQuietlyWithTheIoCode) {
    // `twbake … | head -1` died of SIGPIPE (141). A big output so the pipe fills after head leaves.
    ASSERT_EQ(twbake({"build", kKart, "-o", file("kart.twbake").string()}).exitCode, kExitOk);
    std::string points;
    for (int i = 0; i < 40000; ++i) points += std::to_string(i % 50) + ",1\n";
    write(file("points.csv"), points);
    const int code = shell(std::string(TWBAKE_EXECUTABLE) + " register " + file("kart.twbake").string() + " --points " + file("points.csv").string() +
                           " 2>" + file("err.txt").string() + " | head -1 > /dev/null");
    EXPECT_EQ(code, kExitIo) << "not killed by SIGPIPE, and not success either: the output was cut";
    EXPECT_EQ(read(file("err.txt")), "") << "a reader leaving on purpose is not an error to print";
}

TEST_F(TwbakeHostile, ControlCharactersInNamesNeverReachTheTerminal) {
    // ESC and BEL in a file name were echoed raw: they retitle and recolour the user's terminal.
    const std::string name = file("a\x1b]0;owned\x07\x1b[31mb.twtrack").string();
    for (const RunResult& r : {twbake({"validate", name}), twbake({"build", name, "-o", file("x.twbake").string()}), twbake({"dump", name})}) {
        EXPECT_NE(r.exitCode, kExitOk);
        for (const std::string& text : {r.out, r.err}) {
            EXPECT_EQ(text.find('\x1b'), std::string::npos) << text;
            EXPECT_EQ(text.find('\x07'), std::string::npos) << text;
        }
        EXPECT_NE(r.err.find("a\\x1b]0;owned\\x07\\x1b[31mb.twtrack"), std::string::npos) << r.err;
    }
}

} // namespace
