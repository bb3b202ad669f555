#pragma once

#include "bake/sim/race_grid.h"
#include "bake/sim/race_tally.h"
#include "trackwright/traffic/race_craft.h"

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace bake {

/// A whole race as `twbake race` runs it.
struct RaceOptions {
    int cars = 10;
    int laps = 5;                     ///< timed laps from the first crossing of the start line
    GridOrder grid = GridOrder::Ordered;
    std::uint64_t seed = 1;
    ProfileSpread spread;             ///< how the drivers' profiles spread, drawn from the seed
    /// Drivers given (a --profiles file): used in order instead of drawing them; fewer than `cars`
    /// are drawn for the rest. A given driver's seed 0 takes the one drawn for it.
    std::vector<DriverProfile> profiles;
    /// Every driver's mistakes (DriverProfile::mistakes, a multiple of the documented rates) over
    /// the drawn or given drivers' own; none: theirs (drawn drivers make none).
    std::optional<float> mistakes;
    /// Every car's strength (`twbake race --strength`, the editor preview's level), drawn and given
    /// drivers alike but for a given driver marked in `ownStrength`; none: each driver's own (1 for
    /// a drawn one).
    std::optional<float> strength;
    /// Per given driver (`profiles[i]`): its file gave it a strength of its own (a roster's
    /// "strength", RosterDriver::setsStrength), which `strength` leaves alone. `twbake race` refuses
    /// --strength with such a file instead; the editor's preview races the file's.
    std::vector<bool> ownStrength;
    CarSetup base;                    ///< follower, vehicle, line and class of every car
    double dt = 1.0 / 60.0;           ///< s per tick
    bool alone = true;                ///< also run each car alone for its time lost in traffic
    /// Every car pits once (pit_stop.h), told to on a lap drawn from the seed in the middle third of
    /// the race (pitLapRange), at box (car index mod the track's boxes) in marker order.
    bool pitStops = false;
    trackwright::CatchUpPolicy catchUp;  ///< off by default (traffic/catch_up.h)
};

/// A race's field as `options` line it up on `track`.
struct RaceField {
    /// In car order: `options.cars` drivers drawn from the seed (spreadProfiles), the given ones
    /// (`profiles`) over the first of them (a given seed 0 takes the drawn one), then every driver's
    /// mistakes and strength as `mistakes`, `strength` and `ownStrength` say.
    std::vector<DriverProfile> drivers;
    std::vector<std::uint32_t> carSlots;  ///< each driver's grid slot (0 = pole), from `grid` and the seed
    std::vector<RaceEntry> entries;    ///< each car on its slot of the track's grid; empty: the field does not fit
};

/// Lines the field up as runRace does: `twbake race` and the editor's preview race go through this one
/// function, so the same options race the same drivers from the same slots.
RaceField lineUp(const trackwright::BakedTrack& track, const RaceOptions& options);

/// The laps (1-based, timed laps) a car may be told to pit on: the middle third of `laps`,
/// [laps/3 + 1, max(that, 2·laps/3)] in whole laps (4–6 of 10, 2–3 of 5, 1 of 1 or 2).
std::pair<int, int> pitLapRange(int laps);

/// The `pit-box` markers of `track` on a pit lane of route 0 (findPitLane), in marker order.
std::vector<std::uint32_t> raceBoxes(const trackwright::BakedTrack& track);

/// One car's race.
struct RaceCarResult {
    float pace = 1.0f;
    float strength = 1.0f;
    std::uint32_t grid = 0, finish = 0;  ///< positions, 1-based
    int laps = 0;                        ///< timed laps completed
    bool finished = false;
    double finishTime = 0.0;             ///< s from the start to its last lap's crossing
    double bestLap = 0.0, medianLap = 0.0;  ///< s, flying laps (all but the first, from the standing start)
    double medianAlone = 0.0;            ///< s, the same car's median flying lap alone on the track
    std::vector<double> cleanLaps;       ///< s, its clean laps (clean_laps.h), in the order driven
    double medianCleanLap = 0.0;         ///< s, their median (0: none)
    double lostInTraffic = 0.0;          ///< s, medianLap − medianAlone
    int contacts = 0, blamed = 0;        ///< episodes it was part of, and of those the ones it caused
    int overtakesMade = 0, overtakesSuffered = 0;
    trackwright::RaceCraftCounts craft;  ///< its follower's race craft
    int pitLap = 0;                      ///< with pit stops: the lap it was told to pit on (1-based)
    int pitStops = 0;                    ///< stops completed (back on the main route)
    double pitLaneTime = 0.0;            ///< s from turning into the lane to merging back (PitState InLane … Rejoining)
    int stuckEvents = 0;                 ///< times its stuck manager stepped in
    trackwright::MistakeTally mistakes;  ///< its driver's mistakes, per kind (traffic/driver_mistakes.h)
};

/// The race's figures (issue 25's measures).
struct RaceResult {
    std::vector<RaceCarResult> cars;  ///< in driver order
    int rearContacts = 0, sideContacts = 0;
    std::vector<ContactEpisode> contacts;  ///< every episode, in the order they began
    std::vector<RaceEvent> events;         ///< passes for position and contacts, in time order
    double distance = 0.0;                 ///< m every car drove together (for contacts per 100 km)
    /// Changes of race position between two cars (progress with laps) by more than a car length
    /// each way: completed overtakes for position (lapping a backmarker is not one).
    int overtakes = 0;
    /// The followers' race craft summed over the cars (traffic/race_craft.h): passes committed to,
    /// completed and aborted; defending moves; blue flags obeyed.
    trackwright::RaceCraftCounts craft;
    /// Episodes per pair of: time to collision < 1 s at the current speeds with the cars in line
    /// (overlapping across), or a lateral gap < 0.5 m while overlapping along the route.
    int closeCalls = 0;
    /// Blue flags (blue_flags.h): shown to a car about to be lapped, and the seconds until the
    /// lapping car got by, over the flags obeyed (mean and worst; 0 without one).
    int blueFlagsShown = 0, blueFlagsObeyed = 0;
    double blueFlagLatencyMean = 0.0, blueFlagLatencyMax = 0.0;
    double meanLostInTraffic = 0.0;     ///< s over the cars with flying laps in both runs
    double meanLostInTrafficPct = 0.0;  ///< % of their median lap alone
    int pitStops = 0;                   ///< stops completed, over the cars
    int stuckEvents = 0;                ///< stuck events, over the cars (a car beached, spun or against a wall)
    double time = 0.0;                  ///< s simulated
    bool completed = false;             ///< every car finished its laps within the time limit
};

/// Runs a race: drivers spread from the seed, the grid, every car until it has done its laps
/// (finished cars drive on as traffic until the last one is done) or the time limit (three times
/// the ideal lap per lap, plus a minute). Deterministic: the same options give the same result.
RaceResult runRace(const trackwright::BakedTrack& track, const RaceOptions& options);

} // namespace bake
