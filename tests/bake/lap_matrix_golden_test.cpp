// Determinism, pinned: the lap matrix prints the same JSON whatever the thread count, and the
// same JSON as the golden file. When a change is meant to alter the laps (a follower, the vehicle
// model, the bake), regenerate it and review the diff:
//   build/release/bake/twbake laps --matrix app/samples/kart.twtrack app/samples/harbour_sprint.twtrack
//     --follower runner,pursuit --vehicle car,truck --laps 1 --jobs 1 --json > tests/data/golden/lap-matrix-kart-harbour.json
#include "bake/cli/twbake.h"

#include "formats/source/file_io.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

namespace {

std::string matrix(const char* jobs) {
    const std::string samples = TRACKWRIGHT_SAMPLES_DIR;
    const std::vector<std::string> args = {"twbake", "laps", "--matrix", samples + "/kart.twtrack", samples + "/harbour_sprint.twtrack",
                                           "--follower", "runner,pursuit", "--vehicle", "car,truck", "--laps", "1", "--jobs", jobs, "--json"};
    std::vector<const char*> argv;
    for (const std::string& a : args) argv.push_back(a.c_str());
    std::ostringstream out, err;
    EXPECT_EQ(bake::cli::runTwbake(static_cast<int>(argv.size()), argv.data(), out, err), 0) << err.str();
    return out.str();
}

TEST(LapMatrixGolden, TheSameJsonOnOneThreadOnTwoAndInTheGoldenFile) {
    const std::string one = matrix("1");
    EXPECT_EQ(matrix("2"), one) << "the thread count changed a result";
#ifdef TRACKWRIGHT_GOLDEN_BUILD
    // The golden file is the Release build's: other optimisation levels round some floats
    // differently (a few units in the 7th digit), so sanitizer builds check the thread count only.
    std::string error;
    const auto golden = formats::readWholeFile(std::string(TRACKWRIGHT_TEST_DATA_DIR) + "/golden/lap-matrix-kart-harbour.json", error);
    ASSERT_TRUE(golden) << error;
    EXPECT_EQ(one, *golden) << "the laps changed: if that is intended, regenerate the golden file (see this test's header) and review its diff";
#endif
}

} // namespace
