#pragma once

#include "bake/sim/simulated_car.h"
#include "trackwright/traffic/driver_profile.h"
#include "trackwright/traffic/traffic_view.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace bake {

/// One car of a race: how it drives, who drives it and where it starts.
struct RaceEntry {
    CarSetup setup;                 ///< follower, vehicle, line, class (startDistance is set from `start`)
    trackwright::DriverProfile driver; ///< pace, aggression, consistency, reaction (traffic/driver_profile.h)
    trackwright::VehicleBody start; ///< its grid slot (starting_grid.h's gridSlot + startingBody)
    float length = 0.0f;            ///< m bumper to bumper; 0: the vehicle's wheelbase + 2 m of overhangs
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

/// N simulated cars stepped together, one tick at a time: every car registers, the traffic view is
/// built from the registrations (trackwright/traffic/traffic_view.h), each follower reads its car's
/// neighbours and drives, the vehicles step, and car-to-car contacts are resolved (car_contact.h)
/// and counted once per pair and episode. Deterministic: cars are always visited in index order
/// and contact pairs in sorted order. After construction a tick allocates nothing (but a new contact
/// episode's record). Contacts are tested between the pairs the view saw this tick (alongside, or
/// less than 4 m apart along the route) and between cars registered on different routes (a pit lane
/// at its fork and join) whose centres are within reach in the world; cars off the track are not tested.
class Race {
public:
    Race(const trackwright::BakedTrack& track, const std::vector<RaceEntry>& entries, trackwright::RecoveryPlanner* sharedPlanner = nullptr);

    void step(double dt);

    std::size_t size() const { return m_cars.size(); }
    const SimulatedCar& car(std::size_t i) const { return m_cars[i]; }
    /// Tells car i to pit at the `pit-box` marker `boxMarker` (SimulatedCar::requestPitStop).
    trackwright::PitRequestStatus requestPitStop(std::size_t i, std::uint32_t boxMarker) { return m_cars[i].requestPitStop(boxMarker); }
    /// This tick's traffic view (built before the followers drove).
    const trackwright::TrafficView& view() const { return m_view; }
    /// Car i as the view saw it this tick.
    const trackwright::TrafficCar& trafficCar(std::size_t i) const { return m_inputs[i]; }
    const ContactTotals& contacts() const { return m_contacts; }
    double time() const { return m_time; }

private:
    void resolveContacts();

    const trackwright::BakedTrack& m_track;
    /// By value, reserved once: the cars lie one after another, which the tick walks in order.
    std::vector<SimulatedCar> m_cars;
    std::vector<float> m_lengths;
    std::uint32_t m_mainRoute = 0;         ///< the route of the first car's line: the race's
    std::vector<std::uint32_t> m_offMain;  ///< this tick's cars registered on another route (a pit lane)
    std::vector<float> m_paces;  ///< each driver's pace, published to the others (TrafficCar::pace)
    std::vector<trackwright::TrafficCar> m_inputs;
    trackwright::TrafficView m_view;
    /// Pairs in an episode: key (low index << 32 | high) and the last time they touched, sorted by key.
    std::vector<std::pair<std::uint64_t, double>> m_touching;
    std::vector<std::uint64_t> m_touchingNow;  ///< pairs touching this tick
    ContactTotals m_contacts;
    double m_time = 0.0;
};

} // namespace bake
