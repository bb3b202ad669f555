#include "editor/preview/car_attitude.h"
#include "editor/preview/preview_simulation.h"
#include "editor/preview/surface_height.h"
#include "tests/support/test_tracks.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace {

using editor::preview::attitudeOnRoad;
using editor::preview::CarAttitude;
using editor::preview::PreviewSimulation;

constexpr float kDegree = std::numbers::pi_v<float> / 180.0f;

/// The road of a 10 % ramp climbing along +x: tangentZ = 0.1/√1.01.
trackwright::RoadSurface ramp() {
    trackwright::RoadSurface road;
    road.tangentZ = 0.1f / std::sqrt(1.01f);
    return road;
}

// Hand-worked: a 10 % climb is atan 0.1 = 5.7106° whichever way it is measured along; banking 10°
// rolls a car facing along the road by 10°, left side up when the left edge is up.
TEST(CarAttitude, PitchesWithTheClimbAlongTheNoseAndRollsWithTheBanking) {
    EXPECT_NEAR(attitudeOnRoad(ramp(), 0.0f, true, 0.0f).pitch / kDegree, 5.7106f, 1e-3f);
    EXPECT_NEAR(attitudeOnRoad(ramp(), std::numbers::pi_v<float>, true, 0.0f).pitch / kDegree, -5.7106f, 1e-3f) << "facing downhill";
    const CarAttitude across = attitudeOnRoad(ramp(), std::numbers::pi_v<float> / 2.0f, true, 0.0f);
    EXPECT_NEAR(across.pitch, 0.0f, 1e-6f);
    EXPECT_NEAR(across.roll / kDegree, -5.7106f, 1e-3f) << "facing north on an eastward climb: the hill is on its right";

    trackwright::RoadSurface banked;
    banked.banking = 10.0f * kDegree;
    EXPECT_NEAR(attitudeOnRoad(banked, 0.0f, true, 0.0f).roll / kDegree, 10.0f, 1e-3f);
    EXPECT_NEAR(attitudeOnRoad(banked, 0.0f, true, 0.0f).pitch, 0.0f, 1e-6f);
    banked.banking = -10.0f * kDegree;
    EXPECT_NEAR(attitudeOnRoad(banked, 0.0f, true, 0.0f).roll / kDegree, -10.0f, 1e-3f) << "right edge up: right side up";
    EXPECT_NEAR(attitudeOnRoad(banked, 0.0f, false, 0.0f).roll, 0.0f, 1e-6f) << "beyond the tarmac the sides are level";
}

TEST(CarAttitude, EasesPitchAndRollButNeverTheHeight) {
    const CarAttitude from{1.0f, 0.0f, 0.0f}, to{2.0f, 0.1f, -0.2f};
    const CarAttitude tick = editor::preview::eased(from, to, 1.0 / 60.0, 0.12);
    EXPECT_EQ(tick.height, 2.0f);
    EXPECT_GT(tick.pitch, 0.0f);
    EXPECT_LT(tick.pitch, 0.02f);
    const CarAttitude settled = editor::preview::eased(from, to, 2.0, 0.12);
    EXPECT_NEAR(settled.pitch, 0.1f, 1e-6f);
    EXPECT_NEAR(settled.roll, -0.2f, 1e-6f);
}

// A car driving up the ramp (tests/support/test_tracks.h: 10 % to x = 50) sits on the surface and
// pitches by atan 0.1 = 5.71°.
TEST(CarAttitude, ACarOnATenPercentRampPitchesByFivePointSevenDegrees) {
    PreviewSimulation sim;
    sim.setTrack(PreviewSimulation::bakeForPreview(tw::test::rampTrack()));
    ASSERT_TRUE(sim.track());
    sim.addCar({});
    bool checked = false;
    for (int tick = 0; tick < 1200 && !checked; ++tick) {
        sim.step();
        const auto& c = sim.cars()[0];
        const trackwright::VehicleState& s = c.car->body().state;
        if (s.position.x < 15.0 || s.position.x > 40.0) continue;
        EXPECT_NEAR(c.attitude.pitch / kDegree, 5.7106f, 0.15f) << "at x = " << s.position.x;
        // On the surface under it: the ramp's height and the banking's lift where it is.
        const auto under = editor::preview::surfaceUnder(sim.track()->track, s.position, c.attitude.height);
        ASSERT_TRUE(under);
        EXPECT_NEAR(c.attitude.height, s.position.x / 10.0 + under->lateral * std::tan(under->registration.road.banking), 0.02);
        checked = true;
    }
    EXPECT_TRUE(checked) << "the car never reached the middle of the ramp";
}

/// A closed circle of radius 80 m driven counter-clockwise (a left-hand curve), banked 10° the
/// way a curve is: the outside, right edge up, so banking −10°.
formats::TrackDocument bankedCurve() {
    formats::TrackDocument doc;
    doc.name = "Banked curve";
    formats::Route route{"curve", true, {}, std::nullopt, std::nullopt};
    for (int k = 0; k < 100; ++k) {
        const double a = 2.0 * std::numbers::pi * k / 100.0;
        formats::TrackNode node;
        node.position = {80.0 * std::cos(a), 80.0 * std::sin(a), 0.0};
        node.left = node.right = {7.0, 9.0, 11.0};
        node.banking = -10.0 * std::numbers::pi / 180.0;
        route.nodes.push_back(static_cast<std::uint32_t>(k));
        doc.nodes.push_back(node);
    }
    doc.routes.push_back(route);
    doc.vehicleClasses.push_back({"car", 12.0, 6.0, 12.0, 60.0, 2.6, 0.55, 1.9});
    doc.markers.push_back({"start-finish", 0, ""});
    return doc;
}

// On the banked curve the car rolls 10° into the turn: its left (inside) side down, its right up.
TEST(CarAttitude, ACarOnATenDegreeBankedCurveRollsTenDegreesIntoIt) {
    PreviewSimulation sim;
    sim.setTrack(PreviewSimulation::bakeForPreview(bankedCurve()));
    ASSERT_TRUE(sim.track());
    sim.addCar({});
    for (int tick = 0; tick < 300; ++tick) sim.step();
    const auto& c = sim.cars()[0];
    EXPECT_NEAR(c.attitude.roll / kDegree, -10.0f, 0.3f);
    EXPECT_NEAR(c.attitude.pitch / kDegree, 0.0f, 0.3f);
    const auto under = editor::preview::surfaceUnder(sim.track()->track, c.car->body().state.position, c.attitude.height);
    ASSERT_TRUE(under);
    ASSERT_TRUE(under->onTarmac);
    EXPECT_NEAR(c.attitude.height, under->lateral * std::tan(-10.0f * kDegree), 0.02f) << "on the banked surface, not the line's height";
}

} // namespace
