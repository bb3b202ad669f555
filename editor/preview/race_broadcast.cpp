#include "editor/preview/race_broadcast.h"

#include "editor/preview/car_colours.h"
#include "editor/preview/preview_race.h"
#include "editor/preview/scene_frame.h"
#include "editor/preview/surface_height.h"

#include "trackwright/traffic/driver_mistakes.h"

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

/// "lock-up": a mistake as the runtime and the race JSON name it.
QString mistakeName(trackwright::MistakeKind kind) {
    const std::string_view name = trackwright::mistakeKindName(kind);
    return QString::fromLatin1(name.data(), static_cast<qsizetype>(name.size()));
}

} // namespace

QString RaceBroadcast::lapTime(double seconds) {
    if (seconds <= 0.0) return QStringLiteral("–");
    const auto minutes = static_cast<int>(seconds / 60.0);
    const double rest = seconds - 60.0 * minutes;
    return minutes > 0 ? QStringLiteral("%1:%2").arg(minutes).arg(rest, 6, 'f', 3, QLatin1Char('0')) : QString::number(rest, 'f', 3);
}

QString RaceBroadcast::driverName(const PreviewRace& race, std::size_t car) {
    if (const bake::RosterDriver* driver = race.rosterDriver(car)) return QString::fromStdString(driver->name);
    return tr("Car %1").arg(car + 1);
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
    double fastest = 0.0;  // s, the race's fastest lap so far
    for (std::size_t car = 0; car < r.size(); ++car)
        if (const double best = race.lapTimes(car).best; best > 0.0 && (fastest == 0.0 || best < fastest)) fastest = best;
    int mistakes = 0;
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
        row.name = driverName(race, s.car);
        const RaceLapTimes& laps = race.lapTimes(s.car);
        row.lastLap = lapTime(laps.last);
        row.bestLap = lapTime(laps.best);
        row.fastestLap = laps.best > 0.0 && laps.best == fastest;
        row.contacts = r.contacts().involved[s.car];
        row.blamed = r.contacts().blamed[s.car];
        row.mistakes = static_cast<int>(r.world().follower(s.car).mistakeTally().total());
        mistakes += row.mistakes;
        rows.push_back(row);
    }
    m_tower.setRows(std::move(rows));

    std::vector<EventMark> marks;
    const std::vector<bake::RaceEvent>& events = tally.events();
    for (; m_eventsSeen < events.size(); ++m_eventsSeen) {
        const bake::RaceEvent& e = events[m_eventsSeen];
        EventMark m;
        m.time = e.time;
        m.kind = e.kind == bake::RaceEvent::Kind::Contact ? EventKind::Contact : e.kind == bake::RaceEvent::Kind::Mistake ? EventKind::Mistake : EventKind::Pass;
        m.car = static_cast<int>(e.car);
        m.other = static_cast<int>(e.other);
        m.colour = carColour(e.car);
        // Seen the tick it happened: the car is still where it was, its height picks the deck.
        const float near = race.attitude(e.car).height;
        const std::optional<SurfaceUnder> under = surfaceUnder(race.track()->track, e.position, near);
        const ScenePoint at = toScene(e.position.x, e.position.y, under ? under->height : near);
        m.position = QVector3D(at.x, at.y, at.z);
        const QString when = lapTime(e.time);
        const QString who = driverName(race, e.car), whom = driverName(race, e.other);
        switch (m.kind) {
        case EventKind::Contact: m.label = tr("%1 hits %2 (%3) · %4").arg(who, whom, e.rear ? tr("from behind") : tr("from the side"), when); break;
        case EventKind::Mistake: m.label = tr("%1: %2 · %3").arg(who, mistakeName(e.mistake), when); break;
        case EventKind::Pass: m.label = tr("%1 passes %2 for P%3 · %4").arg(who, whom).arg(placeOf(standings, e.car)).arg(when); break;
        }
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
    if (mistakes > 0) m_summary += QStringLiteral(" · ") + (mistakes == 1 ? tr("1 mistake") : tr("%1 mistakes").arg(mistakes));
    emit updated();
}

} // namespace editor::preview
