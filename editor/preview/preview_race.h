#pragma once

#include "bake/pipeline/loaded_bake.h"
#include "bake/sim/race.h"
#include "bake/sim/race_grid.h"
#include "bake/sim/race_run.h"
#include "bake/sim/race_tally.h"
#include "bake/sim/roster.h"
#include "editor/preview/car_attitude.h"
#include "editor/preview/fixed_step_clock.h"

#include "trackwright/plan/recovery_planner.h"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace editor::preview {

/// What the panel's Race control sets: the field, the distance, the grid, the seed the drivers'
/// paces (and a random grid) are drawn from, and the drivers: a roster, a level, mistakes and
/// catch-up, each as `twbake race` has it (--roster, --strength, --mistakes, --catch-up).
struct RaceSettings {
    static constexpr int kMinCars = 2, kMaxCars = 20, kMinLaps = 1, kMaxLaps = 50;
    static constexpr float kMinLevel = 0.5f, kMaxLevel = 1.0f;  ///< a driver's strength (trackwright::kLeastStrength, 1)
    static constexpr float kMaxMistakes = 4.0f;                 ///< trackwright::kMostMistakes
    int cars = 10;
    int laps = 5;
    bake::GridOrder grid = bake::GridOrder::Ordered;
    std::uint64_t seed = 1;
    /// Named drivers with characters (a roster file, bake/sim/roster.h), one a car in car order, as
    /// `twbake race --roster FILE --cars N` races them: the first `cars` drivers race, and cars beyond
    /// the roster are drawn from the seed. Empty: every driver drawn.
    std::vector<bake::RosterDriver> roster;
    std::string rosterFile;  ///< the file the roster was read from (shown by the panel); empty without one
    /// The strength (0.5–1) of every driver without one of its own: every drawn driver and every
    /// roster driver whose file gives no "strength" (one that does races its own). 1: such a car laps
    /// at its ideal; S: in 1/S of that time (traffic/driver_strength.h).
    float level = 1.0f;
    /// Every driver's mistakes, a multiple (0–4) of the documented rates, as `twbake race
    /// --mistakes`; none: each driver's own (a roster driver's character's or file's; a drawn
    /// driver makes none).
    std::optional<float> mistakes;
    bool catchUp = false;  ///< catch-up on with the runtime's default policy (traffic/catch_up.h), as `twbake race --catch-up`
};

/// The roster file at `path` into `settings` (its drivers and the file's name; the field's size
/// stays the caller's, as `twbake race --cars N` with a roster). False with `error` set, and
/// `settings` unchanged, when the file cannot be read or is no valid roster: the reader's problems,
/// a line each, each naming the file, the driver and the field.
bool loadRoster(const std::filesystem::path& path, RaceSettings& settings, std::string* error);

/// The options `twbake race` races `settings` with when its cars are `base` (car preset, line,
/// follower): the same drivers, grid and catch-up. The preview adds no pit stops and runs no car alone.
bake::RaceOptions raceOptions(const RaceSettings& settings, const bake::CarSetup& base);

/// A car's lap times in a race, from the runtime's lap counter (RaceWorld::lapStatus), kept as they
/// were when it took the flag (the laps it drives on as traffic are not the race's).
struct RaceLapTimes {
    double last = 0.0;  ///< s, its last completed lap; 0 before the first
    double best = 0.0;  ///< s, its best complete lap; 0 before the first
};

/// A race in the preview: bake::Race steps the field together (traffic, overtaking and contacts
/// are the bake layer's), bake::RaceTally keeps the order, gaps and events, and this adds what a
/// preview needs on top: the baked track kept alive for the race's whole life (a live edit
/// re-bakes the track under the ghost cars, never under a race), wall time turned into fixed
/// ticks, and each car sat on the drawn road with pitch and roll. Cars are the same preset, line
/// and follower as `twbake race` drives (the car preset on its own class's racing line, runner);
/// the drivers, their grid slots and entries come from bake::lineUp, as `twbake race`'s do.
class PreviewRace {
public:
    static constexpr double kStep = 1.0 / 60.0;  ///< s per tick

    /// Lines a race up on `track` and puts every car on its grid slot. Null with `error` set when
    /// the track has no closed main route (a race is laps) or the field does not fit on the grid.
    static std::unique_ptr<PreviewRace> start(std::shared_ptr<const bake::LoadedBake> track, const RaceSettings& settings, std::string* error);

    /// Runs the ticks `seconds` of wall time hold at `speedFactor` (at most `maxTicks`); returns them.
    int advance(double seconds, double speedFactor, int maxTicks = 600);
    /// One tick: the race steps, the tally reads it, the cars sit on the road.
    void step();

    const bake::Race& race() const { return *m_race; }
    const bake::RaceTally& tally() const { return *m_tally; }
    const RaceSettings& settings() const { return m_settings; }
    /// The baked track the race runs on (not necessarily the newest bake).
    const std::shared_ptr<const bake::LoadedBake>& track() const { return m_track; }
    double time() const { return m_race->time(); }
    const CarAttitude& attitude(std::size_t car) const { return m_attitudes[car]; }
    std::uint32_t gridSlot(std::size_t car) const { return m_slots[car]; }
    /// m, one lap of the line the field races on.
    double lapLength() const { return m_race->lapLength(); }
    /// A car's last and best race laps.
    const RaceLapTimes& lapTimes(std::size_t car) const { return m_lapTimes[car]; }
    /// The driver of car `car` in the roster; null for a drawn driver.
    const bake::RosterDriver* rosterDriver(std::size_t car) const { return car < m_settings.roster.size() ? &m_settings.roster[car] : nullptr; }
    /// s, about how long the race lasts: its laps at the pole sitter's ideal pace, and a little more
    /// for the standing start (a timeline's scale, never a rule).
    double expectedDuration() const;
    /// Every car has taken the flag, or the leader took it so long ago (two ideal laps, a minute at
    /// least) that a car still out is stuck or out of the race, not racing.
    bool over() const;

private:
    PreviewRace() = default;

    std::shared_ptr<const bake::LoadedBake> m_track;  ///< first: every member below reads it
    std::unique_ptr<trackwright::RecoveryPlanner> m_planner;
    RaceSettings m_settings;
    std::vector<std::uint32_t> m_slots;
    std::unique_ptr<bake::Race> m_race;
    std::unique_ptr<bake::RaceTally> m_tally;
    std::vector<CarAttitude> m_attitudes;
    std::vector<RaceLapTimes> m_lapTimes;
    FixedStepClock m_clock{kStep};
};

} // namespace editor::preview
