#include "trackwright/drive/follower_factory.h"
#include "trackwright/drive/pursuit_follower.h"
#include "trackwright/drive/stuck_manager.h"

#include "tests/support/baked_sample.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {

/// Judged every second, 2 m needed, half a second of reversing, a teleport on the second event.
trackwright::StuckParameters quickStuck() {
    trackwright::StuckParameters p;
    p.window = 1.0f;
    p.minProgress = 2.0f;
    p.reverseTime = 0.5f;
    p.eventsBeforeTeleport = 2;
    return p;
}

TEST(StuckManager, NoProgressTriggersReverseThenATeleportRequest) {
    trackwright::StuckManager stuck(quickStuck());
    const trackwright::Controls forward{0.4f, 1.0f, false};
    trackwright::Controls applied = forward;
    for (int i = 0; i < 61; ++i) applied = stuck.update(10.0f, 0.0f, 1.0f / 60.0f, forward);
    EXPECT_EQ(stuck.events(), 1);
    applied = stuck.update(10.0f, 0.0f, 1.0f / 60.0f, forward);
    EXPECT_EQ(applied.throttle, -1.0f);
    EXPECT_EQ(applied.steering, -0.4f);
    for (int i = 0; i < 120; ++i) stuck.update(10.0f, 0.0f, 1.0f / 60.0f, forward);
    EXPECT_TRUE(stuck.teleportWanted());
    // Real progress keeps it quiet, across the start line of a closed route too.
    trackwright::StuckManager moving(quickStuck());
    float d = 95.0f;
    for (int i = 0; i < 600; ++i) {
        moving.update(d, 100.0f, 1.0f / 60.0f, forward);
        d = std::fmod(d + 0.2f, 100.0f);
    }
    EXPECT_EQ(moving.events(), 0);
}

TEST(Followers, NonFiniteStateGivesNeutralControls) {
    const auto sample = tw::test::bakeSampleFile("kart.twtrack");
    for (trackwright::FollowerKind kind : trackwright::kAllFollowerKinds) {
        auto follower = trackwright::makeFollower(kind, sample->track, 0, 0, trackwright::vehiclePreset(trackwright::VehiclePreset::Car));
        trackwright::FollowerInput in;
        in.state.position = {NAN, 0.0};
        in.dt = 1.0f / 60.0f;
        const trackwright::Controls c = follower->update(in);
        EXPECT_EQ(c.steering, 0.0f) << trackwright::followerName(kind);
        EXPECT_EQ(c.throttle, 0.0f);
    }
}

TEST(PursuitFollower, TargetSpeedFollowsAlgorithmOne) {
    const auto sample = tw::test::bakeSampleFile("kart.twtrack");
    trackwright::PursuitParameters p;
    p.maxSpeed = 100.0f;
    const trackwright::PursuitFollower pursuit(sample->track, 0, 0, p);
    // On the first straight, well before the hairpin: the clamp's upper end.
    EXPECT_EQ(pursuit.computeTargetSpeed({10.0, 0.0}, 10.0f), 100.0f);
    // At the entry of the first hairpin (15 m radius, 100 m along): a quarter of that or less, never below v_min.
    const float hairpin = pursuit.computeTargetSpeed({100.0, 0.0}, 100.0f);
    EXPECT_LT(hairpin, 25.0f);
    EXPECT_GE(hairpin, p.minSpeed);
}

} // namespace
