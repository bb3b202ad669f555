// Racing in traffic (issue 25): the scenarios a race engineer would check.
#include "bake/sim/race.h"
#include "bake/sim/race_grid.h"

#include "trackwright/track/line_sampler.h"
#include "trackwright/traffic/follow_rules.h"
#include "trackwright/vehicle/starting_grid.h"
#include "tests/support/baked_sample.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace {

constexpr double kTick = 1.0 / 60.0;

/// An open, straight 2 km road along +x, nodes every 10 m, 12 m of tarmac, a racing line on the
/// centre and a class whose hints hold 31 m/s: the fast car (31 m/s) and, at 0.29 of the
/// hints, its slow one (9 m/s).
formats::TrackDocument straight(double halfWidth = 6.0) {
    formats::TrackDocument doc;
    doc.name = "Straight";
    formats::Route route{"straight", false, {}, std::nullopt, std::nullopt};
    formats::Line racing{"racing", 0, "", {}};
    for (int k = 0; k <= 200; ++k) {
        formats::TrackNode node;
        node.position = {10.0 * k, 0.0, 0.0};
        node.left = node.right = {halfWidth, halfWidth + 2.0, halfWidth + 4.0};
        route.nodes.push_back(static_cast<std::uint32_t>(k));
        racing.offsets.push_back(0.0);
        doc.nodes.push_back(node);
    }
    doc.routes.push_back(route);
    doc.lines.push_back(racing);
    doc.vehicleClasses.push_back({"car", 12.0, 6.0, 12.0, 31.0, 2.6, 0.55, 1.9});
    return doc;
}

/// A car on the racing line `distance` m along it, moving at `speed`.
bake::RaceEntry onLine(const trackwright::BakedTrack& track, double distance, float speed, float pace,
                       trackwright::FollowerKind follower = trackwright::FollowerKind::Runner) {
    const trackwright::LineSample s = trackwright::LineSampler(track, 0, 0).sample(static_cast<float>(distance));
    trackwright::VehicleState state;
    state.position = s.position;
    state.heading = static_cast<float>(std::atan2(s.tangent.y, s.tangent.x));
    state.speed = speed;
    bake::RaceEntry e;
    e.setup.follower = follower;
    e.driver.pace = pace;
    e.start = trackwright::startingBody(trackwright::vehiclePreset(e.setup.vehicle), state);
    return e;
}

// The measured bug: a 31 m/s car 50 m behind a 9 m/s one on the same line drove through it
// (centres 0.13 m apart). On a 12 m road it now pulls out, passes with room between the cars' sides,
// returns to the line once clear, and is well ahead within a bounded distance; never a touch.
TEST(Race, AFasterCarPassesASlowerOneOnAStraightWithoutContact) {
    const auto baked = tw::test::bakeSample(straight());
    std::vector<bake::RaceEntry> entries{onLine(baked->track, 50.0, 31.0f, 1.0f), onLine(baked->track, 104.6, 9.0f, 0.29f)};
    bake::Race race(baked->track, entries);
    double smallestSideGap = 1e9;  // m between the sides while the cars overlap along the road
    double passedAt = -1.0;        // m the fast car had driven when it was a car length clear ahead
    for (int tick = 0; tick < 40 * 60; ++tick) {
        race.step(kTick);
        const trackwright::TrafficCar& fast = race.trafficCar(0);
        const trackwright::TrafficCar& slow = race.trafficCar(1);
        if (std::abs(fast.distance - slow.distance) < 4.6f) smallestSideGap = std::min(smallestSideGap, double(std::abs(fast.lateral - slow.lateral)) - 1.9);
        if (passedAt < 0.0 && race.progress(0) - race.progress(1) > 2.0 * 4.6) passedAt = race.progress(0) - 50.0;
    }
    EXPECT_EQ(race.contacts().rear + race.contacts().side, 0);
    ASSERT_GT(passedAt, 0.0) << "the fast car never got by";
    EXPECT_LT(passedAt, 400.0);
    EXPECT_GT(smallestSideGap, 0.5);
    const trackwright::RaceCraftCounts& counts = race.raceCraft(0)->counts();
    EXPECT_EQ(counts.attempts, 1);
    EXPECT_EQ(counts.completed, 1);
    // Back on the line once clear.
    EXPECT_LT(std::abs(race.trafficCar(0).lateral), 0.3f);
}

// With no room to pass (5 m of tarmac) the fast car slows, follows at the time gap, and never touches.
TEST(Race, AFasterCarFollowsASlowerOneWhereThereIsNoRoomToPass) {
    const auto baked = tw::test::bakeSample(straight(2.5));
    std::vector<bake::RaceEntry> entries{onLine(baked->track, 50.0, 31.0f, 1.0f), onLine(baked->track, 104.6, 9.0f, 0.29f)};
    bake::Race race(baked->track, entries);
    double smallestGap = 1e9;
    for (int tick = 0; tick < 40 * 60; ++tick) {
        race.step(kTick);
        const double gap = race.progress(1) - race.progress(0) - 4.6;
        smallestGap = std::min(smallestGap, gap);
    }
    EXPECT_EQ(race.contacts().rear + race.contacts().side, 0);
    EXPECT_GT(smallestGap, 1.0);
    // Following, 40 s on: at the slow car's speed, the standstill gap plus the headway behind it.
    const float fast = race.car(0).body().state.speed, slow = race.car(1).body().state.speed;
    EXPECT_NEAR(slow, 9.0f, 0.5f);
    EXPECT_NEAR(fast, slow, 0.5f);
    const trackwright::FollowRules rules;
    const double gap = race.progress(1) - race.progress(0) - 4.6;
    EXPECT_GT(gap, rules.standstillGap);
    EXPECT_LT(gap, rules.standstillGap + rules.headway * 9.0 + 2.0);
    EXPECT_EQ(race.raceCraft(0)->counts().attempts, 0);
}

