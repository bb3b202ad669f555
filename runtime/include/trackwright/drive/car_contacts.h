#pragma once

#include "trackwright/drive/race_world.h"
#include "trackwright/vehicle/car_contact.h"
#include "trackwright/vehicle/vehicle_model.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace trackwright {

/// What one car of a contact was doing as the contact began, for tracing it to a rule (issue 48):
/// the race-craft rule in charge of the car and what its traffic view predicted of the other car.
struct ContactCarState {
    /// The rule in charge: "line" (on its line, under the follow and alongside rules only),
    /// "passing", "outbraking", "returning" (to its line after a pass), "yielding" (a blue flag),
    /// "defending", "pit stop", "external" (the game drives it) or "no race craft" (a follower
    /// without one).
    const char* rule = "line";
    std::uint32_t passTarget = ~0u;  ///< the car it was passing (passing, outbraking), else ~0u
    float speed = 0.0f;          ///< m/s
    float lateral = 0.0f;        ///< m from the centre line, left positive
    float plannedOffset = 0.0f;  ///< m from its line it was steering to (Follower::plannedOffset)
    /// Its view of the other car this tick: seen (in its ahead, alongside or behind list), the gap
    /// along the route, the closing speed, the catch time and the lateral gap predicted at the catch.
    bool sawOther = false;
    float gap = 0.0f, closingSpeed = 0.0f, catchTime = 0.0f, lateralGapAtCatch = 0.0f;
};

/// One contact episode: a pair of cars touching from the first tick they overlap until they have been
/// apart for kContactEpisodeGap (a car pushed off by a hair and touching again the next tick is the
/// same contact).
struct ContactEpisode {
    std::uint32_t blamed = 0, other = 0;  ///< car indices; the blamed car hit the other
    bool rear = false;                    ///< along the route (blame on the car behind), else side (the car that moved across)
    double time = 0.0;                    ///< s into the race
    /// m along its route where the blamed car was (where on the lap a designer looks); negative:
    /// it was off every route.
    double distance = -1.0;
    ContactCarState blamedState, otherState;  ///< what each car was doing as it began
};

/// s two cars must stay apart for their next touch to count as a new episode.
inline constexpr double kContactEpisodeGap = 0.5;

/// Contacts so far.
struct ContactTotals {
    int rear = 0, side = 0;
    std::vector<int> blamed;   ///< per car: episodes it was blamed for
    std::vector<int> involved; ///< per car: episodes it was part of
    std::vector<ContactEpisode> episodes;
};

/// Car-to-car contact for a RaceWorld's field on a simple body model (vehicle/car_contact.h): an
/// optional helper beside wall contact, for a game whose physics has no car-to-car collisions of its
/// own (the bake's races use it with the reference model). After the cars moved, resolve() tests
/// the pairs the world's traffic view saw this tick (alongside, or less than kReach apart along the
/// route) and the cars registered off their line's route (a pit lane, at its fork and join) against
/// every car within reach in the world, pushes overlapping bodies apart (resolveCarContact), and
/// counts each pair once per episode with the blame: on the car behind for a rear contact, else on
/// the car that moved across. Cars off the track are not tested. Deterministic: cars in index
/// order, each pair once. Allocation: reserve() makes room; a tick then allocates nothing but a new
/// episode's record.
class CarContacts {
public:
    /// m a neighbour may be along the route, bumper to bumper, and still be tested: the view was
    /// built before the cars moved this tick, so a margin above a tick's relative travel.
    static constexpr float kReach = 4.0f;

    /// Room for `cars` cars.
    void reserve(std::size_t cars);
    /// After the game moved the cars of `world` for the last step: `bodies[i]` is car i now (the
    /// span's size must be world.size(); false and nothing done otherwise); `time` the race time
    /// the episodes are stamped with (s).
    bool resolve(const RaceWorld& world, std::span<VehicleBody> bodies, double time);
    const ContactTotals& totals() const { return m_totals; }

private:
    void test(const RaceWorld& world, std::span<VehicleBody> bodies, std::uint32_t i, std::uint32_t j, double time);

    /// Pairs in an episode: key (low index << 32 | high) and the last time they touched, sorted by key.
    std::vector<std::pair<std::uint64_t, double>> m_touching;
    std::vector<std::uint64_t> m_touchingNow;  ///< pairs touching this tick
    std::vector<std::uint32_t> m_offRoute;     ///< this tick's cars registered off their line's route
    ContactTotals m_totals;
};

} // namespace trackwright
