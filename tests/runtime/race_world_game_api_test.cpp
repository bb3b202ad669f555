// The race API as a game uses it (issue 48): a car the game drives that the AI sees and passes,
// a race that changes while it runs (a car added, retired, reset after a crash, a driver changed,
// the race paused), where each car will be in a few seconds, and heights for a track that passes
// over itself. Each misused on purpose too.
#include "trackwright/drive/car_contacts.h"
#include "trackwright/format/baked_limits.h"
#include "trackwright/drive/follower_factory.h"
#include "trackwright/drive/race_world.h"
#include "trackwright/traffic/race_craft.h"
#include "trackwright/track/line_sampler.h"
#include "trackwright/track/registrar.h"
#include "trackwright/track/track_point.h"
#include "trackwright/vehicle/starting_grid.h"
#include "trackwright/vehicle/vehicle_model.h"
#include "trackwright/vehicle/wall_contact.h"
#include "bake/pipeline/default_vehicle_classes.h"
#include "tests/support/race_cars.h"
#include "tests/support/test_tracks.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <numbers>
#include <vector>

namespace {

using trackwright::RaceWorldStatus;

constexpr float kDt = 1.0f / 60.0f;

const tw::test::BakedSample& monza() { return tw::test::bakedMonza(); }

/// A driver with no noise and no reaction time, so each test's race is its own to reason about.
trackwright::RaceCarSetup aiCar(const trackwright::BakedTrack& track, float pace, std::uint64_t seed) {
    trackwright::RaceCarSetup s = tw::test::racingLineCar(track, pace, seed);
    s.driver.consistency = 1.0f;
    s.driver.reactionTime = 0.0f;
    return s;
}

/// A game around a world: the reference model, walls, teleports and car-to-car contact. An external
/// car is driven by the game's own AI (a runner follower of the game's at its own pace, seeing
/// nothing), as a game on its own AI or a player would drive it.
struct Game {
    explicit Game(const trackwright::BakedTrack& t, std::uint32_t laps = 0) : track(t), world(t, options(laps)) {}
    static trackwright::RaceWorldOptions options(std::uint32_t laps) {
        trackwright::RaceWorldOptions o;
        o.laps = laps;
        return o;
    }
    std::uint32_t add(const trackwright::RaceCarSetup& setup, std::uint32_t slot) {
        std::uint32_t index = 0;
        EXPECT_EQ(world.addCar(setup, &index), RaceWorldStatus::Ok);
        trackwright::VehicleState at;
        EXPECT_TRUE(trackwright::gridSlot(track, slot, {}, at));
        bodies.push_back(trackwright::startingBody(setup.vehicle, at));
        states.emplace_back();
        controls.emplace_back();
        lastDefined.emplace_back();
        gameDrivers.emplace_back();
        return index;
    }
    /// An external car the game drives at `pace` with a follower of its own.
    std::uint32_t addExternal(float pace, std::uint32_t slot) {
        trackwright::RaceCarSetup setup = aiCar(track, 1.0f, 0);
        setup.external = true;
        const std::uint32_t car = add(setup, slot);
        gameDrivers.back() = trackwright::makeFollower(trackwright::FollowerKind::Runner, track, setup.line, setup.vehicleClass, setup.vehicle);
        trackwright::DriverProfile driver;
        driver.pace = pace;
        driver.consistency = 1.0f;
        driver.reactionTime = 0.0f;
        gameDrivers.back()->setDriver(driver);
        return car;
    }
    void tick() {
        for (std::size_t i = 0; i < bodies.size(); ++i) states[i] = bodies[i].state;
        ASSERT_EQ(world.step(states, kDt, controls), RaceWorldStatus::Ok);
        for (std::uint32_t i = 0; i < bodies.size(); ++i) {
            if (world.retired(i)) continue;
            if (world.registration(i).defined) lastDefined[i] = world.registration(i);
            trackwright::Controls c = controls[i];
            if (gameDrivers[i]) {
                EXPECT_EQ(c.throttle, 0.0f);  // the world does not drive an external car
                c = gameDrivers[i]->update({bodies[i].state, world.registration(i), kDt});
            }
            EXPECT_TRUE(trackwright::stepVehicle(world.setup(i).vehicle, c, kDt, bodies[i], lastDefined[i].road));
            trackwright::resolveWallContact(track, lastDefined[i], bodies[i]);
            if (const trackwright::TeleportRequest t = world.takeTeleportRequest(i); t.requested) {
                bodies[i] = {};
                bodies[i].state.position = t.position;
                bodies[i].state.heading = t.heading;
            }
        }
        time += kDt;
        ASSERT_TRUE(contacts.resolve(world, bodies, time));
    }

