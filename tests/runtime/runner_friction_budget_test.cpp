// The runner's one friction budget on a car with a g-g-v envelope (issue 46): driving counts the
// banking into a turn, and braking eases while the car rotates faster than its path (oversteer).
// Found on TORCS's ovals, where the flat budget lifted at every banked turn-in, and on g-track-1,
// where braking on into an S-bend's turn-in spun the car.
#include "trackwright/drive/follower_factory.h"
#include "trackwright/track/baked_track.h"
#include "trackwright/track/registrar.h"
#include "trackwright/vehicle/car_physics.h"
#include "trackwright/vehicle/vehicle_limits.h"

#include "tests/support/baked_sample.h"
#include "tests/support/test_cars.h"
#include "tests/support/test_tracks.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {

using trackwright::Controls;
using trackwright::VehicleParameters;

constexpr double kRadius = 150.0;

/// A circle of `radius` m, counter-clockwise (a left turn all the way), its line on the centre line,
/// banked `banking` rad into the turn, for the test GT's class (a car with an envelope).
std::unique_ptr<tw::test::BakedSample> bankedCircle(double banking, double radius = kRadius) {
    formats::TrackDocument doc = tw::test::circleTrack(72, radius);
    for (formats::TrackNode& node : doc.nodes) {
        node.position.z = 0.0;
        node.speedOverride.reset();
        node.banking = -banking;  // a left turn leans on a road whose right edge is up
    }
    for (double& offset : doc.lines[0].offsets) offset = 0.0;
    doc.vehicleClasses = {*tw::test::testGtClass()};
    doc.lines[0].vehicleClass.clear();
    return tw::test::bakeSample(doc);
}

/// One runner tick for the test GT at `speed` on the line of a circle of `radius` at `angle` rad,
/// heading along it and turning at `yawRate`.
Controls tick(const trackwright::BakedTrack& track, float speed, float yawRate, double radius = kRadius, double angle = 0.0) {
    const VehicleParameters car = trackwright::vehicleFromCar(*tw::test::testGtClass()->car);
    std::uint32_t gt = 0;
    EXPECT_TRUE(trackwright::findVehicleClass(track, "test-gt", gt));
    auto driver = trackwright::makeFollower(trackwright::FollowerKind::Runner, track, 0, gt, car);
    trackwright::Registrar registrar(track);
    trackwright::VehicleState state;
    state.position = {radius * std::cos(angle), radius * std::sin(angle)};
    state.heading = static_cast<float>(angle + M_PI / 2);
    state.speed = speed;
    state.yawRate = yawRate;
    return driver->update({state, registrar.update(state.position), 1.0f / 60.0f});
}

TEST(RunnerFrictionBudget, ABankedTurnLeavesTheTyresTractionTheFlatOneDoesNot) {
    const VehicleParameters car = trackwright::vehicleFromCar(*tw::test::testGtClass()->car);
    // Turning at 1.1 times what the tyres hold on the flat: on a flat road nothing is left to drive
    // with; banked 16° into the turn the road holds far more (bankedLateralLimit), and the car, below
    // its hints there, keeps driving.
    float speed = 30.0f;
    for (int k = 0; k < 50; ++k) speed = static_cast<float>(std::sqrt(1.1 * trackwright::lateralLimit(car, speed) * kRadius));
    const auto banked = bankedCircle(0.28);
    const auto flat = bankedCircle(0.0);
    const float path = static_cast<float>(speed / kRadius);
    const Controls onTheBanking = tick(banked->track, speed, path);
    const Controls onTheFlat = tick(flat->track, speed, path);
    EXPECT_GT(onTheBanking.throttle, 0.2f) << "at " << speed << " m/s";
    EXPECT_LE(onTheFlat.throttle, 0.0f) << "at " << speed << " m/s";
}

TEST(RunnerFrictionBudget, BrakingEasesWhileTheCarRotatesFasterThanItsPath) {
    // A nearly straight road (a 5 km circle) with a 20 m/s corner at its second node, 436 m on: 70 m
    // before it at 60 m/s the runner brakes hard. With the car yawing at 0.7 of its grip where the
    // road asks 0.7 m/s² (its rear sliding out) the brakes ease to the least braking, 0.2 — the
    // friction ellipse alone would still have braked at √(1 − 0.7²) = 0.71.
    constexpr double kWide = 5000.0;
    formats::TrackDocument doc = tw::test::circleTrack(72, kWide);
    for (formats::TrackNode& node : doc.nodes) node.position.z = 0.0, node.speedOverride.reset();
    doc.nodes[1].speedOverride = 20.0;
    for (double& offset : doc.lines[0].offsets) offset = 0.0;
    doc.vehicleClasses = {*tw::test::testGtClass()};
    doc.lines[0].vehicleClass.clear();
    const auto road = tw::test::bakeSample(doc);
    const double angle = (2.0 * M_PI / 72.0 * kWide - 70.0) / kWide;
    const float speed = 60.0f;
    const float path = static_cast<float>(speed / kWide);
    const Controls holding = tick(road->track, speed, path, kWide, angle);
    const VehicleParameters car = trackwright::vehicleFromCar(*tw::test::testGtClass()->car);
    const Controls sliding = tick(road->track, speed, 0.7f * trackwright::lateralLimit(car, speed) / speed, kWide, angle);
    EXPECT_LT(holding.throttle, -0.5f);
    EXPECT_NEAR(sliding.throttle, -0.2f, 1e-6f);
}

} // namespace
