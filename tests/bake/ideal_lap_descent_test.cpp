#include "bake/lines/ideal_lap_descent.h"
#include "bake/lines/offset_line.h"

#include "formats/source/track_json.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

namespace {

formats::TrackDocument sample(const std::string& name) {
    auto loaded = formats::loadTrackFile(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/" + name);
    if (!loaded.document) throw std::runtime_error("cannot load " + name);
    return *loaded.document;
}

formats::VehicleClass car() {
    formats::VehicleClass c;
    c.name = "car";
    c.width = 1.8;
    c.maxLateralAcceleration = 9.0;
    c.maxAcceleration = 4.0;
    c.maxBraking = 8.0;
    c.topSpeed = 40.0;
    return c;
}

TEST(IdealLapDescent, LowersTheIdealLapWithinTheBoundsAndTheSameEveryRun) {
    const formats::TrackDocument doc = sample("kart.twtrack");
    const bake::LineBounds bounds = bake::tarmacBounds(doc, 0, 1.4);
    const bake::MinCurvatureResult start = bake::minimumCurvatureOffsets(doc, 0, bounds);
    const bake::IdealLapDescentResult once = bake::descendIdealLap(doc, 0, start.offsets, bounds, car());
    const bake::IdealLapDescentResult twice = bake::descendIdealLap(doc, 0, start.offsets, bounds, car());

    EXPECT_LT(once.lapTimeAfter, once.lapTimeBefore - 0.1);
    EXPECT_GT(once.acceptedMoves, 0);
    EXPECT_EQ(once.offsets, twice.offsets);
    // The reported times are the measure itself, not a by-product of the search.
    const bool closed = doc.routes[0].closed;
    EXPECT_DOUBLE_EQ(once.lapTimeBefore, bake::splineIdealLapTime(bake::offsetLinePoints(doc, 0, start.offsets), closed, car()));
    EXPECT_DOUBLE_EQ(once.lapTimeAfter, bake::splineIdealLapTime(bake::offsetLinePoints(doc, 0, once.offsets), closed, car()));
    for (std::size_t i = 0; i < once.offsets.size(); ++i) {
        EXPECT_GE(once.offsets[i], bounds.lower[i] - 1e-12) << "node " << i;
        EXPECT_LE(once.offsets[i], bounds.upper[i] + 1e-12) << "node " << i;
    }
}

TEST(IdealLapDescent, KeepsFixedEndsAndStopsAtItsBudgetOrWhenCancelled) {
    formats::TrackDocument doc = sample("kart.twtrack");
    doc.routes[0].closed = false;
    const bake::LineBounds bounds = bake::tarmacBounds(doc, 0, 1.4, {0.5, -0.5});
    const bake::MinCurvatureResult start = bake::minimumCurvatureOffsets(doc, 0, bounds);
    bake::IdealLapDescentOptions budget;
    budget.maxEvaluations = 50;
    const bake::IdealLapDescentResult limited = bake::descendIdealLap(doc, 0, start.offsets, bounds, car(), budget);
    EXPECT_EQ(limited.evaluations, 50);
    EXPECT_LE(limited.lapTimeAfter, limited.lapTimeBefore);
    EXPECT_DOUBLE_EQ(limited.offsets.front(), 0.5);
    EXPECT_DOUBLE_EQ(limited.offsets.back(), -0.5);

    bake::BakeContext context;
    context.cancelled = [] { return true; };
    const bake::IdealLapDescentResult cancelled = bake::descendIdealLap(doc, 0, start.offsets, bounds, car(), {}, context);
    EXPECT_TRUE(cancelled.cancelled);
    EXPECT_EQ(cancelled.offsets, start.offsets);
}

} // namespace
