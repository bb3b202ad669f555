#include "bake/lines/lap_time_refinement.h"
#include "bake/lines/racing_lines.h"
#include "bake/sim/verification_laps.h"

#include "formats/source/track_json.h"
#include "formats/validate/validate.h"

#include "tests/support/baked_sample.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace {

formats::TrackDocument sample(const std::string& name) {
    auto loaded = formats::loadTrackFile(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/" + name);
    if (!loaded.document) throw std::runtime_error("cannot load " + name);
    return *loaded.document;
}

const formats::Line* findLine(const formats::TrackDocument& doc, std::uint32_t route, const std::string& name, const std::string& cls = "") {
    for (const formats::Line& l : doc.lines)
        if (l.route == route && l.name == name && l.vehicleClass == cls) return &l;
    return nullptr;
}

TEST(RacingLines, ABranchMeetsItsParentsLineAndEveryLineValidates) {
    const formats::TrackDocument input = sample("harbour_sprint.twtrack");
    const bake::RacingLineResult result = bake::optimiseRacingLines(input, {});
    ASSERT_EQ(result.reports.size(), 2u);
    EXPECT_TRUE(formats::validate(result.document).empty()) << formats::validate(result.document).front().message;
    const formats::Route& pit = result.document.routes[1];
    const formats::Line* main = findLine(result.document, 0, "racing");
    const formats::Line* branch = findLine(result.document, 1, "racing");
    ASSERT_TRUE(main && branch);
    // The branch's ends carry the main line's offsets at the fork and join, within the pit lane's own room.
    auto mainOffsetAt = [&](std::uint32_t node) {
        const auto& nodes = result.document.routes[0].nodes;
        return main->offsets[static_cast<std::size_t>(std::find(nodes.begin(), nodes.end(), node) - nodes.begin())];
    };
    const auto& first = result.document.nodes[pit.nodes.front()];
    const double margin = 2.5 / 2.0 + 0.5;  // the default classes' widest is the truck
    EXPECT_DOUBLE_EQ(branch->offsets.front(), std::clamp(mainOffsetAt(pit.fork->node), -(first.right.track - margin), first.left.track - margin));
    // Branches get no alternates; the main route gets all three.
    for (const char* name : {"defending", "overtaking-left", "overtaking-right"}) {
        EXPECT_NE(findLine(result.document, 0, name), nullptr) << name;
        EXPECT_EQ(findLine(result.document, 1, name), nullptr) << name;
    }
}

TEST(RacingLines, OvertakingLinesRunBesideTheRacingLineAndRerunningChangesNothing) {
    const formats::TrackDocument input = sample("kart.twtrack");
    const bake::RacingLineResult once = bake::optimiseRacingLines(input, {});
    const formats::Line* racing = findLine(once.document, 0, "racing");
    const formats::Line* left = findLine(once.document, 0, "overtaking-left");
    const formats::Line* right = findLine(once.document, 0, "overtaking-right");
    ASSERT_TRUE(racing && left && right);
    for (std::size_t i = 0; i < racing->offsets.size(); ++i) {
        EXPECT_GE(left->offsets[i], racing->offsets[i] - 0.05) << i;
        EXPECT_LE(right->offsets[i], racing->offsets[i] + 0.05) << i;
    }
    EXPECT_GT(std::count_if(once.document.markers.begin(), once.document.markers.end(), [](const auto& m) { return m.kind == "overtaking-entry"; }), 0);
    // The generated lines and markers are replaced, not piled up.
    const bake::RacingLineResult twice = bake::optimiseRacingLines(once.document, {});
    EXPECT_EQ(formats::writeTrackJson(twice.document), formats::writeTrackJson(once.document));
}

TEST(RacingLines, ANarrowerClassGetsALineOfItsOwnThatBendsLess) {
    formats::TrackDocument input = sample("kart.twtrack");
    input.vehicleClasses = {{"lorry", 4.0, 1.5, 5.0, 30.0, 4.5, 0.6, 2.6}, {"kart", 10.0, 5.0, 10.0, 30.0, 1.1, 0.6, 1.3}};
    const bake::RacingLineResult result = bake::optimiseRacingLines(input, {});
    ASSERT_EQ(result.reports.size(), 2u);
    EXPECT_EQ(result.reports[0].vehicleClass, "");
    EXPECT_EQ(result.reports[1].vehicleClass, "kart");
    EXPECT_LT(result.reports[1].line.integralSquaredCurvature, result.reports[0].line.integralSquaredCurvature);
    EXPECT_TRUE(formats::validate(result.document).empty());
}

TEST(RacingLines, AnUnknownClassIsReportedNotGuessed) {
    bake::RacingLineOptions options;
    options.vehicleClass = "spaceship";
    const bake::RacingLineResult result = bake::optimiseRacingLines(sample("kart.twtrack"), options);
    EXPECT_TRUE(result.reports.empty());
    ASSERT_EQ(result.diagnostics.size(), 1u);
    EXPECT_EQ(result.diagnostics[0].code, "raceline-unknown-class");
}

TEST(LapTimeRefinement, LowersTheLapTimeAndGivesTheSameLineOnAnyThreadCount) {
    bake::RacingLineOptions forCar;
    forCar.vehicleClass = "car";  // the reference car preset: 1.9 m wide
    formats::TrackDocument doc = bake::optimiseRacingLines(sample("kart.twtrack"), forCar).document;
    std::size_t racing = 0;
    while (doc.lines[racing].name != "racing") ++racing;
    const bake::LineBounds bounds = bake::tarmacBounds(doc, 0, 1.9 / 2.0 + 0.5);
    bake::LapTimeRefinementOptions options;
    options.maxEvaluations = 60;
    options.threads = 1;
    const bake::LapTimeRefinementResult one = bake::refineLapTime(doc, racing, bounds, options);
    options.threads = 2;
    const bake::LapTimeRefinementResult two = bake::refineLapTime(doc, racing, bounds, options);
    EXPECT_LT(one.lapTimeAfter, one.lapTimeBefore - 0.05);
    EXPECT_LE(one.evaluations, 60);
    EXPECT_EQ(one.offsets, two.offsets);
    EXPECT_EQ(one.lapTimeAfter, two.lapTimeAfter);
    for (std::size_t i = 0; i < one.offsets.size(); ++i) {
        EXPECT_GE(one.offsets[i], bounds.lower[i]);
        EXPECT_LE(one.offsets[i], bounds.upper[i]);
    }
    // What it reports is what a lap on the refined line takes.
    doc.lines[racing].offsets = one.offsets;
    EXPECT_DOUBLE_EQ(bake::simulatedLapTime(doc, racing, options), one.lapTimeAfter);
}

TEST(VerificationLaps, AHalfLapRunUpTimesAFlyingLapLikeTheSecondLapOfAStandingStart) {
    const auto baked = tw::test::bakeSampleFile("kart.twtrack");
    bake::LapRunOptions standing;
    standing.laps = 2;
    const bake::LapRunResult fromStart = bake::runVerificationLaps(baked->track, standing);
    bake::LapRunOptions flying = standing;
    flying.laps = 1;
    flying.startDistance = 0.5 * baked->track.view.lines[0].length;
    const bake::LapRunResult runUp = bake::runVerificationLaps(baked->track, flying);
    ASSERT_TRUE(fromStart.completed && runUp.completed);
    ASSERT_EQ(fromStart.lapTimes.size(), 2u);
    ASSERT_EQ(runUp.lapTimes.size(), 1u);
    EXPECT_LT(runUp.lapTimes[0], fromStart.lapTimes[0]);  // no standing start in it
    EXPECT_NEAR(runUp.lapTimes[0], fromStart.lapTimes[1], 0.02 * fromStart.lapTimes[1]);
}

} // namespace
