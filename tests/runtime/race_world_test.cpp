// The runtime's race world (issue 25): a game's cars added with their profiles, stepped together on
// the game's physics (here the reference model), ranked with timing-loop gaps; deterministic, and
// misuse refused with a status.
#include "trackwright/drive/race_world.h"

#include "trackwright/track/line_sampler.h"
#include "trackwright/track/race_zones.h"
#include "trackwright/track/track_markers.h"
#include "trackwright/vehicle/starting_grid.h"
#include "trackwright/vehicle/vehicle_model.h"
#include "trackwright/vehicle/wall_contact.h"
#include "tests/support/race_cars.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

namespace {

constexpr float kDt = 1.0f / 60.0f;

const tw::test::BakedSample& monza() { return tw::test::bakedMonza(); }

trackwright::RaceCarSetup setupFor(const trackwright::BakedTrack& track, float pace, std::uint64_t seed) {
    trackwright::RaceCarSetup s = tw::test::racingLineCar(track, pace, seed);
    s.driver.consistency = 0.95f;
    return s;
}

/// The game's side: the reference vehicle model, walls and teleports, around a world.
struct Game {
    Game(const trackwright::BakedTrack& t, const std::vector<float>& paces, std::uint32_t laps) : track(t), world(t, options(laps)) {
        world.reserve(paces.size());
        for (std::uint32_t i = 0; i < paces.size(); ++i) {
            std::uint32_t index = 99;
            EXPECT_EQ(world.addCar(setupFor(track, paces[i], 17 + i), &index), trackwright::RaceWorldStatus::Ok);
            EXPECT_EQ(index, i);
            trackwright::VehicleState slot;
            EXPECT_TRUE(trackwright::gridSlot(track, i, {}, slot));
            bodies.push_back(trackwright::startingBody(world.setup(i).vehicle, slot));
        }
        states.resize(paces.size());
        controls.resize(paces.size());
        lastDefined.resize(paces.size());
    }
    static trackwright::RaceWorldOptions options(std::uint32_t laps) {
        trackwright::RaceWorldOptions o;
        o.laps = laps;
        return o;
    }
    void tick() {
        for (std::size_t i = 0; i < bodies.size(); ++i) states[i] = bodies[i].state;
        ASSERT_EQ(world.step(states, kDt, controls), trackwright::RaceWorldStatus::Ok);
        for (std::uint32_t i = 0; i < bodies.size(); ++i) {
            if (world.registration(i).defined) lastDefined[i] = world.registration(i);
            EXPECT_TRUE(trackwright::stepVehicle(world.setup(i).vehicle, controls[i], kDt, bodies[i], lastDefined[i].road));
            trackwright::resolveWallContact(track, lastDefined[i], bodies[i]);
            if (const trackwright::TeleportRequest t = world.takeTeleportRequest(i); t.requested) {
                bodies[i] = {};
                bodies[i].state.position = t.position;
                bodies[i].state.heading = t.heading;
            }
        }
    }
    bool allFinished() const {
        for (std::uint32_t i = 0; i < bodies.size(); ++i)
            if (!world.finished(i)) return false;
        return true;
    }

