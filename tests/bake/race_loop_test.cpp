// One race loop (issue 48): what `twbake race` and the preview measure is what a game linking the
// runtime gets. The same field raced through a loop written as a game would write it — the
// runtime's RaceWorld, the runtime's reference vehicle model, wall contact and CarContacts, the
// game's own bodies — and through bake::Race must agree tick by tick, to the bit.
#include "bake/sim/driver_profile.h"
#include "bake/sim/race.h"
#include "bake/sim/race_grid.h"
#include "bake/sim/race_setup.h"
#include "bake/pipeline/default_vehicle_classes.h"

#include "trackwright/drive/car_contacts.h"
#include "trackwright/drive/race_world.h"
#include "trackwright/plan/recovery_planner.h"
#include "trackwright/track/track_markers.h"
#include "trackwright/traffic/slipstream.h"
#include "trackwright/vehicle/wall_contact.h"
#include "tests/support/baked_sample.h"

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

namespace {

constexpr float kTick = 1.0f / 60.0f;

/// A game's race: its own bodies, stepped by its physics (here the runtime's reference model), the
/// runtime's RaceWorld for the AI and CarContacts for the cars touching.
struct GameRace {
    GameRace(const trackwright::BakedTrack& t, const std::vector<bake::RaceEntry>& entries, std::uint32_t laps)
        : track(t), world(t, [&] {
              trackwright::RaceWorldOptions o;
              o.laps = laps;
              return o;
          }()),
          planner(t) {
        for (const bake::RaceEntry& e : entries) {
            trackwright::RaceCarSetup s;
            s.line = e.setup.line;
            s.vehicleClass = e.setup.vehicleClass;
            s.vehicle = trackwright::vehiclePreset(e.setup.vehicle);
            s.driver = e.driver;
            s.follower = e.setup.follower;
            EXPECT_EQ(world.addCar(s), trackwright::RaceWorldStatus::Ok);
            bodies.push_back(e.start);
            trackwright::Registrar registrar(t);
            registrar.assignRoute(t.view.lines[s.line].route);
            lastDefined.push_back(registrar.update(e.start.state.position));
        }
        world.attachRecoveryPlanner(&planner);
        states.resize(bodies.size());
        controls.resize(bodies.size());
    }

    void tick() {
        for (std::size_t i = 0; i < bodies.size(); ++i) states[i] = bodies[i].state;
        ASSERT_EQ(world.step(states, kTick, controls), trackwright::RaceWorldStatus::Ok);
        for (std::uint32_t i = 0; i < bodies.size(); ++i) {
            if (world.registration(i).defined) lastDefined[i] = world.registration(i);
            const trackwright::VehicleParameters& v = world.setup(i).vehicle;
            const float tow = world.slipstreamShare(i);
            ASSERT_TRUE(trackwright::stepVehicle(tow > 0.0f ? trackwright::inSlipstream(v, tow) : v, controls[i], kTick, bodies[i], lastDefined[i].road));
            trackwright::resolveWallContact(track, lastDefined[i], bodies[i]);
            if (const trackwright::TeleportRequest t = world.takeTeleportRequest(i); t.requested) {
                bodies[i] = {};
                bodies[i].state.position = t.position;
                bodies[i].state.heading = t.heading;
            }
        }
        time += double(kTick);
        ASSERT_TRUE(contacts.resolve(world, bodies, time));
    }

    const trackwright::BakedTrack& track;
    trackwright::RaceWorld world;
    trackwright::RecoveryPlanner planner;
    trackwright::CarContacts contacts;
    std::vector<trackwright::VehicleBody> bodies;
    std::vector<trackwright::Registration> lastDefined;
    std::vector<trackwright::VehicleState> states;
    std::vector<trackwright::Controls> controls;
    double time = 0.0;
};

bool sameBits(const trackwright::VehicleBody& a, const trackwright::VehicleBody& b) {
    const trackwright::VehicleState &s = a.state, &t = b.state;
    return std::memcmp(&s.position, &t.position, sizeof s.position) == 0 && std::memcmp(&s.heading, &t.heading, sizeof s.heading) == 0 &&
           std::memcmp(&s.speed, &t.speed, sizeof s.speed) == 0 && std::memcmp(&s.yawRate, &t.yawRate, sizeof s.yawRate) == 0 &&
           std::memcmp(&a.velocity, &b.velocity, sizeof a.velocity) == 0;
}

// A shuffled ten-car field on the sample with a pit lane, two cars told to pit: traffic, race craft,
// contacts, pit stops and the standings all go through the one loop.
TEST(RaceLoop, AGameStyleLoopAndTheBakesRaceAgreeTickByTick) {
    formats::TrackDocument doc = *formats::loadTrackFile(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/ridgeway_park.twtrack").document;
    bake::addVehicleClassFor(doc, trackwright::VehiclePreset::Car);
    const auto baked = tw::test::bakeSample(doc);
    const trackwright::BakedTrack& track = baked->track;
    const bake::CarSetup base = bake::raceCarSetup(track);
    const auto drivers = bake::spreadProfiles(10, 5);
    const auto entries = bake::gridEntries(track, drivers, bake::gridSlots(drivers, bake::GridOrder::Random, 5), base);
    ASSERT_EQ(entries.size(), 10u);
    constexpr int kLaps = 3;

    trackwright::RecoveryPlanner planner(track);
    bake::Race race(track, entries, kLaps, &planner);
    GameRace game(track, entries, kLaps);
    std::uint32_t box = 0;
    ASSERT_TRUE(trackwright::findMarker(track, "pit-box", 0, box));
    for (const std::size_t pitter : {std::size_t(3), std::size_t(7)}) {
        ASSERT_EQ(race.requestPitStop(pitter, box), trackwright::PitRequestStatus::Accepted);
        ASSERT_EQ(game.world.requestPitStop(static_cast<std::uint32_t>(pitter), box), trackwright::PitRequestStatus::Accepted);
    }
    int ticks = 0;
    for (; ticks < 600 * 60 && !race.allFinished(); ++ticks) {
        race.step(kTick);
        game.tick();
        ASSERT_FALSE(HasFatalFailure());
        for (std::uint32_t i = 0; i < race.size(); ++i) {
            ASSERT_TRUE(sameBits(race.car(i).body(), game.bodies[i])) << "car " << i << " differs at tick " << ticks;
            ASSERT_EQ(race.world().position(i), game.world.position(i)) << "car " << i << " at tick " << ticks;
        }
        ASSERT_EQ(race.contacts().episodes.size(), game.contacts.totals().episodes.size()) << "tick " << ticks;
    }
    EXPECT_TRUE(race.allFinished()) << "the race ran to the flag";
    for (std::uint32_t i = 0; i < race.size(); ++i) {
        EXPECT_EQ(race.world().finishTime(i), game.world.finishTime(i)) << "car " << i;
        EXPECT_EQ(race.car(i).totals().lapTimes.size(), static_cast<std::size_t>(kLaps)) << "car " << i;
    }
    EXPECT_EQ(race.pitStop(3)->stopsDone(), 1);
    EXPECT_EQ(race.pitStop(7)->stopsDone(), 1);
    // The comparison saw racing, not a procession.
    EXPECT_GT(race.world().raceDistance(0), 2.0 * race.lapLength());
}

} // namespace