    const trackwright::BakedTrack& track;
    trackwright::RaceWorld world;
    trackwright::CarContacts contacts;
    double time = 0.0;
    std::vector<trackwright::VehicleBody> bodies;
    std::vector<trackwright::VehicleState> states;
    std::vector<trackwright::Controls> controls;
    std::vector<trackwright::Registration> lastDefined;
    std::vector<std::unique_ptr<trackwright::Follower>> gameDrivers;  ///< external cars' own drivers
};

/// Field by field, bit for bit (the struct's padding is not compared).
bool same(const trackwright::Controls& a, const trackwright::Controls& b) {
    return std::memcmp(&a.steering, &b.steering, sizeof a.steering) == 0 && std::memcmp(&a.throttle, &b.throttle, sizeof a.throttle) == 0 &&
           a.handbrake == b.handbrake && a.reverse == b.reverse;
}

bool sees(const trackwright::CarTraffic& t, std::uint32_t car) {
    for (int k = 0; k < t.aheadCount; ++k)
        if (t.ahead[k].car == car) return true;
    for (int k = 0; k < t.alongsideCount; ++k)
        if (t.alongside[k].car == car) return true;
    for (int k = 0; k < t.behindCount; ++k)
        if (t.behind[k].car == car) return true;
    return false;
}

// The player's car, slower, on pole; an AI car behind it follows, sees it, and passes it without
// touching it, as it would an AI car. The world gives the external car neutral controls and no race
// craft, and it stands in the tower like any other.
TEST(RaceWorldGameApi, AnAiCarSeesAnExternalCarFollowsItAndPassesItCleanly) {
    const trackwright::BakedTrack& track = monza().track;
    Game game(track, 3);
    const std::uint32_t player = game.addExternal(0.88f, 0);
    const std::uint32_t ai = game.add(aiCar(track, 1.0f, 5), 1);
    EXPECT_TRUE(game.world.external(player));
    EXPECT_FALSE(game.world.external(ai));
    EXPECT_EQ(game.world.follower(player).raceCraft(), nullptr);
    EXPECT_EQ(game.world.requestPitStop(player, 0), trackwright::PitRequestStatus::Unsupported);
    trackwright::DriverProfile driver;
    EXPECT_EQ(game.world.setDriver(player, driver), RaceWorldStatus::InvalidArgument);  // the game drives it

    bool sawPlayer = false;
    for (int tick = 0; tick < 60 * 60 * 10 && !game.world.finished(ai); ++tick) {
        game.tick();
        sawPlayer = sawPlayer || sees(game.world.traffic(ai), player);
    }
    EXPECT_GE(game.world.follower(ai).raceCraft()->counts().completed, 1);
    // The AI judged the player's pace from its speed, as a driver judges the car ahead.
    EXPECT_NEAR(game.world.trafficInput(player).pace, 0.88f, 0.06f);
    EXPECT_TRUE(sawPlayer);
    ASSERT_TRUE(game.world.finished(ai));
    EXPECT_EQ(game.world.position(ai), 1u) << "the AI car passed the slower player";
    EXPECT_EQ(game.world.position(player), 2u);
    EXPECT_EQ(game.contacts.totals().rear + game.contacts.totals().side, 0) << "it passed without touching";
    EXPECT_GE(game.world.lapStatus(player).lapsCompleted, 2u);  // its laps are counted too
}

// A car added to a race under way joins where it stands, with no laps; the steps' spans grow with it.
TEST(RaceWorldGameApi, ACarAddedMidRaceJoinsAndCountsItsLapsFromThere) {
    const trackwright::BakedTrack& track = monza().track;
    Game game(track, 0);
    game.add(aiCar(track, 1.0f, 1), 0);
    for (int tick = 0; tick < 60 * 20; ++tick) game.tick();
    std::vector<trackwright::VehicleState> two(2);
    trackwright::Controls controls[2];
    const std::uint32_t late = game.add(aiCar(track, 1.0f, 2), 3);
    EXPECT_EQ(late, 1u);
    EXPECT_EQ(game.world.step(std::span(two.data(), 1), kDt, std::span(controls, 1)), RaceWorldStatus::InvalidArgument) << "one state for two cars";
    for (int tick = 0; tick < 60 * 150; ++tick) game.tick();
    EXPECT_GE(game.world.lapStatus(late).lapsCompleted, 1u);
    EXPECT_LT(game.world.lapStatus(late).lapsCompleted, game.world.lapStatus(0).lapsCompleted + 1);
    EXPECT_GT(game.world.raceDistance(0), game.world.raceDistance(late)) << "20 s ahead";
    EXPECT_EQ(game.world.follower(late).stuckEvents(), 0);
}

// A retired car is out: no one sees it, it gets no controls, its state is not read (NaN is fine),
// it is last in the tower, and every later call on it says so.
TEST(RaceWorldGameApi, ARetiredCarLeavesTheTrafficAndTheRunning) {
    const trackwright::BakedTrack& track = monza().track;
    Game game(track, 0);
    for (std::uint32_t i = 0; i < 3; ++i) game.add(aiCar(track, 1.0f - 0.02f * static_cast<float>(i), 10 + i), i);
    for (int tick = 0; tick < 60 * 5; ++tick) game.tick();
    EXPECT_EQ(game.world.position(0), 1u);
    ASSERT_EQ(game.world.retireCar(0), RaceWorldStatus::Ok);
    EXPECT_TRUE(game.world.retired(0));
    EXPECT_EQ(game.world.standings().back().car, 0u);
    EXPECT_TRUE(game.world.standings().back().retired);
    EXPECT_EQ(game.world.position(1), 1u);
    EXPECT_EQ(game.world.retireCar(0), RaceWorldStatus::Retired);
    EXPECT_EQ(game.world.retireCar(3), RaceWorldStatus::InvalidArgument);
    trackwright::RacePose pose;
    EXPECT_EQ(game.world.resetCar(0, pose), RaceWorldStatus::Retired);
    EXPECT_EQ(game.world.predict(0, 1.0f, pose), RaceWorldStatus::Retired);
    EXPECT_EQ(game.world.setDriver(0, trackwright::DriverProfile{}), RaceWorldStatus::Retired);

    const double frozen = game.world.raceDistance(0);
    std::vector<trackwright::VehicleState> states(3);
    std::vector<trackwright::Controls> controls(3);
    for (int tick = 0; tick < 60 * 10; ++tick) {
        for (std::uint32_t i = 1; i < 3; ++i) states[i] = game.bodies[i].state;
        states[0].position.x = std::numeric_limits<double>::quiet_NaN();  // the game removed the car
        ASSERT_EQ(game.world.step(states, kDt, controls), RaceWorldStatus::Ok);
        EXPECT_EQ(controls[0].throttle, 0.0f);
        for (std::uint32_t i = 1; i < 3; ++i) {
            EXPECT_FALSE(sees(game.world.traffic(i), 0));
            ASSERT_TRUE(trackwright::stepVehicle(game.world.setup(i).vehicle, controls[i], kDt, game.bodies[i], game.world.registration(i).road));
        }
    }
    EXPECT_EQ(game.world.raceDistance(0), frozen);
    EXPECT_EQ(game.world.position(0), 3u);
    EXPECT_GT(game.world.raceDistance(1), frozen) << "the others raced on, past where it retired";
}

// After a crash the game asks where to put the car: on the route where it left, at the tarmac's edge
// on that side, facing the driving direction, and not on top of another car. It drives on from there.
TEST(RaceWorldGameApi, AResetPutsACrashedCarBesideWhereItLeftAndNotOnAnotherCar) {
    const trackwright::BakedTrack& track = monza().track;
    Game game(track, 0);
    game.add(aiCar(track, 1.0f, 1), 0);
    game.add(aiCar(track, 0.9f, 2), 1);
    for (int tick = 0; tick < 60 * 30; ++tick) game.tick();
    const trackwright::Registration before = game.world.registration(0);
    ASSERT_TRUE(before.defined);
    const std::uint32_t route = track.view.lines[game.world.setup(0).line].route;

    // Crashed: 40 m off the track to the side of it, at rest, pointing backwards.
    trackwright::TrackPoint where;
    ASSERT_TRUE(trackwright::routePointAt(track, route, before.distance, where));
    const double side = before.lateral >= 0.0f ? 1.0 : -1.0;
    game.bodies[0] = {};
    game.bodies[0].state.position = where.position + where.left * (side * 40.0);
    game.bodies[0].state.heading = where.heading + std::numbers::pi_v<float>;
    game.tick();
    EXPECT_FALSE(game.world.registration(0).defined);

    trackwright::RacePose placed;
    ASSERT_EQ(game.world.resetCar(0, placed), RaceWorldStatus::Ok);
    trackwright::Registrar registrar(track);
    registrar.assignRoute(route);
    const trackwright::Registration at = registrar.update(placed.position);
    ASSERT_TRUE(at.defined);
    EXPECT_EQ(at.route, route);
    EXPECT_NEAR(at.distance, before.distance, 3.0) << "beside where it left";
    EXPECT_GT(at.lateral * side, 0.0) << "on the side it left from, off the racing line";
    trackwright::TrackPoint there;
    ASSERT_TRUE(trackwright::routePointAt(track, route, at.distance, there));
    const float edge = side > 0 ? there.leftTrack : there.rightTrack;
    const float width = game.world.setup(0).vehicle.width;
    EXPECT_LE(std::abs(at.lateral) + 0.5f * width, edge - 0.4f) << "on the tarmac, clear of the edge";
    EXPECT_NEAR(std::remainder(placed.heading - there.heading, 2.0 * std::numbers::pi), 0.0, 0.05);
    EXPECT_TRUE(placed.onTrack);

    // Another car standing exactly there: the next reset moves back along the route.
    game.bodies[1] = {};
    game.bodies[1].state.position = placed.position;
    game.bodies[1].state.heading = placed.heading;
    game.bodies[0].state.position = where.position + where.left * (side * 40.0);
    game.tick();
    ASSERT_TRUE(game.world.trafficInput(1).registered);
    trackwright::RacePose moved;
    ASSERT_EQ(game.world.resetCar(0, moved), RaceWorldStatus::Ok);
    const trackwright::Registration back = registrar.update(moved.position);
    ASSERT_TRUE(back.defined);
    const float length = game.world.setup(0).vehicle.wheelbase + trackwright::format::kBodyOverhang;
    EXPECT_LT(back.distance, game.world.trafficInput(1).distance - length) << "behind the car standing there";

    // It drives on from its place.
    game.bodies[0] = trackwright::startingBody(game.world.setup(0).vehicle, {moved.position, moved.heading, 0.0f, 0.0f});
    const double distance = game.world.raceDistance(0);
    for (int tick = 0; tick < 60 * 10; ++tick) game.tick();
    EXPECT_GT(game.world.raceDistance(0), distance + 200.0);
    EXPECT_TRUE(game.world.registration(0).defined);
    EXPECT_EQ(game.world.resetCar(2, moved), RaceWorldStatus::InvalidArgument);
}

// A driver changed mid-race drives with the new profile from the next step: a pace of 0.85 laps
// Monza well over 10 % slower; an invalid profile is refused and changes nothing.
TEST(RaceWorldGameApi, ADriverChangedMidRaceDrivesAtItsNewPace) {
    const trackwright::BakedTrack& track = monza().track;
    Game game(track, 0);
    game.add(aiCar(track, 1.0f, 1), 0);
    while (game.world.lapStatus(0).lapsCompleted < 2) game.tick();
    const double fast = game.world.lapStatus(0).lastLapTime;
    trackwright::DriverProfile slow = game.world.setup(0).driver;
    slow.pace = 0.85f;
    trackwright::DriverProfile bad = slow;
    bad.aggression = std::numeric_limits<float>::quiet_NaN();
    EXPECT_EQ(game.world.setDriver(0, bad), RaceWorldStatus::InvalidArgument);
    EXPECT_EQ(game.world.setDriver(1, slow), RaceWorldStatus::InvalidArgument);
    ASSERT_EQ(game.world.setDriver(0, slow), RaceWorldStatus::Ok);
    EXPECT_EQ(game.world.setup(0).driver.pace, 0.85f);
    while (game.world.lapStatus(0).lapsCompleted < 4) game.tick();
    EXPECT_GT(game.world.lapStatus(0).lastLapTime, fast * 1.10);
}

// Paused, the race stands still whatever the game calls; resumed, it goes on exactly as a race that
// was never paused.
TEST(RaceWorldGameApi, APausedRaceChangesNothingAndResumesWhereItStood) {
    const trackwright::BakedTrack& track = monza().track;
    Game paused(track, 0), straight(track, 0);
    for (Game* g : {&paused, &straight})
        for (std::uint32_t i = 0; i < 3; ++i) g->add(aiCar(track, 1.0f - 0.03f * static_cast<float>(i), i + 1), i);
    for (int tick = 0; tick < 60 * 30; ++tick) {
        if (tick == 600) {
            paused.world.setPaused(true);
            EXPECT_TRUE(paused.world.paused());
            const double clock = paused.world.time();
            const std::vector<trackwright::Controls> last = paused.controls;
            const trackwright::LapStatus laps = paused.world.lapStatus(0);
            for (std::size_t i = 0; i < 3; ++i) paused.states[i] = paused.bodies[i].state;
            for (int k = 0; k < 300; ++k) {  // five seconds of a pause menu, the cars not moved
                std::vector<trackwright::Controls> out(3);
                ASSERT_EQ(paused.world.step(paused.states, kDt, out), RaceWorldStatus::Ok);
                for (std::size_t i = 0; i < 3; ++i) EXPECT_TRUE(same(out[i], last[i]));
            }
            EXPECT_EQ(paused.world.step(paused.states, -1.0f, paused.controls), RaceWorldStatus::InvalidArgument) << "still checked";
            EXPECT_EQ(paused.world.time(), clock);
            EXPECT_EQ(paused.world.lapStatus(0).raceTime, laps.raceTime);
            paused.world.setPaused(false);
            paused.controls = last;
        }
        paused.tick();
        straight.tick();
        for (std::size_t i = 0; i < 3; ++i) ASSERT_TRUE(same(paused.controls[i], straight.controls[i])) << "tick " << tick << " car " << i;
    }
    EXPECT_EQ(paused.world.time(), straight.world.time());
}

// Where will each car be? Predicted 1, 2 and 3 s ahead every second of a race and compared with
// where the cars went: along the line, at the speed the hints allow, the prediction is within a few
// metres and much nearer than straight on at the car's speed would be.
TEST(RaceWorldGameApi, APredictionIsNearWhereTheCarGoes) {
    const trackwright::BakedTrack& track = monza().track;
    Game game(track, 0);
    for (std::uint32_t i = 0; i < 4; ++i) game.add(aiCar(track, 1.0f - 0.03f * static_cast<float>(i), 20 + i), i);
    trackwright::RacePose pose;
    EXPECT_EQ(game.world.predict(0, 1.0f, pose), RaceWorldStatus::InvalidArgument) << "before the first step";
    game.tick();
    EXPECT_EQ(game.world.predict(0, -0.1f, pose), RaceWorldStatus::InvalidArgument);
    EXPECT_EQ(game.world.predict(0, 3.5f, pose), RaceWorldStatus::InvalidArgument);
    EXPECT_EQ(game.world.predict(0, std::numeric_limits<float>::quiet_NaN(), pose), RaceWorldStatus::InvalidArgument);
    EXPECT_EQ(game.world.predict(4, 1.0f, pose), RaceWorldStatus::InvalidArgument);

    struct Pending {
        int dueTick;
        std::uint32_t car;
        int horizon;  // s
        trackwright::RacePose predicted;
        trackwright::format::Vec2 straightOn;
    };
    std::vector<Pending> pending;
    double error[4] = {}, naive[4] = {};
    int count[4] = {};
    for (int tick = 1; tick < 60 * 120; ++tick) {
        game.tick();  // stepped with game.states, the cars at world.time()
        for (const Pending& p : pending) {
            if (p.dueTick != tick) continue;
            const trackwright::format::Vec2 actual = game.states[p.car].position;
            error[p.horizon] += trackwright::format::length(p.predicted.position - actual);
            naive[p.horizon] += trackwright::format::length(p.straightOn - actual);
            ++count[p.horizon];
        }
        std::erase_if(pending, [&](const Pending& p) { return p.dueTick <= tick; });
        if (tick % 60 != 0 || tick < 60 * 10) continue;
        for (std::uint32_t car = 0; car < 4; ++car)
            for (int horizon = 1; horizon <= 3; ++horizon) {
                trackwright::RacePose predicted;
                ASSERT_EQ(game.world.predict(car, static_cast<float>(horizon), predicted), RaceWorldStatus::Ok);
                EXPECT_TRUE(predicted.onTrack);
                const trackwright::VehicleState& now = game.states[car];
                const trackwright::format::Vec2 forward{std::cos(double(now.heading)), std::sin(double(now.heading))};
                pending.push_back({tick + 60 * horizon, car, horizon, predicted, now.position + forward * (double(now.speed) * horizon)});
            }
        trackwright::RacePose zero;
        ASSERT_EQ(game.world.predict(1, 0.0f, zero), RaceWorldStatus::Ok);
        EXPECT_LT(trackwright::format::length(zero.position - game.states[1].position), 0.5) << "0 s on is where it is";
    }
    for (int horizon = 1; horizon <= 3; ++horizon) {
        ASSERT_GT(count[horizon], 300);
        const double mean = error[horizon] / count[horizon], straight = naive[horizon] / count[horizon];
        std::printf("predicted %d s ahead: mean error %.2f m (straight on: %.2f m) over %d predictions\n", horizon, mean, straight, count[horizon]);
        EXPECT_LT(mean, 1.0 * horizon) << horizon << " s";
        EXPECT_LT(mean, 0.5 * straight) << horizon << " s";
    }
}

// A figure-eight whose decks cross 6 m apart: two cars at the crossing, one on the bridge and one
// under it. Given their heights they register on their own decks, half a lap apart, and are not
// neighbours; CarContacts does not push them apart. Without heights both register on one deck and
// collide (what a game without heights got).
TEST(RaceWorldGameApi, HeightsKeepCarsOnABridgeAndUnderItApart) {
    formats::TrackDocument doc = tw::test::bridgedFigureEight();
    doc.vehicleClasses = {bake::vehicleClassFor(trackwright::VehiclePreset::Car)};
    const auto sample = tw::test::bakeSample(doc);
    const trackwright::BakedTrack& track = sample->track;
    // The crossing is the origin: the upper deck heads 45°, the lower 135° (test_tracks.h).
    const trackwright::VehicleState upper{{0.0, 0.0}, std::numbers::pi_v<float> / 4.0f, 20.0f, 0.0f};
    const trackwright::VehicleState lower{{0.0, 0.0}, 3.0f * std::numbers::pi_v<float> / 4.0f, 20.0f, 0.0f};
    const auto race = [&](bool withHeights, trackwright::RaceWorld& world, trackwright::CarContacts& contacts) {
        for (int i = 0; i < 2; ++i) {
            trackwright::RaceCarSetup setup;
            setup.line = trackwright::findLine(track, 0, "racing", 0);
            if (setup.line == trackwright::kNoLine) setup.line = 0;
            ASSERT_EQ(world.addCar(setup), RaceWorldStatus::Ok);
        }
        const trackwright::VehicleState states[2] = {upper, lower};
        const float heights[2] = {6.0f, 0.0f};
        trackwright::Controls controls[2];
        const RaceWorldStatus status = withHeights ? world.step(states, heights, kDt, controls) : world.step(states, kDt, controls);
        ASSERT_EQ(status, RaceWorldStatus::Ok);
        std::vector<trackwright::VehicleBody> bodies(2);
        bodies[0].state = upper;
        bodies[1].state = lower;
        ASSERT_TRUE(contacts.resolve(world, bodies, 0.0));
    };
    trackwright::RaceWorld world(track);
    trackwright::CarContacts contacts;
    race(true, world, contacts);
    const float lap = track.view.routes[0].length;
    ASSERT_TRUE(world.registration(0).defined && world.registration(1).defined);
    EXPECT_NEAR(std::abs(std::remainder(world.registration(0).distance - world.registration(1).distance, lap)), 0.5f * lap, 0.05f * lap);
    // The upper deck is the start of the lap (t = 0 in test_tracks.h), the lower one half a lap on.
    EXPECT_NEAR(std::remainder(world.registration(0).distance, lap), 0.0f, 0.05f * lap);
    EXPECT_FALSE(sees(world.traffic(0), 1));
    EXPECT_FALSE(sees(world.traffic(1), 0));
    EXPECT_EQ(contacts.totals().episodes.size(), 0u);

    trackwright::RaceWorld blind(track);
    trackwright::CarContacts blindContacts;
    race(false, blind, blindContacts);
    EXPECT_TRUE(sees(blind.traffic(0), 1)) << "without heights they were neighbours";
    ASSERT_EQ(blindContacts.totals().episodes.size(), 1u);
    // The episode says what each car was doing: both on their line, each seeing the other alongside.
    const trackwright::ContactEpisode& e = blindContacts.totals().episodes[0];
    for (const trackwright::ContactCarState* state : {&e.blamedState, &e.otherState}) {
        EXPECT_STREQ(state->rule, "line");
        EXPECT_TRUE(state->sawOther);
        EXPECT_LE(state->gap, 0.0f);
        EXPECT_FLOAT_EQ(state->speed, 20.0f);
        EXPECT_EQ(state->passTarget, ~0u);
    }

    // A height span of the wrong size is refused.
    const trackwright::VehicleState states[2] = {upper, lower};
    const float one[1] = {6.0f};
    trackwright::Controls controls[2];
    EXPECT_EQ(world.step(states, one, kDt, controls), RaceWorldStatus::InvalidArgument);
}

} // namespace