    const trackwright::BakedTrack& track;
    trackwright::RaceWorld world;
    std::vector<trackwright::VehicleBody> bodies;
    std::vector<trackwright::VehicleState> states;
    std::vector<trackwright::Controls> controls;
    std::vector<trackwright::Registration> lastDefined;
};

/// The tower's invariants: every car once, leader first with no gap, the cars still racing by race
/// distance, gaps never negative and the gap to the leader at least the gap to the car ahead.
void expectConsistentTower(const trackwright::RaceWorld& world) {
    const auto tower = world.standings();
    ASSERT_EQ(tower.size(), world.size());
    std::vector<bool> seen(world.size(), false);
    for (std::uint32_t p = 0; p < tower.size(); ++p) {
        const trackwright::RaceStanding& s = tower[p];
        ASSERT_LT(s.car, world.size());
        EXPECT_FALSE(seen[s.car]);
        seen[s.car] = true;
        EXPECT_EQ(world.position(s.car), p + 1);
        EXPECT_EQ(world.standing(s.car).car, s.car);
        EXPECT_EQ(s.progress, world.raceDistance(s.car));
        if (p == 0) {
            EXPECT_EQ(s.gapToLeader, 0.0);
            EXPECT_EQ(s.gapToAhead, 0.0);
            continue;
        }
        EXPECT_GE(s.gapToAhead, 0.0);
        EXPECT_GE(s.gapToLeader + 1e-9, s.gapToAhead);
        if (!s.finished && !tower[p - 1].finished) {
            EXPECT_LE(s.progress, tower[p - 1].progress);
        }
        if (s.finished) {
            EXPECT_TRUE(tower[p - 1].finished);
        }
    }
}

TEST(RaceWorld, TheFasterDriverPullsAwayAndTheGapsAddUp) {
    const trackwright::BakedTrack& track = monza().track;
    // Pole: the fastest; then a mid-pace and a slow driver.
    Game game(track, {1.0f, 0.93f, 0.86f}, 2);
    ASSERT_EQ(game.world.size(), 3u);
    expectConsistentTower(game.world);  // before the start: the order they were added in
    double gapAt60 = 0.0;
    while (!game.allFinished() && game.world.time() < 400.0) {
        game.tick();
        expectConsistentTower(game.world);
        if (std::abs(game.world.time() - 60.0) < 0.5 * kDt) {
            const auto tower = game.world.standings();
            ASSERT_EQ(tower[0].car, 0u);
            EXPECT_EQ(tower[1].car, 1u);
            EXPECT_EQ(tower[2].car, 2u);
            gapAt60 = tower[1].gapToLeader;
            // Timing-loop gaps add up along the field, but for how much P2's gap to the leader changed
            // since the leader was where P3 is now (a few seconds at 7 % of pace: tenths).
            EXPECT_NEAR(tower[2].gapToLeader, tower[1].gapToAhead + tower[2].gapToAhead, 0.05 * tower[2].gapToLeader);
            // And match the distance between the cars at their speed there, roughly.
            const double metres = tower[0].progress - tower[1].progress;
            const double speed = std::max(1.0f, std::abs(game.bodies[1].state.speed));
            EXPECT_NEAR(tower[1].gapToLeader, metres / speed, 0.5 * metres / speed + 0.2);
        }
    }
    ASSERT_TRUE(game.allFinished()) << "time " << game.world.time();
    EXPECT_GT(gapAt60, 0.5);  // a 7 % faster driver is well clear after a minute
    const auto tower = game.world.standings();
    EXPECT_EQ(tower[0].car, 0u);
    EXPECT_EQ(tower[1].car, 1u);
    EXPECT_EQ(tower[2].car, 2u);
    for (std::uint32_t car = 0; car < 3; ++car) {
        EXPECT_EQ(game.world.lapStatus(car).lapsCompleted, 2u);
        EXPECT_EQ(game.world.standing(car).laps, 2);
        EXPECT_TRUE(game.world.standing(car).finished);
        EXPECT_GT(game.world.finishTime(car), 0.0);
        EXPECT_LE(game.world.finishTime(car), game.world.time());
    }
    // Between finishers the gaps are the finish times' differences, and they grew over the race.
    EXPECT_DOUBLE_EQ(tower[1].gapToLeader, game.world.finishTime(1) - game.world.finishTime(0));
    EXPECT_DOUBLE_EQ(tower[2].gapToAhead, game.world.finishTime(2) - game.world.finishTime(1));
    EXPECT_GT(tower[1].gapToLeader, gapAt60);
    EXPECT_GT(game.world.finishTime(1), game.world.finishTime(0));
    EXPECT_GT(game.world.finishTime(2), game.world.finishTime(1));
}

TEST(RaceWorld, AFasterDriverFromBehindGetsAheadOfASlowOne) {
    const trackwright::BakedTrack& track = monza().track;
    // A slow driver on pole, a much faster one beside and behind it.
    Game game(track, {0.8f, 1.0f}, 3);
    while (!game.allFinished() && game.world.time() < 600.0) game.tick();
    ASSERT_TRUE(game.allFinished());
    EXPECT_EQ(game.world.position(1), 1u);
    EXPECT_EQ(game.world.position(0), 2u);
    EXPECT_GT(game.world.standing(0).gapToLeader, 5.0);
}

TEST(RaceWorld, TheSameStatesGiveTheSameControls) {
    const trackwright::BakedTrack& track = monza().track;
    Game a(track, {1.0f, 0.95f, 0.9f, 0.97f}, 1);
    Game b(track, {1.0f, 0.95f, 0.9f, 0.97f}, 1);
    for (int tick = 0; tick < 60 * 60; ++tick) {
        a.tick();
        b.tick();
        ASSERT_EQ(0, std::memcmp(a.controls.data(), b.controls.data(), a.controls.size() * sizeof(trackwright::Controls))) << "tick " << tick;
        for (std::uint32_t p = 0; p < a.world.size(); ++p) {
            ASSERT_EQ(a.world.standings()[p].car, b.world.standings()[p].car);
            ASSERT_EQ(a.world.standings()[p].gapToLeader, b.world.standings()[p].gapToLeader);
        }
    }
    EXPECT_GT(a.world.raceDistance(0), 1000.0);  // they raced
}

TEST(RaceWorld, TheClockIsTheTimeOfTheStatesGiven) {
    const trackwright::BakedTrack& track = monza().track;
    Game game(track, {1.0f}, 1);
    game.tick();
    EXPECT_EQ(game.world.time(), 0.0);  // the start
    EXPECT_TRUE(game.world.started());
    game.tick();
    EXPECT_NEAR(game.world.time(), kDt, 1e-9);
    EXPECT_NEAR(game.world.lapStatus(0).raceTime, kDt, 1e-9);
    // Grid behind the start line: a negative race distance, no laps yet.
    EXPECT_LT(game.world.raceDistance(0), 0.0);
    EXPECT_EQ(game.world.standing(0).laps, 0);
}

// A game tells its leader to pit on Ridgeway Park (the pit-lane sample) through the world: the car
// drives into the lane, stands at its box for the track's stop time, merges back and finishes the
// race with its laps counted through the lane; the world moved its registration onto the lane and
// back. A second request while it pits and a marker that is no box are refused, and nothing changes.
TEST(RaceWorld, ACarToldToPitStandsAtItsBoxAndFinishesTheRace) {
    static const std::unique_ptr<tw::test::BakedSample> ridgeway = tw::test::bakeSampleFile("ridgeway_park.twtrack");
    const trackwright::BakedTrack& track = ridgeway->track;
    std::uint32_t box = 0, notABox = 0;
    ASSERT_TRUE(trackwright::findMarker(track, "pit-box", 0, box));
    for (std::uint32_t m = 0; m < track.view.markers.size(); ++m) {
        trackwright::TrackMarker marker;
        if (trackwright::markerAt(track, m, marker) && std::strcmp(marker.kind, "pit-box") != 0) notABox = m;
    }
    ASSERT_NE(notABox, box);
    Game game(track, {1.0f, 0.97f, 0.95f}, 3);
    game.tick();
    EXPECT_EQ(game.world.requestPitStop(0, notABox), trackwright::PitRequestStatus::NotAPitBox);
    EXPECT_EQ(game.world.pitState(0), trackwright::PitState::None);
    ASSERT_EQ(game.world.requestPitStop(0, box), trackwright::PitRequestStatus::Accepted);
    EXPECT_EQ(game.world.pitState(0), trackwright::PitState::Entering);
    EXPECT_EQ(game.world.requestPitStop(0, box), trackwright::PitRequestStatus::AlreadyPitting);

    const std::uint32_t mainRoute = track.view.lines[game.world.setup(0).line].route;
    bool registeredOnLane = false, seen[5] = {};
    int stoppedTicks = 0;
    float fastestStopped = 0.0f;
    double furthest = game.world.raceDistance(0), distanceDrop = 0.0;
    for (int tick = 0; tick < 12 * 60 * 60 && !game.allFinished(); ++tick) {
        game.tick();
        const trackwright::PitState state = game.world.pitState(0);
        seen[static_cast<int>(state)] = true;
        if (state == trackwright::PitState::Stopped) {
            ++stoppedTicks;
            fastestStopped = std::max(fastestStopped, std::abs(game.bodies[0].state.speed));
        }
        if (game.world.registration(0).defined && game.world.registration(0).route != mainRoute) registeredOnLane = true;
        // Race distance never runs backwards through the lane (the lap counter maps it onto the main route).
        distanceDrop = std::max(distanceDrop, furthest - game.world.raceDistance(0));
        furthest = std::max(furthest, game.world.raceDistance(0));
    }
    EXPECT_TRUE(seen[static_cast<int>(trackwright::PitState::InLane)]);
    EXPECT_TRUE(seen[static_cast<int>(trackwright::PitState::Stopped)]);
    EXPECT_TRUE(seen[static_cast<int>(trackwright::PitState::Rejoining)]);
    EXPECT_TRUE(registeredOnLane);
    EXPECT_EQ(game.world.pitStopsDone(0), 1);
    EXPECT_EQ(game.world.pitState(0), trackwright::PitState::None);
    EXPECT_NEAR(static_cast<double>(stoppedTicks) * kDt, trackwright::pitStopTime(track), 2.0 * kDt);
    EXPECT_LT(fastestStopped, 0.3f);
    EXPECT_LT(distanceDrop, 0.5);
    ASSERT_TRUE(game.allFinished());
    EXPECT_EQ(game.world.lapStatus(0).lapsCompleted, 3u);
    EXPECT_EQ(game.world.pitStopsDone(1), 0);
    expectConsistentTower(game.world);

    // The pursuit follower makes no pit stops: it says so.
    trackwright::RaceWorld pursuit(track);
    trackwright::RaceCarSetup setup = setupFor(track, 1.0f, 3);
    setup.follower = trackwright::FollowerKind::Pursuit;
    ASSERT_EQ(pursuit.addCar(setup), trackwright::RaceWorldStatus::Ok);
    EXPECT_EQ(pursuit.requestPitStop(0, box), trackwright::PitRequestStatus::Unsupported);
    EXPECT_EQ(pursuit.pitStopsDone(0), 0);
}

TEST(RaceWorld, RefusesMisuseAndChangesNothing) {
    const trackwright::BakedTrack& track = monza().track;
    trackwright::RaceWorld world(track);
    trackwright::RaceCarSetup good = setupFor(track, 1.0f, 1);
    std::uint32_t index = 42;

    trackwright::RaceCarSetup bad = good;
    bad.line = static_cast<std::uint32_t>(track.view.lines.size());
    EXPECT_EQ(world.addCar(bad, &index), trackwright::RaceWorldStatus::InvalidArgument);
    bad = good;
    bad.vehicleClass = 1000;
    EXPECT_EQ(world.addCar(bad, &index), trackwright::RaceWorldStatus::InvalidArgument);
    bad = good;
    bad.vehicle.wheelbase = std::numeric_limits<float>::quiet_NaN();
    EXPECT_EQ(world.addCar(bad, &index), trackwright::RaceWorldStatus::InvalidArgument);
    bad = good;
    bad.driver.pace = 1.5f;
    EXPECT_EQ(world.addCar(bad, &index), trackwright::RaceWorldStatus::InvalidArgument);
    bad = good;
    bad.length = -1.0f;
    EXPECT_EQ(world.addCar(bad, &index), trackwright::RaceWorldStatus::InvalidArgument);
    bad = good;
    bad.width = std::numeric_limits<float>::infinity();
    EXPECT_EQ(world.addCar(bad, &index), trackwright::RaceWorldStatus::InvalidArgument);
    EXPECT_EQ(world.size(), 0u);
    EXPECT_EQ(index, 42u);

    ASSERT_EQ(world.addCar(good, &index), trackwright::RaceWorldStatus::Ok);
    ASSERT_EQ(world.addCar(good), trackwright::RaceWorldStatus::Ok);
    EXPECT_EQ(index, 0u);
    trackwright::VehicleState states[2];
    ASSERT_TRUE(trackwright::gridSlot(track, 0, {}, states[0]));
    ASSERT_TRUE(trackwright::gridSlot(track, 1, {}, states[1]));
    trackwright::Controls controls[2] = {{0.5f, 0.5f, true}, {0.5f, 0.5f, true}};
    const auto neutral = [&] {
        for (const trackwright::Controls& c : controls)
            if (c.steering != 0.0f || c.throttle != 0.0f || c.handbrake) return false;
        return true;
    };
    EXPECT_EQ(world.step(std::span(states, 1), kDt, controls), trackwright::RaceWorldStatus::InvalidArgument);  // one state for two cars
    EXPECT_TRUE(neutral());
    EXPECT_EQ(world.step(states, kDt, std::span(controls, 1)), trackwright::RaceWorldStatus::InvalidArgument);
    EXPECT_EQ(world.step(states, -kDt, controls), trackwright::RaceWorldStatus::InvalidArgument);
    EXPECT_EQ(world.step(states, std::numeric_limits<float>::quiet_NaN(), controls), trackwright::RaceWorldStatus::InvalidArgument);
    trackwright::VehicleState nanState[2] = {states[0], states[1]};
    nanState[1].position.x = std::numeric_limits<double>::quiet_NaN();
    controls[0].throttle = 1.0f;
    EXPECT_EQ(world.step(nanState, kDt, controls), trackwright::RaceWorldStatus::InvalidArgument);
    EXPECT_TRUE(neutral());
    EXPECT_FALSE(world.started());  // none of those counted

    ASSERT_EQ(world.step(states, kDt, controls), trackwright::RaceWorldStatus::Ok);
    EXPECT_TRUE(world.started());
    EXPECT_EQ(world.size(), 2u);
    EXPECT_TRUE(world.registration(0).defined);
    EXPECT_EQ(world.traffic(0).behindCount + world.traffic(0).alongsideCount, 1);  // car 1 is there, behind or beside
    // A huge finite dt looped once per 0.1 s of it in the timing loop (1e8 s: 12 s; 3e38: forever).
    for (float huge : {trackwright::kMaxTick * 1.01f, 1e8f, 3e38f})
        EXPECT_EQ(world.step(states, huge, controls), trackwright::RaceWorldStatus::InvalidArgument) << huge;
    EXPECT_TRUE(neutral());
    EXPECT_EQ(world.step(states, trackwright::kMaxTick, controls), trackwright::RaceWorldStatus::Ok);
    // An empty world steps too.
    trackwright::RaceWorld empty(track);
    EXPECT_EQ(empty.step({}, kDt, {}), trackwright::RaceWorldStatus::Ok);
    EXPECT_TRUE(empty.standings().empty());
}

TEST(RaceWorld, OptionsOutOfRangeRefuseEveryCarWithoutAnException) {
    // timingSamples = SIZE_MAX made addCar throw std::length_error across a no-exception API.
    const trackwright::BakedTrack& track = monza().track;
    const trackwright::RaceCarSetup good = setupFor(track, 1.0f, 1);
    auto withOptions = [&](auto&& change) {
        trackwright::RaceWorldOptions options;
        change(options);
        EXPECT_FALSE(trackwright::validRaceWorldOptions(options));
        trackwright::RaceWorld world(track, options);
        EXPECT_EQ(world.addCar(good), trackwright::RaceWorldStatus::InvalidArgument);
        EXPECT_EQ(world.size(), 0u);
    };
    withOptions([](trackwright::RaceWorldOptions& o) { o.timingSamples = SIZE_MAX; });
    withOptions([](trackwright::RaceWorldOptions& o) { o.timingSamples = trackwright::RaceTiming::kMaxSamples + 1; });
    withOptions([](trackwright::RaceWorldOptions& o) { o.timingSamples = 1; });
    withOptions([](trackwright::RaceWorldOptions& o) { o.timingStep = 1e-300; });
    withOptions([](trackwright::RaceWorldOptions& o) { o.timingStep = std::numeric_limits<double>::quiet_NaN(); });
    withOptions([](trackwright::RaceWorldOptions& o) { o.traffic.aheadRange = std::numeric_limits<float>::infinity(); });
    withOptions([](trackwright::RaceWorldOptions& o) { o.traffic.lateralHorizon = -1.0f; });
    EXPECT_TRUE(trackwright::validRaceWorldOptions({}));
}

TEST(RaceTiming, AClockThatJumpsFarTakesARingfulOfSamplesNotOnePerStep) {
    trackwright::RaceTiming timing(2, 0.1, 50);
    const double progress[2] = {10.0, 5.0};
    timing.record(0.0, progress);
    timing.record(1e30, progress);  // once a sample per 0.1 s: never returned
    const double later[2] = {20.0, 15.0};
    timing.record(1e30 + 1.0, later);
    EXPECT_EQ(timing.timeAt(0, 25.0, 1e30 + 1.0), 1e30 + 1.0);  // not there yet
}

TEST(RaceTiming, GapsAreHowLongAgoTheCarAheadWasHere) {
    // Two cars at constant speeds 50 and 40 m/s, the second starting 100 m behind.
    trackwright::RaceTiming timing(2);
    std::vector<trackwright::RaceStanding> tower = {{1, 0, 0, false, 0, 0}, {0, 0, 0, false, 0, 0}};
    const std::uint32_t places[2] = {UINT32_MAX, UINT32_MAX};
    const double finishes[2] = {-1.0, -1.0};
    double now = 0.0;
    for (int tick = 0; tick <= 600; ++tick) {  // 10 s at 60 Hz
        now = tick / 60.0;
        const double progress[2] = {50.0 * now, 40.0 * now - 100.0};
        timing.record(now, progress);
        tower[0].progress = progress[tower[0].car];
        tower[1].progress = progress[tower[1].car];
        timing.rank(tower, places, finishes, now);
    }
    ASSERT_EQ(tower[0].car, 0u);  // sorted
    // Car 1 is at 300 m; car 0 was there at 6 s: 4 s ago.
    EXPECT_NEAR(tower[1].gapToLeader, 4.0, 1e-6);
    EXPECT_EQ(tower[1].gapToAhead, tower[1].gapToLeader);
    // Where car 0 has not yet been: no gap to read.
    EXPECT_EQ(timing.timeAt(0, 1e6, now), now);
    // Finished cars rank first by their place at the flag, gaps by their finish times.
    const std::uint32_t flagged[2] = {1, 0};
    const double times[2] = {12.0, 11.0};
    tower[0].finished = tower[1].finished = true;
    timing.rank(tower, flagged, times, now);
    EXPECT_EQ(tower[0].car, 1u);
    EXPECT_DOUBLE_EQ(tower[1].gapToLeader, 1.0);
}

// The gaps read the ring by galloping back from the newest sample and halving: the answer is the
// linear scan's (the newest sample at or below the progress, interpolated to the next), for a gap
// of one sample, of the whole ring, before the oldest sample, after the ring wrapped, and a car
// that sat still for a while (equal samples).
TEST(RaceTiming, TimeAtReadsTheHistoryAsALinearScanWould) {
    constexpr std::size_t kSamples = 50;
    trackwright::RaceTiming timing(1, 0.1, kSamples);
    std::vector<double> recorded;
    double now = 0.0;
    for (int k = 0; k < 137; ++k) {  // wraps the ring twice; stands still between samples 60 and 70
        now = 0.1 * k;
        const double progress = k < 60 ? 3.0 * k : k < 70 ? 180.0 : 180.0 + 2.0 * (k - 70);
        const double one[1] = {progress};
        timing.record(now, one);
        recorded.push_back(progress);
    }
    const std::size_t count = std::min(recorded.size(), kSamples);
    const double oldestTime = 0.1 * static_cast<double>(recorded.size() - count);
    const auto linear = [&](double progress) {
        for (std::size_t k = count; k-- > 0;) {
            const double p = recorded[recorded.size() - count + k];
            if (p > progress) continue;
            if (k + 1 == count) return now;
            const double p1 = recorded[recorded.size() - count + k + 1];
            return oldestTime + 0.1 * (static_cast<double>(k) + (p1 > p ? (progress - p) / (p1 - p) : 0.0));
        }
        return oldestTime;
    };
    for (double progress = 150.0; progress <= 320.0; progress += 0.37) EXPECT_NEAR(timing.timeAt(0, progress, now), linear(progress), 1e-9) << progress;
    EXPECT_EQ(timing.timeAt(0, recorded.back(), now), now);
    EXPECT_NEAR(timing.timeAt(0, 0.0, now), oldestTime, 1e-9);  // before the oldest sample
}

// The tower reads every gap to the leader in one sweep back through the leader's history: each
// car's gap is the one its own look-up gives, for a strung-out field of cars at different speeds
// (some behind where the leader's kept history begins, one level with the leader).
TEST(RaceTiming, TheTowersGapsToTheLeaderAreEachCarsOwnLookUp) {
    constexpr std::size_t kCars = 12;
    trackwright::RaceTiming timing(kCars, 0.1, 100);
    std::vector<double> progress(kCars);
    double now = 0.0;
    for (int tick = 0; tick <= 60 * 30; ++tick) {
        now = tick / 60.0;
        for (std::size_t c = 0; c < kCars; ++c) progress[c] = c == 1 ? 60.0 * now : (58.0 - 2.5 * double(c)) * now - 4.0 * double(c);
        timing.record(now, progress);
    }
    std::vector<trackwright::RaceStanding> tower(kCars);
    for (std::uint32_t c = 0; c < kCars; ++c) tower[c].car = c, tower[c].progress = progress[c];
    const std::vector<std::uint32_t> racing(kCars, kCars);
    const std::vector<double> noFinish(kCars, 0.0);
    timing.rank(tower, racing, noFinish, now);
    ASSERT_EQ(tower[0].car, 1u);
    EXPECT_EQ(tower[1].car, 0u);
    int beforeHistory = 0;
    for (std::size_t p = 1; p < kCars; ++p) {
        const double own = now - timing.timeAt(1, tower[p].progress, now);
        EXPECT_DOUBLE_EQ(tower[p].gapToLeader, own) << "place " << p;
        EXPECT_DOUBLE_EQ(tower[p].gapToAhead, now - timing.timeAt(tower[p - 1].car, tower[p].progress, now)) << "place " << p;
        beforeHistory += own > 9.8;  // the oldest sample kept is 9.9 s old
    }
    EXPECT_GT(beforeHistory, 0);  // the ring's 10 s ends within the field
}

} // namespace
