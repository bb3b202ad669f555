#pragma once

#include "trackwright/track/baked_track.h"
#include "trackwright/track/registrar.h"
#include "trackwright/track/tick.h"

#include <cstdint>

namespace trackwright {

/// The most sectors a lap is split into (sector markers beyond kMaxSectors − 1 are ignored).
inline constexpr std::uint32_t kMaxSectors = 16;

/// Where laps start and split, read from the bake's markers: the lap route is the route of the
/// "start-finish" marker (else of a "start" marker, else the first closed route); the line sits at
/// that marker (else at the route's first node); every "sector" marker on the lap route starts a
/// sector. A track without a closed route has no laps.
struct LapLayout {
    bool valid = false;             ///< false: no closed route to lap
    std::uint32_t route = 0;
    float length = 0.0f;            ///< m, one lap
    float startDistance = 0.0f;     ///< m along the route to the start/finish line
    std::uint32_t sectorCount = 1;  ///< sectors per lap (1 when the designer placed no sector markers)
    float sectorStarts[kMaxSectors] = {};  ///< m past the line where each sector starts, ascending; [0] = 0
};

/// Reads the lap layout of `track` (see LapLayout).
LapLayout lapLayout(const BakedTrack& track);

/// Where a car stands in the race.
struct LapStatus {
    std::uint32_t lapsCompleted = 0;
    std::uint32_t sector = 0;         ///< 0-based sector the car is in (of the lap after lapsCompleted)
    double raceDistance = 0.0;        ///< m driven past the start line, laps included; negative on a grid behind it
    float lapDistance = 0.0f;         ///< m past the line in the current lap, [0, lap length)
    double raceTime = 0.0;            ///< s since the race started (the counter's construction or reset)
    double currentLapTime = 0.0;      ///< s since the car last crossed the line (since the start on lap 1)
    double lastLapTime = 0.0;         ///< s, the last completed lap; 0 before the first
    double bestLapTime = 0.0;         ///< s, the best complete lap; 0 before the first
    bool lastLapComplete = false;     ///< the last lap was driven from line to line (not a lap begun past the line)
    float sectorTimes[kMaxSectors] = {};  ///< s, each sector's latest time; 0 before it was first driven
};

/// Counts one car's laps, lap times and sector splits from its registrations: one per car, no
/// allocation. Ground counts once: a lap or sector completes when the car first reaches it, so
/// driving backwards over the line and forwards again counts nothing twice. A pit lane (a branch
/// that forks from and rejoins the lap route) counts as the stretch of the lap route it bypasses;
/// registrations on other routes or undefined ones hold the car's progress while the clock runs.
/// Crossing times are interpolated within the tick, so lap times do not depend on the frame rate.
/// Races are timed from the start: lap 1 runs from the first update to the first crossing of the
/// line ahead; `raceDistance` orders the field (more is further ahead).
class LapCounter {
public:
    explicit LapCounter(const BakedTrack& track) : m_layout(lapLayout(track)), m_track(track) {}

    const LapLayout& layout() const { return m_layout; }
    const LapStatus& status() const { return m_status; }

    /// Advances the race clock by `dt` seconds and takes the car's registration (from its
    /// Registrar) at the end of the tick. False, with nothing changed, for a negative, non-finite or
    /// longer-than-kMaxTick `dt` (tick.h), a registration holding a non-finite number, or a track without laps.
    bool update(const Registration& where, float dt);
    /// A new race: the clock at 0, no laps; the next update places the car.
    void reset();

private:
    /// The car's distance along the lap route for `where`, false when it is on no route that maps.
    bool lapRouteDistance(const Registration& where, double& distance) const;
    /// Records the boundaries (sector starts and lines) the car reached between two ticks.
    void crossBoundaries(double fromDistance, double toDistance, double fromTime, double toTime);
    double boundaryDistance(std::uint64_t boundary) const;

    LapLayout m_layout;
    BakedTrack m_track;
    LapStatus m_status;
    bool m_placed = false;            ///< the car has had a registration on the lap route
    double m_routeDistance = 0.0;     ///< its last distance along the lap route
    double m_startDistance = 0.0;     ///< raceDistance at its first registration: a lap from before it is complete
    std::uint64_t m_nextBoundary = 0; ///< lap · sectorCount + sector of the next boundary ahead
    double m_lastBoundaryTime = 0.0;  ///< when it crossed the previous boundary (the start for the first)
    double m_lapStartTime = 0.0;
};

} // namespace trackwright