// The same with pursuit followers (their own target speed, eq. 1, times the pace).
TEST(Race, APursuitFollowerFollowsTooWithoutContact) {
    const auto baked = tw::test::bakeSample(straight());
    const auto pursuit = trackwright::FollowerKind::Pursuit;
    std::vector<bake::RaceEntry> entries{onLine(baked->track, 50.0, 31.0f, 1.0f, pursuit), onLine(baked->track, 104.6, 9.0f, 0.3f, pursuit)};
    bake::Race race(baked->track, entries);
    double smallestGap = 1e9;
    for (int tick = 0; tick < 40 * 60; ++tick) {
        race.step(kTick);
        smallestGap = std::min(smallestGap, race.progress(1) - race.progress(0) - 4.6);
    }
    EXPECT_EQ(race.contacts().rear + race.contacts().side, 0);
    EXPECT_GT(smallestGap, 1.0);
    EXPECT_NEAR(race.car(0).body().state.speed, race.car(1).body().state.speed, 0.5f);
}

struct PairTime {
    double closePairSeconds = 0.0;  ///< pair-seconds with centres less than 2 m apart (the issue's measure)
    int contacts = 0;
    std::vector<bake::ContactEpisode> episodes;
    std::vector<double> progress;
};

double closePairs(const std::vector<trackwright::format::Vec2>& positions) {
    double pairs = 0.0;
    for (std::size_t i = 0; i < positions.size(); ++i)
        for (std::size_t j = i + 1; j < positions.size(); ++j) pairs += trackwright::format::length(positions[i] - positions[j]) < 2.0;
    return pairs;
}

/// Eight drivers with spread paces from a reversed grid (the fastest at the back), 3 laps' time.
PairTime race(const trackwright::BakedTrack& track, std::uint64_t seed, double seconds) {
    const auto drivers = bake::spreadProfiles(8, seed);
    const auto entries = bake::gridEntries(track, drivers, bake::gridSlots(drivers, bake::GridOrder::Reversed, seed), {});
    EXPECT_EQ(entries.size(), 8u);
    bake::Race r(track, entries);
    PairTime out;
    std::vector<trackwright::format::Vec2> positions(entries.size());
    for (int tick = 0; tick < seconds / kTick; ++tick) {
        r.step(kTick);
        for (std::size_t i = 0; i < r.size(); ++i) positions[i] = r.car(i).body().state.position;
        out.closePairSeconds += closePairs(positions) * kTick;
    }
    out.contacts = r.contacts().rear + r.contacts().side;
    out.episodes = r.contacts().episodes;
    for (std::size_t i = 0; i < r.size(); ++i) out.progress.push_back(r.progress(i));
    return out;
}

/// The same drivers as if alone (today's runtime: each car ignores the others).
double ghostClosePairs(const trackwright::BakedTrack& track, std::uint64_t seed, double seconds) {
    const auto drivers = bake::spreadProfiles(8, seed);
    const auto entries = bake::gridEntries(track, drivers, bake::gridSlots(drivers, bake::GridOrder::Reversed, seed), {});
    std::vector<std::unique_ptr<bake::Race>> alone;  // a race of one car each: no traffic, no contacts
    for (const bake::RaceEntry& e : entries) alone.push_back(std::make_unique<bake::Race>(track, std::vector<bake::RaceEntry>{e}));
    double pairs = 0.0;
    std::vector<trackwright::format::Vec2> positions(entries.size());
    for (int tick = 0; tick < seconds / kTick; ++tick) {
        for (std::size_t i = 0; i < alone.size(); ++i) {
            alone[i]->step(kTick);
            positions[i] = alone[i]->car(0).body().state.position;
        }
        pairs += closePairs(positions) * kTick;
    }
    return pairs;
}

TEST(Race, EightCarsOnMonzaStayFarApartMoreThanGhostsDoAndCountContactsDeterministically) {
    const auto baked = tw::test::bakeSampleFile("monza.twtrack");
    const double seconds = 3 * 110.0;
    const PairTime first = race(baked->track, 1, seconds);
    const double ghosts = ghostClosePairs(baked->track, 1, seconds);
    std::printf("close pair-seconds: %.1f in traffic, %.1f as ghosts; contacts %d\n", first.closePairSeconds, ghosts, first.contacts);

    EXPECT_GT(ghosts, 10.0);
    EXPECT_LT(first.closePairSeconds, 0.1 * ghosts);
    EXPECT_LT(first.contacts, 8);
    const PairTime second = race(baked->track, 1, seconds);
    EXPECT_EQ(second.contacts, first.contacts);
    ASSERT_EQ(second.episodes.size(), first.episodes.size());
    for (std::size_t i = 0; i < first.episodes.size(); ++i) {
        EXPECT_EQ(second.episodes[i].blamed, first.episodes[i].blamed);
        EXPECT_EQ(second.episodes[i].time, first.episodes[i].time);
    }
    EXPECT_EQ(second.progress, first.progress);
}

} // namespace
