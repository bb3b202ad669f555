#pragma once

#include "bake/sim/race.h"
#include "trackwright/traffic/race_timing.h"

#include <cstdint>
#include <vector>

namespace bake {

/// Something a race engineer marks on the timeline: a pass for position, a contact episode or a
/// driver's mistake.
struct RaceEvent {
    enum class Kind : std::uint8_t { Overtake, Contact, Mistake };
    Kind kind = Kind::Overtake;
    double time = 0.0;                    ///< s into the race
    /// overtake: car passed other; contact: car (blamed) hit other; mistake: car made it (other = car)
    std::uint32_t car = 0, other = 0;
    trackwright::format::Vec2 position;   ///< world, m: where `car` was
    bool rear = false;                    ///< contact: along the route, else from the side
    trackwright::MistakeKind mistake = trackwright::MistakeKind::LateBraking;  ///< mistake: which
};

/// One line of the positions tower (the runtime's: progress is m of the race since the start,
/// laps included; laps are timed laps completed).
using Standing = trackwright::RaceStanding;

/// Watches a race tick by tick and keeps what the race command and the preview mark on the
/// timeline beside the running order (which is the race's RaceWorld's: standings, finishes and
/// timing-loop gaps, as a game has them): passes for position, close calls and contacts as events.
/// A pass is a change of order between two cars still racing by more than half their lengths' sum
/// each way (so side-by-side jostling is not counted twice); a car finishing freezes its order
/// against the others.
class RaceTally {
public:
    static constexpr float kCloseCallTime = 1.0f;     ///< s of time to collision (issue 25)
    static constexpr float kCloseCallLateral = 0.5f;  ///< m of lateral gap alongside (issue 25)

    /// `gridSlots[i]`: car i's grid slot (0 = pole), the order before the start.
    RaceTally(const Race& race, const std::vector<std::uint32_t>& gridSlots);

    /// After each `race.step`.
    void update(const Race& race);

    const std::vector<RaceEvent>& events() const { return m_events; }
    int overtakes() const { return m_overtakes; }
    int overtakesMade(std::uint32_t car) const { return m_made[car]; }
    int overtakesSuffered(std::uint32_t car) const { return m_suffered[car]; }
    int closeCalls() const { return m_closeCalls; }

private:
    std::size_t m_contactsSeen = 0;
    std::vector<std::int8_t> m_order;  ///< n×n: +1 when i is ahead of j, −1 behind
    std::vector<int> m_made, m_suffered;
    std::vector<RaceEvent> m_events;
    int m_overtakes = 0, m_closeCalls = 0;
    std::vector<std::uint64_t> m_close, m_closeNow;
    std::vector<trackwright::MistakeTally> m_mistakes;  ///< per car, as last seen
};

} // namespace bake
