// Pit stops in a race (issue 25): on the Ridgeway Park sample a car told to pit while the others
// race enters the pit lane, keeps to its limit, stands at its box for the track's pit stop time and
// merges back without touching anyone; a request on a track without a pit lane is refused.
#include "bake/pipeline/default_vehicle_classes.h"
#include "bake/sim/race.h"
#include "bake/sim/race_grid.h"
#include "bake/sim/race_setup.h"

#include "trackwright/drive/pit_stop.h"
#include "trackwright/track/line_sampler.h"
#include "trackwright/track/race_zones.h"
#include "trackwright/track/track_markers.h"
#include "tests/support/baked_sample.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

namespace {

constexpr double kTick = 1.0 / 60.0;

/// A sample baked with the car preset's class, as `twbake race` bakes it; the setup every car shares.
struct RaceTrack {
    std::unique_ptr<tw::test::BakedSample> baked;
    bake::CarSetup base;
};

RaceTrack raceTrack(formats::TrackDocument doc) {
    bake::addVehicleClassFor(doc, trackwright::VehiclePreset::Car);
    RaceTrack out{tw::test::bakeSample(doc), {}};
    out.base = bake::raceCarSetup(out.baked->track);
    return out;
}

formats::TrackDocument sample(const std::string& name) {
    return *formats::loadTrackFile(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/" + name).document;
}

/// The `pit-box` marker labelled `label`.
std::uint32_t pitBox(const trackwright::BakedTrack& track, const char* label) {
    std::uint32_t index = 0;
    for (std::uint32_t from = 0; trackwright::findMarker(track, "pit-box", from, index); from = index + 1) {
        trackwright::TrackMarker m;
        EXPECT_TRUE(trackwright::markerAt(track, index, m));
        if (std::strcmp(m.label, label) == 0) return index;
    }
    return trackwright::format::kNoRoute;
}

/// What one pitting car did, tick by tick.
struct PitRun {
    bool accepted = false;
    bool enteredLane = false;       ///< registered on the pit lane's route
    float fastestInLimit = 0.0f;    ///< m/s, the most it drove where the lane's limit holds
    int stoppedTicks = 0;           ///< ticks in state Stopped
    float fastestStopped = 0.0f;    ///< m/s while Stopped
    float stopOffBox = 1e9f;        ///< m along the lane from the box where it stood
    bool rejoined = false;          ///< back to None on the main route after standing
    double rejoinedAt = 0.0;
    int contacts = 0;               ///< episodes it was part of
    trackwright::PitLane lane;
};

PitRun pitInRace(const RaceTrack& rt, int cars, std::size_t pitter, const char* box, std::uint64_t seed) {
    const trackwright::BakedTrack& track = rt.baked->track;
    const auto drivers = bake::spreadProfiles(cars, seed);
    const auto entries = bake::gridEntries(track, drivers, bake::gridSlots(drivers, bake::GridOrder::Random, seed), rt.base);
    bake::Race race(track, entries);
    PitRun run;
    run.accepted = race.requestPitStop(pitter, pitBox(track, box)) == trackwright::PitRequestStatus::Accepted;
    if (!run.accepted) return run;
    const bake::ReferenceCar& car = race.car(pitter);
    const auto pitterIndex = static_cast<std::uint32_t>(pitter);
    run.lane = race.pitStop(pitter)->lane();
    bool stood = false;
    while (race.time() < 300.0 && !run.rejoined) {
        race.step(kTick);
        const trackwright::Registration& r = race.world().registration(pitterIndex);
        const float speed = std::abs(car.body().state.speed);
        const trackwright::PitState state = race.pitState(pitter);
        if (r.defined && r.route == run.lane.route) {
            run.enteredLane = true;
            if (r.distance >= run.lane.limitStart && r.distance <= run.lane.limitEnd) run.fastestInLimit = std::max(run.fastestInLimit, speed);
        }
        if (state == trackwright::PitState::Stopped) {
            stood = true;
            ++run.stoppedTicks;
            run.fastestStopped = std::max(run.fastestStopped, speed);
            if (r.defined && r.route == run.lane.route) run.stopOffBox = std::min(run.stopOffBox, std::abs(r.distance - run.lane.boxDistance));
        }
        if (stood && state == trackwright::PitState::None && r.defined && r.route == run.lane.mainRoute) {
            run.rejoined = true;
            run.rejoinedAt = race.time();
        }
    }
    // A few seconds more racing after the merge: a contact there is the merge's too.
    for (double until = race.time() + 5.0; race.time() < until;) race.step(kTick);
    run.contacts = race.contacts().involved[pitter];
    return run;
}

TEST(RacePit, SampleHasAPitLaneWithBoxesAndALimit) {
    const RaceTrack rt = raceTrack(sample("ridgeway_park.twtrack"));
    const trackwright::BakedTrack& track = rt.baked->track;
    int boxes = 0;
    for (std::uint32_t from = 0, index = 0; trackwright::findMarker(track, "pit-box", from, index); from = index + 1) ++boxes;
    EXPECT_GE(boxes, 10);
    trackwright::PitLane lane;
    trackwright::PitRequestStatus status;
    ASSERT_TRUE(trackwright::findPitLane(track, pitBox(track, "Box 5"), 0, lane, status)) << trackwright::pitRequestStatusName(status);
    EXPECT_NEAR(lane.speedLimit, 16.7f, 1e-4f);
    EXPECT_LT(lane.limitStart, lane.boxDistance);
    EXPECT_GT(lane.limitEnd, lane.boxDistance);
    EXPECT_GT(lane.joinDistance, lane.forkDistance);
    EXPECT_FLOAT_EQ(trackwright::pitStopTime(track), 4.0f);
}

// A car told to pit at the start while nine others race: it drives its first lap, turns into the
// lane, keeps to the 16.7 m/s limit, stands at Box 5 for the 4 s pit stop time and merges back on
// the main route, and no contact involves it. Three seeds: three grids, three sets of drivers.
TEST(RacePit, CarToldToPitStopsInItsBoxAndRejoinsWithoutContact) {
    const RaceTrack rt = raceTrack(sample("ridgeway_park.twtrack"));
    const float stopTime = trackwright::pitStopTime(rt.baked->track);
    for (std::uint64_t seed : {1u, 2u, 3u}) {
        const std::size_t pitter = seed % 10;
        const PitRun run = pitInRace(rt, 10, pitter, "Box 5", seed);
        SCOPED_TRACE("seed " + std::to_string(seed));
        ASSERT_TRUE(run.accepted);
        EXPECT_TRUE(run.enteredLane);
        EXPECT_LE(run.fastestInLimit, run.lane.speedLimit + 0.3f);
        EXPECT_GT(run.fastestInLimit, 0.8f * run.lane.speedLimit) << "it crawled through the lane";
        EXPECT_NEAR(run.stoppedTicks * kTick, stopTime, 1.01 * kTick);
        EXPECT_LT(run.fastestStopped, 0.06f);
        EXPECT_LT(run.stopOffBox, 1.5f);
        EXPECT_TRUE(run.rejoined);
        EXPECT_EQ(run.contacts, 0);
    }
}

// The same stop twice: the same race, tick for tick.
TEST(RacePit, PitStopIsDeterministic) {
    const RaceTrack rt = raceTrack(sample("ridgeway_park.twtrack"));
    const PitRun a = pitInRace(rt, 6, 2, "Box 9", 7);
    const PitRun b = pitInRace(rt, 6, 2, "Box 9", 7);
    ASSERT_TRUE(a.rejoined);
    EXPECT_EQ(a.rejoinedAt, b.rejoinedAt);
    EXPECT_EQ(a.stoppedTicks, b.stoppedTicks);
    EXPECT_EQ(a.fastestInLimit, b.fastestInLimit);
}

// No pit lane: the kart circuit has no pit-box marker at all, and a pit-box marker on the main
// route itself names no lane. Both are refused with the reason, and the car races on.
TEST(RacePit, RequestOnATrackWithoutAPitLaneIsRefused) {
    formats::TrackDocument kart = sample("kart.twtrack");
    {
        const RaceTrack rt = raceTrack(kart);
        const trackwright::BakedTrack& track = rt.baked->track;
        std::uint32_t index = 0;
        EXPECT_FALSE(trackwright::findMarker(track, "pit-box", 0, index));
        bake::SimulatedCar car(track, rt.base);
        EXPECT_EQ(car.requestPitStop(0), trackwright::PitRequestStatus::NotAPitBox);
        EXPECT_EQ(car.requestPitStop(12345), trackwright::PitRequestStatus::NotAPitBox);
        EXPECT_EQ(car.pitState(), trackwright::PitState::None);
    }
    kart.markers.push_back({"pit-box", kart.routes[0].nodes[5], "Box 1"});
    const RaceTrack rt = raceTrack(kart);
    const trackwright::BakedTrack& track = rt.baked->track;
    const std::uint32_t box = pitBox(track, "Box 1");
    ASSERT_NE(box, trackwright::format::kNoRoute);
    bake::SimulatedCar car(track, rt.base);
    const trackwright::PitRequestStatus status = car.requestPitStop(box);
    EXPECT_EQ(status, trackwright::PitRequestStatus::NoPitLane);
    EXPECT_STREQ(trackwright::pitRequestStatusName(status), "no pit lane");
    EXPECT_EQ(car.pitState(), trackwright::PitState::None);
    for (int i = 0; i < 600; ++i) car.step(kTick);
    EXPECT_GT(car.progress(), 100.0) << "the refused request stopped the car";
}

// A second request while a stop is under way is refused; a follower without pit stops says so.
TEST(RacePit, OneStopAtATime) {
    const RaceTrack rt = raceTrack(sample("ridgeway_park.twtrack"));
    const trackwright::BakedTrack& track = rt.baked->track;
    bake::SimulatedCar car(track, rt.base);
    EXPECT_EQ(car.requestPitStop(pitBox(track, "Box 1")), trackwright::PitRequestStatus::Accepted);
    EXPECT_EQ(car.pitState(), trackwright::PitState::Entering);
    EXPECT_EQ(car.requestPitStop(pitBox(track, "Box 2")), trackwright::PitRequestStatus::AlreadyPitting);
    bake::CarSetup pursuit = rt.base;
    pursuit.follower = trackwright::FollowerKind::Pursuit;
    bake::SimulatedCar other(track, pursuit);
    EXPECT_EQ(other.requestPitStop(pitBox(track, "Box 1")), trackwright::PitRequestStatus::Unsupported);
}

} // namespace
