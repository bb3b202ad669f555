#include "bake/sim/simulated_car.h"
#include "bake/sim/verification_laps.h"

#include "tests/support/baked_sample.h"

#include <gtest/gtest.h>

namespace {

formats::TrackDocument kart() {
    auto loaded = formats::loadTrackFile(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack");
    if (!loaded.document) throw std::runtime_error("cannot load kart.twtrack");
    return *loaded.document;
}

void driveUntil(bake::SimulatedCar& car, int crossings, double timeLimit) {
    while (car.crossings() < crossings && car.time() < timeLimit) car.step(1.0 / 60.0);
}

TEST(SimulatedCar, DrivesTheSameLapsAsAVerificationRun) {
    const auto baked = tw::test::bakeSample(kart());
    bake::SimulatedCar car(baked->track, {});
    driveUntil(car, 3, 300.0);
    bake::LapRunOptions options;
    options.laps = 2;
    const bake::LapRunResult run = bake::runVerificationLaps(baked->track, options);
    ASSERT_TRUE(run.completed);
    ASSERT_EQ(car.totals().lapTimes.size(), 3u);
    EXPECT_EQ(car.totals().lapTimes[0], run.lapTimes[0]);
    EXPECT_EQ(car.totals().lapTimes[1], run.lapTimes[1]);
    EXPECT_GT(car.targetSpeed(), 0.0f);
    EXPECT_LT(car.crossTrackError(), 3.0f);
}

// A live edit in the preview: the baked data changes under a car mid-lap; it re-registers on the
// new data and keeps driving, with the laps it has done.
TEST(SimulatedCar, KeepsDrivingAndItsLapsWhenTheBakedDataIsSwappedUnderIt) {
    formats::TrackDocument document = kart();
    const auto before = tw::test::bakeSample(document);
    bake::SimulatedCar car(before->track, {});
    driveUntil(car, 1, 120.0);
    for (int i = 0; i < 300; ++i) car.step(1.0 / 60.0);  // 5 s into the second lap
    const double progress = car.progress();
    ASSERT_EQ(car.totals().lapTimes.size(), 1u);

    const std::uint32_t node = document.routes[0].nodes[document.routes[0].nodes.size() / 3];
    document.nodes[node].position.x += 0.6;
    document.nodes[node].position.y -= 0.4;
    const auto after = tw::test::bakeSample(document);
    car.rebind(after->track, 0, 0);
    EXPECT_NEAR(car.progress(), progress, 2.0);
    EXPECT_EQ(car.routeLength(), after->track.view.routes[0].length);

    driveUntil(car, 3, car.time() + 120.0);
    EXPECT_EQ(car.totals().lapTimes.size(), 3u);
    EXPECT_EQ(car.stuckStats().events, 0);
    EXPECT_EQ(car.totals().teleports, 0);
}

} // namespace
