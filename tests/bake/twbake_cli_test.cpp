#include "bake/cli/exit_codes.h"
#include "bake/cli/json_report.h"
#include "bake/cli/twbake.h"
#include "tests/support/diagnostic_codes.h"
#include "tests/support/scratch_dir.h"
#include "tests/support/run_twbake.h"

#include "formats/source/file_io.h"
#include "formats/source/track_json.h"

#include <cereal/types/string.hpp>
#include <gtest/gtest.h>
#include <rapidjson/document.h>

#include <algorithm>
#include <limits>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <numbers>
#include <sstream>
#include <vector>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <sys/sysmacros.h>

namespace {

namespace fs = std::filesystem;
using namespace bake::cli;

using tw::test::RunResult;
using tw::test::twbake;

class TwbakeCli : public ::testing::Test {
protected:
    fs::path file(const std::string& name) const { return m_dir / name; }
    void write(const std::string& name, const std::string& text) const {
        std::string error;
        ASSERT_TRUE(formats::writeOutputFile(file(name), text, error)) << error;
    }
    std::string read(const std::string& name) const {
        std::string error;
        return formats::readWholeFile(file(name), error).value_or("<unreadable>");
    }
    tw::test::ScratchDir m_scratch{"twbake_cli"};
    const fs::path& m_dir = m_scratch.path();
};

const std::string kSharedTracks = TRACKWRIGHT_SHARED_TRACKS_DIR;

TEST_F(TwbakeCli, HelpDocumentsEveryImportOption) {
    const RunResult r = twbake({"import", "--help"});
    EXPECT_EQ(r.exitCode, kExitOk);
    for (const char* option : {"--from", "--raceline", "--closed", "--open", "--width", "--runoff", "--wall", "--output", "--json", "--name", "--overpass"})
        EXPECT_NE(r.out.find(option), std::string::npos) << option;
}

TEST_F(TwbakeCli, UsageErrorsExitWithTwo) {
    EXPECT_EQ(twbake({}).exitCode, kExitUsage);
    EXPECT_EQ(twbake({"frobnicate"}).exitCode, kExitUsage);
    EXPECT_EQ(twbake({"import", "--from", "gpx", "x.csv", "-o", "y.twtrack"}).exitCode, kExitUsage);
    EXPECT_EQ(twbake({"import", "--from", "waypoints", "x.csv"}).exitCode, kExitUsage);
    EXPECT_EQ(twbake({"import", "--from", "waypoints", "--closed", "--open", "x.csv", "-o", "y"}).exitCode, kExitUsage);
    EXPECT_EQ(twbake({"import", "--from", "tum-csv", "--open", "x.csv", "-o", "y"}).exitCode, kExitUsage);
}

TEST_F(TwbakeCli, MissingInputIsAnIoErrorAndWritesNothing) {
    EXPECT_EQ(twbake({"validate", file("missing.twtrack").string()}).exitCode, kExitIo);
    EXPECT_EQ(twbake({"import", "--from", "waypoints", file("missing.csv").string(), "-o", file("out.twtrack").string()}).exitCode, kExitIo);
    EXPECT_FALSE(fs::exists(file("out.twtrack")));
}

TEST_F(TwbakeCli, ImportsWaypointsAsOpenOrClosedRoute) {
    write("wp.csv", "x,y,z\n0,0,0\n40,0,1\n80,10,2\n120,30,2\n");
    const RunResult open = twbake({"import", "--from", "waypoints", "--width", "8", file("wp.csv").string(), "-o", file("open.twtrack").string()});
    ASSERT_EQ(open.exitCode, kExitOk) << open.err;
    const auto doc = formats::loadTrackFile(file("open.twtrack")).document;
    ASSERT_TRUE(doc);
    ASSERT_EQ(doc->nodes.size(), 4u);
    EXPECT_FALSE(doc->routes[0].closed);
    EXPECT_EQ(doc->nodes[2].position.z, 2.0);
    EXPECT_EQ(doc->nodes[1].left.track, 4.0);
    EXPECT_EQ(doc->nodes[1].right.track, 4.0);
    EXPECT_EQ(doc->nodes[1].left.runoff, 6.0);
    EXPECT_EQ(doc->nodes[1].left.wall, 7.0);

    write("loop.csv", "# x,y\n0,0\n100,0\n100,100\n0,100\n");
    ASSERT_EQ(twbake({"import", "--from", "waypoints", "--closed", file("loop.csv").string(), "-o", file("loop.twtrack").string()}).exitCode, kExitOk);
    EXPECT_TRUE(formats::loadTrackFile(file("loop.twtrack")).document->routes[0].closed);
}

// A figure-eight circuit: flat it overlaps itself (exit 1); with --overpass it imports as a bridge
// with a warning naming the crossing, validates and bakes (exit 0).
TEST_F(TwbakeCli, OverpassMakesAFigureEightImportValidateAndBake) {
    std::ostringstream csv;
    csv << "# x_m,y_m,w_tr_right_m,w_tr_left_m\n";
    for (int i = 0; i < 400; ++i) {
        const double t = 2.0 * std::numbers::pi * (i + 0.5) / 400.0;
        csv << 350.0 * std::sin(t) << ',' << 350.0 * std::sin(t) * std::cos(t) << ",5.5,5.5\n";
    }
    write("eight.csv", csv.str());
    EXPECT_EQ(twbake({"import", "--from", "tum-csv", file("eight.csv").string(), "-o", file("flat.twtrack").string()}).exitCode, kExitInvalidInput);
    const RunResult lifted = twbake({"import", "--from", "tum-csv", "--overpass", file("eight.csv").string(), "-o", file("eight.twtrack").string()});
    ASSERT_EQ(lifted.exitCode, kExitOk) << lifted.err;
    EXPECT_NE(lifted.err.find("warning[overpass-lifted]"), std::string::npos) << lifted.err;
    EXPECT_EQ(twbake({"validate", file("eight.twtrack").string()}).exitCode, kExitOk);
    const RunResult built = twbake({"build", file("eight.twtrack").string(), "-o", file("eight.twbake").string()});
    EXPECT_EQ(built.exitCode, kExitOk) << built.err;
}

// A TORCS track from the shared folder: imports with its pit lane (default surfaces found two
// folders up), validates and bakes; a broken one names its segment and exits 1.
TEST_F(TwbakeCli, TorcsTrackImportsValidatesAndBakes) {
    const std::string track = std::string(TRACKWRIGHT_SHARED_TRACKS_DIR) + "/torcs/road/g-track-2.xml";
    const RunResult imported = twbake({"import", "--from", "torcs", track, "-o", file("g2.twtrack").string()});
    ASSERT_EQ(imported.exitCode, kExitOk) << imported.err;
    EXPECT_EQ(imported.err.find("torcs-surfaces-missing"), std::string::npos) << imported.err;
    EXPECT_NE(imported.out.find("g2.twtrack"), std::string::npos);
    const std::optional<formats::TrackDocument> doc = formats::loadTrackFile(file("g2.twtrack")).document;
    ASSERT_TRUE(doc);
    EXPECT_EQ(doc->name, "CG track 2");
    ASSERT_EQ(doc->routes.size(), 2u);
    EXPECT_EQ(doc->routes[1].name, "pit lane");
    EXPECT_EQ(twbake({"validate", file("g2.twtrack").string()}).exitCode, kExitOk);
    const RunResult built = twbake({"build", file("g2.twtrack").string(), "-o", file("g2.twbake").string()});
    EXPECT_EQ(built.exitCode, kExitOk) << built.err;

    write("broken.xml", "<params name=\"x\"><section name=\"Header\"><attnum name=\"version\" val=\"4\"/></section>"
                        "<section name=\"Main Track\"><section name=\"Track Segments\"><section name=\"turn 3\">"
                        "<attstr name=\"type\" val=\"rgt\"/><attnum name=\"radius\" val=\"-20\"/><attnum name=\"arc\" val=\"1\"/>"
                        "</section></section></section></params>");
    const RunResult broken = twbake({"import", "--from", "torcs", file("broken.xml").string(), "-o", file("broken.twtrack").string()});
    EXPECT_EQ(broken.exitCode, kExitInvalidInput);
    EXPECT_NE(broken.err.find("turn 3"), std::string::npos) << broken.err;
    EXPECT_FALSE(fs::exists(file("broken.twtrack")));
    write("cut.xml", read("broken.xml").substr(0, 90));
    const RunResult truncated = twbake({"import", "--from", "torcs", file("cut.xml").string(), "-o", file("cut.twtrack").string()});
    EXPECT_EQ(truncated.exitCode, kExitInvalidInput);
    EXPECT_NE(truncated.err.find("torcs-xml-syntax"), std::string::npos) << truncated.err;

    EXPECT_EQ(twbake({"import", "--from", "torcs", file("missing.xml").string(), "-o", file("m.twtrack").string()}).exitCode, kExitIo);
    EXPECT_EQ(twbake({"import", "--from", "torcs", "--torcs-data", m_dir.string(), track, "-o", file("m.twtrack").string()}).exitCode, kExitIo);
    EXPECT_EQ(twbake({"import", "--from", "torcs", "--raceline", track, track, "-o", file("m.twtrack").string()}).exitCode, kExitUsage);
}

TEST_F(TwbakeCli, NeverOverwritesItsInput) {
    write("wp.csv", "0,0\n10,0\n");
    const RunResult r = twbake({"import", "--from", "waypoints", file("wp.csv").string(), "-o", file("wp.csv").string()});
    EXPECT_EQ(r.exitCode, kExitUsage);
    EXPECT_EQ(read("wp.csv"), "0,0\n10,0\n");
}

TEST_F(TwbakeCli, EveryOutputOptionIsCheckedAgainstEveryInputAndEveryOtherOutput) {
    // `raceline k.twtrack -o out.twtrack --csv k.twtrack` replaced the source track with a CSV and
    // exited 0: every output option, not only -o, must be checked, through links and hard links too.
    const std::string kart = std::string(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack";
    fs::copy_file(kart, file("k.twtrack"));
    const std::string original = read("k.twtrack");
    fs::create_symlink(file("k.twtrack"), file("link.twtrack"));
    fs::create_hard_link(file("k.twtrack"), file("hard.twtrack"));
    write("line.csv", "0,0\n10,0\n");
    const std::string k = file("k.twtrack").string(), out = file("out.twtrack").string();
    const std::vector<std::vector<std::string>> conflicts = {
        {"raceline", k, "-o", out, "--csv", k},
        {"raceline", k, "-o", out, "--csv", file("link.twtrack").string()},
        {"raceline", k, "-o", out, "--csv", file("hard.twtrack").string()},
        {"raceline", k, "-o", out, "--csv", out},
        {"raceline", k, "-o", file("../" + m_dir.filename().string() + "/out.twtrack").string(), "--csv", out},
        {"build", k, "-o", file("link.twtrack").string()},
        {"import", "--from", "waypoints", file("line.csv").string(), "-o", file("line.csv").string()},
        {"import", "--from", "tum-csv", file("x.csv").string(), "--raceline", file("line.csv").string(), "-o", file("line.csv").string()},
    };
    for (const auto& args : conflicts) {
        const RunResult r = twbake(args);
        EXPECT_EQ(r.exitCode, kExitUsage) << args[0] << " " << args.back() << ": " << r.err;
        EXPECT_NE(r.err.find("names the same file as"), std::string::npos) << r.err;
    }
    EXPECT_EQ(read("k.twtrack"), original);
    EXPECT_EQ(read("line.csv"), "0,0\n10,0\n");
    EXPECT_FALSE(fs::exists(file("out.twtrack")));

    // A TORCS import reads surfaces.xml too, found by --torcs-data or beside the track in TORCS's
    // layout: `-o data/surfaces.xml` replaced the file it had just read, with exit 0.
    const std::string torcs = std::string(TRACKWRIGHT_SHARED_TRACKS_DIR) + "/torcs";
    fs::create_directories(file("torcs/road/g2"));
    fs::create_directories(file("torcs/data"));
    fs::copy_file(torcs + "/road/g-track-2.xml", file("torcs/road/g2/g2.xml"));
    fs::copy_file(torcs + "/data/surfaces.xml", file("torcs/data/surfaces.xml"));
    const std::string surfaces = read("torcs/data/surfaces.xml");
    for (const auto& args : std::vector<std::vector<std::string>>{
             {"import", "--from", "torcs", file("torcs/road/g2/g2.xml").string(), "-o", file("torcs/data/surfaces.xml").string()},
             {"import", "--from", "torcs", file("torcs/road/g2/g2.xml").string(), "--torcs-data", file("torcs/data").string(), "-o",
              file("torcs/data/surfaces.xml").string()}}) {
        const RunResult r = twbake(args);
        EXPECT_EQ(r.exitCode, kExitUsage) << r.err;
        EXPECT_NE(r.err.find("surfaces.xml (read with the TORCS track)"), std::string::npos) << r.err;
    }
    EXPECT_EQ(read("torcs/data/surfaces.xml"), surfaces);

    // A folder or a FIFO named surfaces.xml was "there is no surfaces.xml": it is read, and refused for what it is.
    fs::create_directories(file("folder/surfaces.xml"));
    const RunResult folder = twbake({"import", "--from", "torcs", file("torcs/road/g2/g2.xml").string(), "--torcs-data",
                                     file("folder").string(), "-o", file("g2.twtrack").string()});
    EXPECT_NE(folder.err.find("it is a folder, not a file"), std::string::npos) << folder.err;

    // What stays allowed: raceline rewriting its input in place, with a CSV beside it.
    const RunResult inPlace = twbake({"raceline", k, "-o", k, "--csv", file("k.csv").string(), "--no-alternates"});
    EXPECT_EQ(inPlace.exitCode, kExitOk) << inPlace.err;
    EXPECT_NE(read("k.twtrack"), original);
    EXPECT_TRUE(fs::is_symlink(file("link.twtrack")));
}

TEST_F(TwbakeCli, OutputIsHonestAboutWhatTheFileIsAndNeverFloodsOrDrivesTheTerminal) {
    // A baked track renamed to .twtrack was described as a problem with Infinity and NaN.
    const std::string kart = std::string(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack";
    ASSERT_EQ(twbake({"build", kart, "-o", file("kart.twbake").string()}).exitCode, kExitOk);
    fs::copy_file(file("kart.twbake"), file("renamed.twtrack"));
    const RunResult renamed = twbake({"validate", file("renamed.twtrack").string()});
    EXPECT_EQ(renamed.exitCode, kExitInvalidInput);
    EXPECT_NE(renamed.out.find("this is a baked track (.twbake)"), std::string::npos) << renamed.out;

    // After a load error, laps printed a made-up run ("did NOT complete in 0 s").
    const RunResult laps = twbake({"laps", file("renamed.twtrack").string()});
    EXPECT_EQ(laps.exitCode, kExitInvalidInput);
    EXPECT_EQ(laps.out, "") << "a run that never started was reported";
    const RunResult matrix = twbake({"laps", "--matrix", file("renamed.twtrack").string(), kart, "--follower", "runner", "--vehicle", "car", "--json"});
    EXPECT_EQ(matrix.exitCode, kExitInvalidInput);
    // The run that did not start is an entry saying so, with why and no figures (issue 51: a status per entry).
    const std::size_t renamedRun = matrix.out.find("\"track\": \"renamed\"");
    ASSERT_NE(renamedRun, std::string::npos) << matrix.out;
    const std::string renamedEntry = matrix.out.substr(renamedRun, matrix.out.find('}', renamedRun) - renamedRun);
    EXPECT_NE(renamedEntry.find("\"status\": \"did-not-start\""), std::string::npos) << renamedEntry;
    EXPECT_EQ(renamedEntry.find("total_time_s"), std::string::npos) << "no made-up figures: " << renamedEntry;
    EXPECT_NE(matrix.out.find("\"track\": \"kart\""), std::string::npos) << matrix.out;

    // 200 bad rows: the first 50 of the code, then how many more.
    std::string rows;
    for (int i = 0; i < 200; ++i) rows += "1,x\n";
    write("bad.csv", "0,0\n" + rows);
    const RunResult flood = twbake({"import", "--from", "waypoints", file("bad.csv").string(), "-o", file("bad.twtrack").string()});
    EXPECT_EQ(flood.exitCode, kExitInvalidInput);
    EXPECT_EQ(std::count(flood.err.begin(), flood.err.end(), '\n'), 52) << flood.err.substr(0, 400);
    EXPECT_NE(flood.err.find("and 150 more [csv-syntax]"), std::string::npos);
    const RunResult floodJson = twbake({"import", "--json", "--from", "waypoints", file("bad.csv").string(), "-o", file("bad.twtrack").string()});
    EXPECT_NE(floodJson.out.find("\"omitted\""), std::string::npos);
    EXPECT_NE(floodJson.out.find("\"csv-syntax\": 150"), std::string::npos) << floodJson.out.substr(floodJson.out.size() - 300);

    // A name with escape codes (retitle the terminal, turn the text red) is quoted in a message.
    std::string error;
    std::string text = *formats::readWholeFile(std::string(TRACKWRIGHT_TEST_DATA_DIR) + "/diagnostics/ref-vehicle-class.twtrack", error);
    text.replace(text.find("\"truck\", \"offsets\""), 7, "\"\\u001b]0;owned\\u0007\\u001b[31mtruck\"");
    write("escape.twtrack", text);
    const RunResult escaped = twbake({"validate", file("escape.twtrack").string()});
    EXPECT_EQ(escaped.exitCode, kExitInvalidInput);
    EXPECT_EQ(escaped.out.find('\x1b'), std::string::npos) << "an escape code reached the terminal";
    EXPECT_EQ(escaped.out.find('\x07'), std::string::npos);
    EXPECT_NE(escaped.out.find("\\x1b]0;owned\\x07\\x1b[31mtruck"), std::string::npos) << escaped.out;
}

TEST(JsonReport, NonFiniteNumbersBecomeNullAndStringsStayAsTheyAre) {
    // Cereal writes NaN and Infinity as bare words; no JSON parser takes them.
    std::ostringstream out;
    {
        JsonReport report(out);
        report.archive()(cereal::make_nvp("ratio", std::numeric_limits<double>::quiet_NaN()),
                         cereal::make_nvp("best", std::numeric_limits<double>::infinity()),
                         cereal::make_nvp("worst", -std::numeric_limits<double>::infinity()),
                         cereal::make_nvp("name", std::string("NaN \"Infinity\" lap")), cereal::make_nvp("time", 12.5));
    }
    const std::string json = out.str();
    rapidjson::Document strict;
    strict.Parse<rapidjson::kParseNoFlags>(json.c_str());
    ASSERT_FALSE(strict.HasParseError()) << json;
    EXPECT_TRUE(strict["ratio"].IsNull());
    EXPECT_TRUE(strict["best"].IsNull());
    EXPECT_TRUE(strict["worst"].IsNull());
    EXPECT_EQ(std::string(strict["name"].GetString()), "NaN \"Infinity\" lap");
    EXPECT_EQ(strict["time"].GetDouble(), 12.5);
}

TEST_F(TwbakeCli, AnInputBeyondTheSizeLimitIsRefusedBeforeItIsRead) {
    // A 200 MB file with a huge unknown field took 3.8 GB to load: inputs are capped, and the
    // message says so instead of the machine running out of memory. (A sparse file: no disk used.)
    { std::ofstream(file("huge.twtrack")) << "{"; }
    fs::resize_file(file("huge.twtrack"), formats::kMaxInputFileBytes + 1);
    const RunResult r = twbake({"validate", file("huge.twtrack").string()});
    EXPECT_EQ(r.exitCode, kExitIo);
    EXPECT_NE(r.err.find("MB, more than the 256 MB"), std::string::npos) << r.err;
    const RunResult import = twbake({"import", "--from", "waypoints", file("huge.twtrack").string(), "-o", file("out.twtrack").string()});
    EXPECT_EQ(import.exitCode, kExitIo);
    EXPECT_FALSE(fs::exists(file("out.twtrack")));
}

TEST_F(TwbakeCli, AReportThatCannotBeWrittenIsAnIoError) {
    // `dump ... > /dev/full` exited 0 with nothing written.
    const std::string kart = std::string(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack";
    ASSERT_EQ(twbake({"build", kart, "-o", file("kart.twbake").string()}).exitCode, kExitOk);
    const std::string command = std::string(TWBAKE_EXECUTABLE) + " dump " + file("kart.twbake").string() + " > /dev/full 2>/dev/null";
    const int status = std::system(command.c_str());
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), kExitIo);
}

TEST_F(TwbakeCli, OutputsThroughLinksAndIntoDevicesKeepThemWhatTheyAre) {
    const std::string kart = std::string(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack";
    fs::create_directories(file("store"));
    fs::create_symlink("store/kart.twbake", file("kart.twbake"));
    const RunResult linked = twbake({"build", kart, "-o", file("kart.twbake").string()});
    ASSERT_EQ(linked.exitCode, kExitOk) << linked.err;
    EXPECT_TRUE(fs::is_symlink(file("kart.twbake")));
    EXPECT_EQ(twbake({"dump", file("store/kart.twbake").string()}).exitCode, kExitOk);

    // `twbake build X -o /dev/null` as root replaced /dev/null with a regular file: our own null
    // device stands in for it (mknod needs root, as CI runs).
    if (::mknod(file("null").c_str(), S_IFCHR | 0666, makedev(1, 3)) == 0) {
        const RunResult nulled = twbake({"build", kart, "-o", file("null").string()});
        EXPECT_EQ(nulled.exitCode, kExitOk) << nulled.err;
        struct stat status {};
        ASSERT_EQ(::lstat(file("null").c_str(), &status), 0);
        EXPECT_TRUE(S_ISCHR(status.st_mode)) << "the device was replaced by a file";
    }
    for (const auto& entry : fs::recursive_directory_iterator(m_dir))
        EXPECT_EQ(entry.path().filename().string().find(".tmp-"), std::string::npos) << entry.path();
}

TEST_F(TwbakeCli, BadCsvNamesTheLineAndLeavesTheOutputAlone) {
    write("out.twtrack", "previous contents");
    write("bad.csv", "0,0\n10,0\n20,abc\n");
    const RunResult r = twbake({"import", "--from", "waypoints", file("bad.csv").string(), "-o", file("out.twtrack").string()});
    EXPECT_EQ(r.exitCode, kExitInvalidInput);
    EXPECT_NE(r.err.find(":3:2: error[csv-syntax]"), std::string::npos) << r.err;
    EXPECT_EQ(read("out.twtrack"), "previous contents");
}

TEST_F(TwbakeCli, ValidateReportsJsonWithCodesAndPaths) {
    write("bad.twtrack", "{\"format\": \"trackwright-track\", \"schema\": 1,\n \"name\": 3}");
    const RunResult r = twbake({"validate", "--json", file("bad.twtrack").string()});
    EXPECT_EQ(r.exitCode, kExitInvalidInput);
    EXPECT_NE(r.out.find("\"valid\": false"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\"code\": \"wrong-type\""), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\"json_path\": \"name\""), std::string::npos) << r.out;
}

TEST_F(TwbakeCli, EverySampleValidates) {
    for (const auto& entry : fs::directory_iterator(TRACKWRIGHT_SAMPLES_DIR)) {
        if (entry.path().extension() != ".twtrack") continue;
        const RunResult r = twbake({"validate", entry.path().string()});
        EXPECT_EQ(r.exitCode, kExitOk) << entry.path() << "\n" << r.out;
    }
}

// Every circuit of the shared data set, with its racing line, imports and validates without errors.
TEST_F(TwbakeCli, EveryRealCircuitImportsWithItsRacingLineAndValidates) {
    std::size_t circuits = 0;
    for (const auto& entry : fs::directory_iterator(kSharedTracks)) {
        if (entry.path().extension() != ".csv") continue;
        ++circuits;
        const std::string name = entry.path().stem().string();
        const fs::path output = file(name + ".twtrack");
        const RunResult r = twbake({"import", "--from", "tum-csv", entry.path().string(), "--raceline",
                                    (fs::path(kSharedTracks) / "racelines" / (name + ".csv")).string(), "-o", output.string()});
        EXPECT_EQ(r.exitCode, kExitOk) << name << "\n" << r.err;
        const RunResult v = twbake({"validate", output.string()});
        EXPECT_EQ(v.exitCode, kExitOk) << name << "\n" << v.out;
        const auto doc = formats::loadTrackFile(output).document;
        ASSERT_TRUE(doc) << name;
        ASSERT_EQ(doc->lines.size(), 1u);
        EXPECT_EQ(doc->lines[0].offsets.size(), doc->nodes.size());
    }
    EXPECT_EQ(circuits, 12u);
}

} // namespace

namespace {

// Every minimal bad file in tests/data/diagnostics fails validation with its code and exit 1
// (exit 0 for the advisory codes, which still print).
TEST(TwbakeValidate, EveryDiagnosticsCaseExitsWithItsCode) {
    const std::set<std::string>& warningCodes = tw::test::kWarningCodes;
    std::size_t cases = 0;
    for (const auto& entry : fs::directory_iterator(std::string(TRACKWRIGHT_TEST_DATA_DIR) + "/diagnostics")) {
        ++cases;
        const std::string code = entry.path().stem().string();
        const RunResult r = twbake({"validate", entry.path().string()});
        EXPECT_EQ(r.exitCode, warningCodes.count(code) ? kExitOk : kExitInvalidInput) << code << "\n" << r.out;
        EXPECT_NE(r.out.find("[" + code + "]"), std::string::npos) << code << "\n" << r.out;
        const RunResult json = twbake({"validate", "--json", entry.path().string()});
        EXPECT_NE(json.out.find("\"code\": \"" + code + "\""), std::string::npos) << code << "\n" << json.out;
    }
    EXPECT_GE(cases, 28u);
}

} // namespace

namespace {

class TwbakeBuild : public TwbakeCli {};

TEST_F(TwbakeBuild, BakesASampleAndDumpsIt) {
    const std::string input = std::string(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack";
    const RunResult built = twbake({"build", input, "-o", file("kart.twbake").string()});
    ASSERT_EQ(built.exitCode, kExitOk) << built.err;
    EXPECT_NE(built.out.find("ideal lap centre / kart"), std::string::npos) << built.out;
    const RunResult text = twbake({"dump", file("kart.twbake").string()});
    ASSERT_EQ(text.exitCode, kExitOk) << text.err;
    for (const char* section : {"== routes (1)", "== nodes (134)", "== lines (1)", "== speed_profiles (1)", "== grid (1)"})
        EXPECT_NE(text.out.find(section), std::string::npos) << section;
    const RunResult json = twbake({"dump", "--json", file("kart.twbake").string()});
    ASSERT_EQ(json.exitCode, kExitOk);
    EXPECT_NE(json.out.find("\"ideal_lap_time\""), std::string::npos);
}

TEST_F(TwbakeBuild, AnInvalidTrackIsNotBaked) {
    const RunResult r = twbake({"build", std::string(TRACKWRIGHT_TEST_DATA_DIR) + "/diagnostics/width-order.twtrack", "-o", file("x.twbake").string()});
    EXPECT_EQ(r.exitCode, kExitInvalidInput);
    EXPECT_NE(r.err.find("width-order"), std::string::npos);
    EXPECT_FALSE(fs::exists(file("x.twbake")));
}

TEST_F(TwbakeBuild, ADamagedBakeIsRefusedWithTheReason) {
    const std::string input = std::string(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack";
    ASSERT_EQ(twbake({"build", input, "-o", file("kart.twbake").string()}).exitCode, kExitOk);
    std::string bytes = read("kart.twbake");
    bytes[bytes.size() / 2] = static_cast<char>(bytes[bytes.size() / 2] ^ 0x10);
    write("damaged.twbake", bytes);
    const RunResult r = twbake({"dump", file("damaged.twbake").string()});
    EXPECT_EQ(r.exitCode, kExitInvalidInput);
    EXPECT_NE(r.err.find("checksum"), std::string::npos) << r.err;
}

// A bake from an older format (version 4 in its header): refused, naming both versions and the fix.
TEST_F(TwbakeBuild, AnOldFormatBakeIsRefusedNamingBothVersions) {
    const std::string input = std::string(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack";
    ASSERT_EQ(twbake({"build", input, "-o", file("kart.twbake").string()}).exitCode, kExitOk);
    std::string bytes = read("kart.twbake");
    bytes[8] = 4;  // BakedHeader::formatVersion, little-endian, after the 8 magic bytes
    write("old.twbake", bytes);
    for (const char* command : {"dump", "laps"}) {
        const RunResult r = twbake({command, file("old.twbake").string()});
        EXPECT_EQ(r.exitCode, kExitInvalidInput) << command;
        EXPECT_NE(r.err.find("file is .twbake version 4, this runtime reads version 6: bake it again with twbake build"), std::string::npos)
            << command << ": " << r.err;
    }
}

// A folder bake gives the same bytes whatever the number of jobs.
TEST_F(TwbakeBuild, FolderBakeIsIdenticalForAnyJobCount) {
    // Baked both times (the cache would hand the second run the first run's bytes).
    ASSERT_EQ(twbake({"build", "--all", TRACKWRIGHT_SAMPLES_DIR, "-o", file("one").string(), "--jobs", "1", "--no-cache"}).exitCode, kExitOk);
    ASSERT_EQ(twbake({"build", "--all", TRACKWRIGHT_SAMPLES_DIR, "-o", file("four").string(), "--jobs", "4", "--no-cache"}).exitCode, kExitOk);
    std::size_t compared = 0;
    for (const auto& entry : fs::directory_iterator(file("one"))) {
        EXPECT_EQ(read("one/" + entry.path().filename().string()), read("four/" + entry.path().filename().string())) << entry.path();
        compared += entry.path().extension() == ".twbake";  // and the manifest, the same too
    }
    std::size_t samples = 0;  // every sample baked, whatever their number
    for (const auto& entry : fs::directory_iterator(TRACKWRIGHT_SAMPLES_DIR)) samples += entry.path().extension() == ".twtrack";
    EXPECT_EQ(compared, samples);
    EXPECT_GE(compared, 4u);
}

} // namespace

namespace {

TEST_F(TwbakeBuild, RegisterPrintsOneCsvRowPerPoint) {
    const std::string input = std::string(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack";
    ASSERT_EQ(twbake({"build", input, "-o", file("kart.twbake").string()}).exitCode, kExitOk);
    write("points.csv", "x,y\n9,1.5\n1e9,0\n");
    const RunResult r = twbake({"register", file("kart.twbake").string(), "--points", file("points.csv").string()});
    ASSERT_EQ(r.exitCode, kExitOk) << r.err;
    EXPECT_EQ(r.out, "x,y,route,segment,ratio,lateral,distance,defined\n9,1.5,0,2,0.25,1.5,9,1\n1e+09,0,,,,,,0\n");
    write("bad.csv", "1,2\n3\n");
    EXPECT_EQ(twbake({"register", file("kart.twbake").string(), "--points", file("bad.csv").string()}).exitCode, kExitInvalidInput);
}

} // namespace

namespace {

TEST_F(TwbakeBuild, JsonReportsSizesAndIdealLapTimes) {
    const RunResult one = twbake({"build", "--json", std::string(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack", "-o", file("k.twbake").string()});
    ASSERT_EQ(one.exitCode, kExitOk) << one.err;
    for (const char* key : {"\"valid\": true", "\"bytes\":", "\"ideal_lap_times\"", "\"vehicle_class\": \"kart\""})
        EXPECT_NE(one.out.find(key), std::string::npos) << key << "\n" << one.out;
    const RunResult all = twbake({"build", "--all", "--json", TRACKWRIGHT_SAMPLES_DIR, "-o", file("all").string()});
    ASSERT_EQ(all.exitCode, kExitOk);
    EXPECT_EQ(all.out.front(), '[');
    EXPECT_EQ(std::count(all.out.begin(), all.out.end(), '\n') > 3, true);
    EXPECT_NE(all.out.find("}\n,\n{"), std::string::npos);
}

} // namespace

namespace {

TEST_F(TwbakeBuild, LapsPrintsTheRunAsJson) {
    const RunResult r = twbake({"laps", std::string(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack", "--follower", "runner", "--vehicle", "car", "--laps", "1", "--json"});
    ASSERT_EQ(r.exitCode, kExitOk) << r.err;
    for (const char* key : {"\"runs\"", "\"completed\": true", "\"lap_times_s\"", "\"stuck_events\": 0", "\"ideal_ratio\"", "\"inside_corridor_pct\""})
        EXPECT_NE(r.out.find(key), std::string::npos) << key << "\n" << r.out;
    EXPECT_EQ(twbake({"laps", "x.twtrack", "--follower", "teleporter"}).exitCode, kExitUsage);
    EXPECT_EQ(twbake({"laps", "a.twtrack", "b.twtrack"}).exitCode, kExitUsage) << "several tracks need --matrix";
}

namespace {

/// The flying laps of a laps --json run (every lap but the first) and its strength.
std::pair<double, double> bestFlyingLapAndStrength(const std::string& json) {
    rapidjson::Document d;
    d.Parse(json.c_str());
    const rapidjson::Value& run = d["runs"][0];
    double best = 1e9;
    const rapidjson::Value& laps = run["lap_times_s"];
    for (rapidjson::SizeType i = 1; i < laps.Size(); ++i) best = std::min(best, laps[i].GetDouble());
    return {best, run["strength"].GetDouble()};
}

} // namespace

// A driver's strength from the command line: 0.9 laps in 1/0.9 of the strength-1 lap; a target lap
// time finds the strength that drives it (a game's "match my pace"); nonsense is a usage error.
TEST_F(TwbakeBuild, LapsDrivesAStrengthAndFindsTheStrengthForATargetLap) {
    const std::string kart = std::string(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack";
    const RunResult one = twbake({"laps", kart, "--laps", "3", "--json"});
    const RunResult ninety = twbake({"laps", kart, "--laps", "3", "--strength", "0.9", "--json"});
    ASSERT_EQ(one.exitCode, kExitOk) << one.err;
    ASSERT_EQ(ninety.exitCode, kExitOk) << ninety.err;
    const auto [lapOne, strengthOne] = bestFlyingLapAndStrength(one.out);
    const auto [lapNinety, strengthNinety] = bestFlyingLapAndStrength(ninety.out);
    EXPECT_EQ(strengthOne, 1.0);
    EXPECT_NEAR(strengthNinety, 0.9, 1e-6);
    EXPECT_NEAR(lapNinety / lapOne * 0.9, 1.0, 0.005) << lapOne << " s at 1, " << lapNinety << " s at 0.9";

    const RunResult target = twbake({"laps", kart, "--laps", "3", "--target-lap", std::to_string(lapOne / 0.85), "--json"});
    ASSERT_EQ(target.exitCode, kExitOk) << target.err;
    const auto [lapTarget, strengthTarget] = bestFlyingLapAndStrength(target.out);
    EXPECT_NEAR(strengthTarget, 0.85, 1e-4);
    EXPECT_NEAR(lapTarget / (lapOne / 0.85), 1.0, 0.005);
    const RunResult tooFast = twbake({"laps", kart, "--laps", "3", "--target-lap", std::to_string(0.5 * lapOne), "--json"});
    ASSERT_EQ(tooFast.exitCode, kExitOk) << tooFast.err;
    EXPECT_EQ(bestFlyingLapAndStrength(tooFast.out).second, 1.0);
    EXPECT_NE(tooFast.err.find("outside the laps strengths 0.5-1 drive"), std::string::npos) << tooFast.err;

    for (const char* bad : {"0.4", "1.2", "nan", "fast"}) EXPECT_EQ(twbake({"laps", kart, "--strength", bad}).exitCode, kExitUsage) << bad;
    EXPECT_EQ(twbake({"laps", kart, "--target-lap", "-3"}).exitCode, kExitUsage);
}

TEST_F(TwbakeBuild, LapsMatrixPrintsTableOneWithAColumnPerFollower) {
    const std::string paths = std::string(TRACKWRIGHT_TEST_DATA_DIR) + "/paths/";
    const RunResult r = twbake({"laps", "--matrix", paths + "hairpins.twtrack", paths + "chicanes.twtrack", "--follower", "baseline,pursuit",
                                "--vehicle", "car,tank", "--laps", "1"});
    ASSERT_EQ(r.exitCode == kExitOk || r.exitCode == kExitInvalidInput, true) << r.err;
    for (const char* row : {"baseline", "pursuit", "Total stuck trials", "/4", "Inside corridor mean (%)", "  tank"})
        EXPECT_NE(r.out.find(row), std::string::npos) << row << "\n" << r.out;
}

} // namespace

namespace {

TEST_F(TwbakeCli, RacelineWritesTheLinesIntoTheDocumentAndTheCsvAndBuildCanRunIt) {
    const std::string sample = std::string(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack";
    const RunResult r = twbake({"raceline", sample, "-o", file("kart.twtrack").string(), "--csv", file("kart.csv").string(), "--json"});
    ASSERT_EQ(r.exitCode, kExitOk) << r.err;
    EXPECT_NE(r.out.find("\"integral_squared_curvature\""), std::string::npos);
    const auto loaded = formats::loadTrackFile(file("kart.twtrack"));
    ASSERT_TRUE(loaded.document);
    std::set<std::string> names;
    for (const formats::Line& l : loaded.document->lines) names.insert(l.name);
    EXPECT_EQ(names, (std::set<std::string>{"racing", "defending", "overtaking-left", "overtaking-right"}));
    const std::string csv = read("kart.csv");
    EXPECT_EQ(csv.rfind("# x_m,y_m\n", 0), 0u);
    EXPECT_EQ(static_cast<std::size_t>(std::count(csv.begin(), csv.end(), '\n')), loaded.document->routes[0].nodes.size() + 1);

    // The lap-time method reports both of its stages; the line it writes is at least as fast as where it started.
    const RunResult timed = twbake({"raceline", sample, "-o", file("timed.twtrack").string(), "--method", "laptime", "--vehicle", "car", "--laps", "16",
                                    "--no-alternates", "--json"});
    ASSERT_EQ(timed.exitCode, kExitOk) << timed.err;
    for (const char* key : {"\"ideal_lap_before_s\"", "\"ideal_lap_after_s\"", "\"minimum_curvature_lap_s\"", "\"descended_lap_s\"",
                            "\"descent_kept\"", "\"lap_time_before_s\"", "\"lap_time_after_s\"", "\"lap_evaluations\": 16"})
        EXPECT_NE(timed.out.find(key), std::string::npos) << key << "\n" << timed.out;

    const RunResult built = twbake({"build", sample, "-o", file("kart.twbake").string(), "--raceline", "--method", "laptime", "--vehicle", "car"});
    ASSERT_EQ(built.exitCode, kExitOk) << built.err;
    EXPECT_NE(built.out.find("ideal lap racing / "), std::string::npos) << built.out;

    const RunResult bad = twbake({"raceline", sample, "-o", file("x.twtrack").string(), "--method", "fastest"});
    EXPECT_EQ(bad.exitCode, kExitUsage);
    EXPECT_NE(bad.err.find("unknown method \"fastest\""), std::string::npos);
    EXPECT_FALSE(fs::exists(file("x.twtrack")));
}

} // namespace
