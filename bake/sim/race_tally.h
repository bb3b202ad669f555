#pragma once

#include "bake/sim/race.h"
#include "trackwright/traffic/race_timing.h"

#include <cstdint>
#include <vector>

namespace bake {

/// Something a race engineer marks on the timeline: a pass for position or a contact episode.
struct RaceEvent {
    enum class Kind : std::uint8_t { Overtake, Contact };
    Kind kind = Kind::Overtake;
    double time = 0.0;                    ///< s into the race
    std::uint32_t car = 0, other = 0;     ///< overtake: car passed other; contact: car (blamed) hit other
    trackwright::format::Vec2 position;   ///< world, m: where `car` was
    bool rear = false;                    ///< contact: along the route, else from the side
};

/// One line of the positions tower (the runtime's: progress is m along the line since the start,
/// laps included; laps are timed laps completed).
using Standing = trackwright::RaceStanding;

/// Watches a race tick by tick and keeps what the race command and the preview show: the running
/// order with timing gaps, passes for position, close calls and contacts as events. A pass is a
/// change of order between two cars still racing by more than half their lengths' sum each way (so
/// side-by-side jostling is not counted twice); a car finishing freezes its order against the others.
/// Gaps are timing-loop gaps: how long ago the car ahead was where this car is now, read from a
/// per-car history of (time, progress) every kHistoryStep — not distance over speed, which is
/// wrong in every braking zone. The order and the gaps are the runtime's (trackwright::RaceTiming,
/// traffic/race_timing.h), as a game's RaceWorld has them.
class RaceTally {
public:
    static constexpr double kHistoryStep = trackwright::RaceTiming::kDefaultStep;        ///< s between history samples
    static constexpr std::size_t kHistorySize = trackwright::RaceTiming::kDefaultSamples; ///< samples kept: three minutes
    static constexpr float kCloseCallTime = 1.0f;     ///< s of time to collision (issue 25)
    static constexpr float kCloseCallLateral = 0.5f;  ///< m of lateral gap alongside (issue 25)

    /// `gridSlots[i]`: car i's grid slot (0 = pole), the order before the start; `laps`: the race's length.
    RaceTally(const Race& race, const std::vector<std::uint32_t>& gridSlots, int laps);

    /// After each `race.step`.
    void update(const Race& race);

    /// The running order, leader first: finished cars by finishing order, then by progress.
    const std::vector<Standing>& standings() const { return m_standings; }
    const std::vector<RaceEvent>& events() const { return m_events; }
    int overtakes() const { return m_overtakes; }
    int overtakesMade(std::uint32_t car) const { return m_made[car]; }
    int overtakesSuffered(std::uint32_t car) const { return m_suffered[car]; }
    int closeCalls() const { return m_closeCalls; }
    bool finished(std::uint32_t car) const { return m_finishTime[car] >= 0.0; }
    double finishTime(std::uint32_t car) const { return m_finishTime[car]; }
    /// Cars in the order they took the flag.
    const std::vector<std::uint32_t>& finishOrder() const { return m_finishOrder; }
    bool allFinished() const { return m_finishOrder.size() == m_made.size(); }

private:
    int m_laps = 0;
    std::size_t m_contactsSeen = 0;
    std::vector<std::int8_t> m_order;  ///< n×n: +1 when i is ahead of j, −1 behind
    std::vector<int> m_made, m_suffered;
    std::vector<double> m_finishTime;
    std::vector<std::uint32_t> m_finishOrder;
    std::vector<Standing> m_standings;
    std::vector<std::uint32_t> m_rank;  ///< finishing place per car, n when still racing
    std::vector<RaceEvent> m_events;
    int m_overtakes = 0, m_closeCalls = 0;
    std::vector<std::uint64_t> m_close, m_closeNow;
    trackwright::RaceTiming m_timing;   ///< every car's progress every kHistoryStep, for the gaps
    std::vector<double> m_progress;     ///< this tick's, per car
};

} // namespace bake
