// Every input a fuzz target ever crashed on, replayed through the target's own code
// (tests/fuzz/fuzz_inputs.h): tests/data/fuzz-findings/<target>/ holds them, named for the bug.
// Under the sanitizer preset a regression is a sanitizer report; in Release, usually a crash.
#include "tests/fuzz/fuzz_inputs.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

namespace {

namespace fs = std::filesystem;

int replayAll(const char* target, void (*body)(fuzzing::Input)) {
    const fs::path folder = fs::path(TRACKWRIGHT_TEST_DATA_DIR) / "fuzz-findings" / target;
    int replayed = 0;
    for (const fs::directory_entry& entry : fs::directory_iterator(folder)) {
        if (!entry.is_regular_file() || entry.path().filename() == ".gitkeep") continue;
        std::ifstream in(entry.path(), std::ios::binary);
        const std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
        SCOPED_TRACE(entry.path().string());
        body(bytes);
        ++replayed;
    }
    return replayed;
}

TEST(FuzzFindings, EverySavedFindingReplaysWithoutACrash) {
    EXPECT_GE(replayAll("baked_track", fuzzing::bakedTrack), 1);
    replayAll("track_json", fuzzing::trackJson);
    replayAll("tum_csv", fuzzing::tumCsv);
    replayAll("waypoints", fuzzing::waypoints);
    replayAll("ac3d", fuzzing::ac3d);
}

} // namespace
