#include "editor/preview/race_broadcast.h"

#include "editor/preview/car_colours.h"
#include "editor/preview/preview_race.h"
#include "editor/preview/scene_frame.h"
#include "editor/preview/surface_height.h"

#include <span>
#include <algorithm>
#include <cmath>
#include <optional>

namespace editor::preview {
namespace {

/// 1-based place of `car` in the running order.
int placeOf(std::span<const bake::Standing> standings, std::uint32_t car) {
    for (std::size_t p = 0; p < standings.size(); ++p)
        if (standings[p].car == car) return static_cast<int>(p) + 1;
    return 0;
}

/// The gap a tower shows: seconds to the leader, or laps down once a car is a lap or more behind
/// on the road (a timing gap over a lap reads as a number nobody can place).
QString gapText(const bake::Standing& s, const bake::Standing& leader, double lapLength, bool isLeader) {
    if (isLeader) return QObject::tr("Leader");
    if (!s.finished && lapLength > 0.0) {
        const auto down = static_cast<int>(std::floor((leader.progress - s.progress) / lapLength));
        if (down >= 1) return down == 1 ? QObject::tr("+1 lap") : QObject::tr("+%1 laps").arg(down);
    }
    return QStringLiteral("+%1").arg(std::max(0.0, s.gapToLeader), 0, 'f', 3);
}

} // namespace

QString RaceBroadcast::lapTime(double seconds) {
    if (seconds <= 0.0) return QStringLiteral("–");
    const auto minutes = static_cast<int>(seconds / 60.0);
    const double rest = seconds - 60.0 * minutes;
    return minutes > 0 ? QStringLiteral("%1:%2").arg(minutes).arg(rest, 6, 'f', 3, QLatin1Char('0')) : QString::number(rest, 'f', 3);
}

void RaceBroadcast::begin() {
    m_events.clear();
    m_tower.setRows({});
    m_eventsSeen = 0;
    m_over = false;
    m_overAt.reset();
    m_time = 0.0;
    setMessage({});
    if (!m_active) {
        m_active = true;
        emit activeChanged();
    }
}

void RaceBroadcast::end() {
    m_events.clear();
    m_tower.setRows({});
    m_eventsSeen = 0;
    setMessage({});
    if (m_active) {
        m_active = false;
        emit activeChanged();
    }
}

void RaceBroadcast::setMessage(const QString& message) {
    if (message == m_message) return;
    m_message = message;
    emit messageChanged();
}

void RaceBroadcast::show(const PreviewRace& race, int selectedCar) {
    const bake::Race& r = race.race();
    const bake::RaceTally& tally = race.tally();
    const std::span<const bake::Standing> standings = r.world().standings();
    std::vector<TowerRow> rows;
    rows.reserve(standings.size());
    for (std::size_t p = 0; p < standings.size(); ++p) {
        const bake::Standing& s = standings[p];
        TowerRow row;
        row.car = static_cast<int>(s.car);
        row.colour = carColour(s.car);
        row.gapToLeader = p == 0 ? 0.0 : std::max(0.0, s.gapToLeader);
        row.gap = gapText(s, standings.front(), race.lapLength(), p == 0);
        row.laps = s.laps;
        row.finished = s.finished;
        row.selected = row.car == selectedCar;
        row.bestLap = lapTime(race.bestLap(s.car));
        row.contacts = r.contacts().involved[s.car];
        row.blamed = r.contacts().blamed[s.car];
        rows.push_back(row);
    }
    m_tower.setRows(std::move(rows));

    std::vector<EventMark> marks;
    const std::vector<bake::RaceEvent>& events = tally.events();
    for (; m_eventsSeen < events.size(); ++m_eventsSeen) {
        const bake::RaceEvent& e = events[m_eventsSeen];
        EventMark m;
        m.time = e.time;
        m.contact = e.kind == bake::RaceEvent::Kind::Contact;
        m.car = static_cast<int>(e.car);
        m.other = static_cast<int>(e.other);
        m.colour = carColour(e.car);
        // Seen the tick it happened: the car is still where it was, its height picks the deck.
        const float near = race.attitude(e.car).height;
        const std::optional<SurfaceUnder> under = surfaceUnder(race.track()->track, e.position, near);
        const ScenePoint at = toScene(e.position.x, e.position.y, under ? under->height : near);
        m.position = QVector3D(at.x, at.y, at.z);
        const QString when = lapTime(e.time);
        m.label = m.contact ? tr("Car %1 hits car %2 (%3) · %4").arg(e.car + 1).arg(e.other + 1).arg(e.rear ? tr("from behind") : tr("from the side"), when)
                            : tr("Car %1 passes car %2 for P%3 · %4").arg(e.car + 1).arg(e.other + 1).arg(placeOf(standings, e.car)).arg(when);
        marks.push_back(m);
    }
    m_events.append(marks);

    m_over = race.over();
    // The scene runs on after the flag (the cars cool down); the race's clock does not.
    if (m_over && !m_overAt) m_overAt = race.time();
    m_time = m_overAt ? *m_overAt : race.time();
    m_duration = std::max(race.expectedDuration(), m_time);
    const int laps = m_laps = race.settings().laps;
    const int leaderLap = std::min(laps, standings.front().laps + 1);
    m_clock = m_over ? tr("Final · %1").arg(lapTime(m_time))
              : standings.front().finished ? tr("Chequered flag · %1").arg(lapTime(m_time))
                                           : tr("Lap %1/%2 · %3").arg(leaderLap).arg(laps).arg(lapTime(m_time));
    const int contacts = static_cast<int>(r.contacts().episodes.size());
    m_summary = (tally.overtakes() == 1 ? tr("1 overtake") : tr("%1 overtakes").arg(tally.overtakes())) + QStringLiteral(" · ") +
                (contacts == 1 ? tr("1 contact") : tr("%1 contacts").arg(contacts));
    emit updated();
}

} // namespace editor::preview
