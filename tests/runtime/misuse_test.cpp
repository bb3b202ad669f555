// The runtime misused as a game programmer will, on purpose or by accident (issue 26): each of
// these crashed or read freed memory before; under the sanitizer preset a regression shows as an
// ASan report, in Release as a wrong answer.
#include "trackwright/drive/baseline_follower.h"
#include "trackwright/drive/follower_factory.h"
#include "trackwright/drive/pursuit_follower.h"
#include "trackwright/drive/runner_follower.h"
#include "trackwright/drive/seek_follower.h"
#include "trackwright/drive/waypoint_follower.h"
#include "trackwright/track/line_sampler.h"
#include "trackwright/track/lap_counter.h"
#include "trackwright/track/registrar.h"
#include "trackwright/track/track_markers.h"
#include "trackwright/track/track_point.h"
#include "trackwright/vehicle/vehicle_model.h"
#include "trackwright/vehicle/wall_contact.h"

#include "tests/support/baked_sample.h"
#include "tests/support/test_tracks.h"

#include <gtest/gtest.h>

#include <memory>

namespace {

/// A track baked without lines: the bake gives it only a "centre" line.
const tw::test::BakedSample& centreLineOnly() {
    static const auto sample = [] {
        formats::TrackDocument doc = tw::test::circleTrack(48, 120.0);
        doc.lines.clear();
        return tw::test::bakeSample(doc);
    }();
    return *sample;
}

TEST(RuntimeMisuse, ALineTheTrackDoesNotHaveGivesNoFollowerAndAnEmptySampler) {
    // findLine answers kNoRoute for "racing" here; the README's own snippet passed that on, and
    // makeFollower and LineSampler read far past the line arrays.
    const trackwright::BakedTrack& track = centreLineOnly().track;
    const std::uint32_t racing = trackwright::findLine(track, 0, "racing", 0);
    ASSERT_EQ(racing, formats::kNoRoute);
    const trackwright::VehicleParameters car = trackwright::vehiclePreset(trackwright::VehiclePreset::Car);
    for (trackwright::FollowerKind kind : trackwright::kAllFollowerKinds) {
        EXPECT_EQ(trackwright::makeFollower(kind, track, racing, 0, car), nullptr) << trackwright::followerName(kind);
        EXPECT_EQ(trackwright::makeFollower(kind, track, 7, 0, car), nullptr) << "an index past the lines";
        EXPECT_EQ(trackwright::makeFollower(kind, track, 0, 99, car), nullptr) << "a class past the classes";
        EXPECT_NE(trackwright::makeFollower(kind, track, 0, 0, car), nullptr) << "the centre line is there";
    }
    EXPECT_EQ(trackwright::findLine(track, 0, "centre", 99), trackwright::kNoLine) << "a class the track does not have";
    EXPECT_EQ(trackwright::findLine(track, 0, nullptr, 0), trackwright::kNoLine);
    const trackwright::LineSampler sampler(track, racing, 0);
    EXPECT_FALSE(sampler.valid());
    const trackwright::LineSample s = sampler.sample(25.0);
    EXPECT_EQ(s.position.x, 0.0);
    EXPECT_EQ(s.speedHint, 0.0f);
    EXPECT_TRUE(trackwright::LineSampler(track, 0, 0).valid());
}

TEST(RuntimeMisuse, FollowersBuiltOnAMissingLineGiveNeutralControls) {
    const trackwright::BakedTrack& track = centreLineOnly().track;
    const std::uint32_t missing = formats::kNoRoute;
    std::vector<std::unique_ptr<trackwright::Follower>> followers;
    followers.push_back(std::make_unique<trackwright::PursuitFollower>(track, missing, 0, trackwright::PursuitParameters{}));
    followers.push_back(std::make_unique<trackwright::RunnerFollower>(track, missing, 0, trackwright::RunnerParameters{}));
    followers.push_back(std::make_unique<trackwright::SeekFollower>(track, missing, trackwright::SeekFollower::Mode::Rabbit, trackwright::SeekParameters{}));
    followers.push_back(std::make_unique<trackwright::WaypointFollower>(track, missing, 0, trackwright::WaypointParameters{}));
    followers.push_back(std::make_unique<trackwright::BaselineFollower>(track, missing, trackwright::BaselineParameters{}));
    trackwright::Registrar registrar(track);
    trackwright::VehicleState state;
    state.position = {120.0, 0.0};
    state.heading = 1.57f;
    state.speed = 10.0f;
    for (auto& follower : followers) {
        const trackwright::Controls c = follower->update({state, registrar.update(state.position), 1.0f / 60.0f});
        EXPECT_EQ(c.throttle, 0.0f);
        EXPECT_EQ(c.steering, 0.0f);
        EXPECT_FALSE(follower->takeTeleportRequest().requested);
    }
}

/// What a game's helper returns: objects built from a BakedTrack that was a local copy.
struct CarParts {
    std::unique_ptr<trackwright::Registrar> registrar;
    std::unique_ptr<trackwright::LineSampler> sampler;
    std::unique_ptr<trackwright::Follower> follower;
};
CarParts partsFromALocalCopy(const trackwright::BakedTrack& track) {
    const trackwright::BakedTrack copy = track;  // gone when this returns; the bytes stay
    CarParts parts;
    parts.registrar = std::make_unique<trackwright::Registrar>(copy);
    parts.sampler = std::make_unique<trackwright::LineSampler>(copy, 0, 0);
    parts.follower = trackwright::makeFollower(trackwright::FollowerKind::Runner, copy, 0, 0, trackwright::vehiclePreset(trackwright::VehiclePreset::Car));
    return parts;
}

TEST(RuntimeMisuse, ObjectsBuiltFromACopyOfTheTrackOutliveTheCopy) {
    // The header calls BakedTrack cheap to copy; a Registrar kept a pointer to the copy and read
    // freed stack once it went.
    const trackwright::BakedTrack& track = centreLineOnly().track;
    CarParts parts = partsFromALocalCopy(track);
    const trackwright::LineSample start = parts.sampler->sample(0.0);
    const trackwright::Registration where = parts.registrar->update(start.position);
    EXPECT_TRUE(where.defined);
    trackwright::VehicleState state;
    state.position = start.position;
    state.heading = static_cast<float>(std::atan2(start.tangent.y, start.tangent.x));
    const trackwright::Controls c = parts.follower->update({state, where, 1.0f / 60.0f});
    EXPECT_GT(c.throttle, 0.0f);
}

// Indices a game makes up, or keeps from another track, are refused rather than read past the arrays.
TEST(RuntimeMisuse, MadeUpRouteAndNodeIndicesTouchNothing) {
    const auto sample = tw::test::bakeSample(tw::test::circleTrack());
    const trackwright::BakedTrack& track = sample->track;
    trackwright::Registration made;
    EXPECT_FALSE(trackwright::registerOnSegment(track, 7, 0, {60.0, 0.0}, made));
    EXPECT_FALSE(trackwright::registerOnSegment(track, 0, 1000000, {60.0, 0.0}, made));
    trackwright::Registration alien;
    alien.defined = true;
    alien.route = 3;
    alien.segment = 99;
    trackwright::VehicleBody body;
    body.state.position = {500.0, 0.0};
    EXPECT_FALSE(trackwright::resolveWallContact(track, alien, body));
    EXPECT_EQ(body.state.position.x, 500.0);
    trackwright::LapCounter laps(track);
    EXPECT_TRUE(laps.update(alien, 0.1f));  // held, not read
    EXPECT_EQ(laps.status().raceDistance, 0.0);
    trackwright::TrackMarker marker;
    EXPECT_FALSE(trackwright::markerAt(track, 99, marker));
    trackwright::TrackPoint point;
    EXPECT_FALSE(trackwright::routePointAt(track, 99, 0.0, point));
    std::uint32_t index = 0;
    EXPECT_FALSE(trackwright::findVehicleClass(track, nullptr, index));
    trackwright::VehiclePreset preset;
    EXPECT_FALSE(trackwright::vehiclePresetByName(nullptr, preset));
}

// A step a zero wheelbase or an infinite grip would make non-finite is refused, the body kept.
TEST(RuntimeMisuse, ParametersNoVehicleHasAreRefused) {
    trackwright::VehicleParameters broken = trackwright::vehiclePreset(trackwright::VehiclePreset::Car);
    broken.wheelbase = 0.0f;
    EXPECT_FALSE(trackwright::validVehicleParameters(broken));
    trackwright::VehicleBody body;
    body.state.speed = 10.0f;
    body.velocity = {10.0, 0.0};
    const trackwright::VehicleBody before = body;
    EXPECT_FALSE(trackwright::stepVehicle(broken, {1.0f, 1.0f, false}, 1.0f / 60.0f, body));
    EXPECT_EQ(body.state.position.x, before.state.position.x);
    EXPECT_EQ(body.state.speed, before.state.speed);
    const auto sample = tw::test::bakeSample(tw::test::circleTrack());
    EXPECT_EQ(trackwright::makeFollower(trackwright::FollowerKind::Runner, sample->track, 0, 0, broken), nullptr);
}

} // namespace
