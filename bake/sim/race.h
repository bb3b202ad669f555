#pragma once

#include "bake/sim/reference_car.h"
#include "bake/sim/simulated_car.h"
#include "trackwright/drive/car_contacts.h"
#include "trackwright/drive/race_world.h"
#include "trackwright/traffic/driver_profile.h"
#include "trackwright/traffic/race_craft.h"
#include "trackwright/traffic/traffic_view.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace bake {

/// One car of a race: how it drives, who drives it and where it starts.
struct RaceEntry {
    CarSetup setup;                 ///< follower, vehicle, line, class (startDistance and speedCap are not used: a race starts on the grid, capped by the vehicle)
    trackwright::DriverProfile driver; ///< pace, aggression, consistency, reaction (traffic/driver_profile.h)
    trackwright::VehicleBody start; ///< its grid slot (starting_grid.h's gridSlot + startingBody)
    float length = 0.0f;            ///< m bumper to bumper; 0: the vehicle's wheelbase + 2 m of overhangs
};

using trackwright::ContactEpisode;
using trackwright::ContactTotals;
using trackwright::kContactEpisodeGap;

/// A race on the reference physics: the runtime's RaceWorld (what a game links) drives the field —
/// registration, laps, the traffic view, the followers with their race craft, the running order —
/// and this adds only what a game's physics would: each car's body on the reference vehicle model
/// (reference_car.h: vehicle step with the world's slipstream share, walls, teleports) and
/// car-to-car contact (trackwright::CarContacts). Per tick: every car's state goes to the world,
/// its controls come back, the bodies step, contacts are resolved. tests/bake/race_loop_test.cpp
/// races a field through a game-style loop and through this and compares them tick by tick.
/// Deterministic; after construction a tick allocates nothing (but a new contact episode's record).
class Race {
public:
    /// The field of `entries` on `track`, `laps` to the flag (0: none). `sharedPlanner` serves the
    /// planned recoveries; without one the race makes its own when a setup asks for them. `catchUp`:
    /// the world's (traffic/catch_up.h; off by default). Throws std::invalid_argument naming the car
    /// when the world refuses an entry (a line or class the track does not have, a driver or vehicle
    /// out of range).
    Race(const trackwright::BakedTrack& track, const std::vector<RaceEntry>& entries, int laps = 0, trackwright::RecoveryPlanner* sharedPlanner = nullptr,
         const trackwright::CatchUpPolicy& catchUp = {});

    void step(double dt);

    std::size_t size() const { return m_cars.size(); }
    /// Car i's body, metrics and laps on the reference model.
    const ReferenceCar& car(std::size_t i) const { return m_cars[i]; }
    const CarSetup& setup(std::size_t i) const { return m_setups[i]; }
    /// The runtime's race: standings, laps, followers, the traffic view.
    const trackwright::RaceWorld& world() const { return m_world; }
    /// m of the race car i has covered, laps included (RaceWorld::raceDistance).
    double progress(std::size_t i) const { return m_world.raceDistance(static_cast<std::uint32_t>(i)); }
    /// Tells car i to pit at the `pit-box` marker `boxMarker` (RaceWorld::requestPitStop).
    trackwright::PitRequestStatus requestPitStop(std::size_t i, std::uint32_t boxMarker) { return m_world.requestPitStop(static_cast<std::uint32_t>(i), boxMarker); }
    trackwright::PitState pitState(std::size_t i) const { return m_world.pitState(static_cast<std::uint32_t>(i)); }
    const trackwright::PitStop* pitStop(std::size_t i) const { return m_world.follower(static_cast<std::uint32_t>(i)).pitStop(); }
    trackwright::StuckStats stuckStats(std::size_t i) const { return m_world.follower(static_cast<std::uint32_t>(i)).stuckStats(); }
    /// Car i's race craft (its pass, yield and defence counts), or null for a follower without.
    const trackwright::RaceCraft* raceCraft(std::size_t i) const { return m_world.follower(static_cast<std::uint32_t>(i)).raceCraft(); }
    /// This tick's traffic view (built before the followers drove).
    const trackwright::TrafficView& view() const { return m_world.view(); }
    /// Car i as the view saw it this tick.
    const trackwright::TrafficCar& trafficCar(std::size_t i) const { return m_world.trafficInput(static_cast<std::uint32_t>(i)); }
    const ContactTotals& contacts() const { return m_contacts.totals(); }
    /// Every car has taken the flag (never in a race without one).
    bool allFinished() const { return !m_cars.empty() && m_world.standings().back().finished; }
    /// s simulated: the time the cars are at after the last step.
    double time() const { return m_time; }
    /// m, one lap (the lap route's length; 0 on a track without laps).
    double lapLength() const { return m_lapLength; }

private:
    std::unique_ptr<trackwright::RecoveryPlanner> m_ownPlanner;
    trackwright::RaceWorld m_world;
    /// By value, reserved once: the cars lie one after another, which the tick walks in order.
    std::vector<ReferenceCar> m_cars;
    std::vector<CarSetup> m_setups;
    std::vector<trackwright::VehicleState> m_states;
    std::vector<trackwright::Controls> m_controls;
    std::vector<trackwright::VehicleBody> m_bodies;  ///< the bodies, side by side for the contacts
    std::vector<std::uint32_t> m_lapsRecorded;       ///< per car: laps handed to its ReferenceCar
    trackwright::CarContacts m_contacts;
    double m_time = 0.0;
    double m_lapLength = 0.0;
};

} // namespace bake
