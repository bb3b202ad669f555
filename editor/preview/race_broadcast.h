#pragma once

#include "editor/preview/race_event_model.h"
#include "editor/preview/race_tower_model.h"

#include <QObject>
#include <QString>

#include <cstddef>
#include <optional>

namespace editor::preview {

class PreviewRace;

/// What the preview shows of a race over the 3D view, as a broadcast would: the positions tower,
/// the race clock, the events for the timeline strip and the track's markers, the results once it
/// is over, and a message when the track was edited under it. The QML scene reads it as
/// `preview.race`; PreviewController feeds it each frame from the PreviewRace.
class RaceBroadcast : public QObject {
    Q_OBJECT
    Q_PROPERTY(bool active READ active NOTIFY activeChanged)
    Q_PROPERTY(QObject* tower READ towerModel CONSTANT)
    Q_PROPERTY(QObject* events READ eventModel CONSTANT)
    Q_PROPERTY(double time READ time NOTIFY updated)
    Q_PROPERTY(double duration READ duration NOTIFY updated)
    Q_PROPERTY(QString clock READ clock NOTIFY updated)
    Q_PROPERTY(int laps READ laps NOTIFY updated)
    Q_PROPERTY(bool over READ over NOTIFY updated)
    Q_PROPERTY(QString summary READ summary NOTIFY updated)
    Q_PROPERTY(QString message READ message NOTIFY messageChanged)
    Q_PROPERTY(double markerLife READ markerLife CONSTANT)

public:
    /// s an event's marker stays on the track, fading out.
    static constexpr double kMarkerLife = 10.0;

    using QObject::QObject;

    /// A race starts: everything from the last one is cleared.
    void begin();
    /// This frame of `race`: the tower (with `selectedCar` marked), the clock, the events new since
    /// the last frame.
    void show(const PreviewRace& race, int selectedCar);
    /// The race is stopped: the overlays go.
    void end();
    /// Shown over the view while the race runs (empty: none).
    void setMessage(const QString& message);

    bool active() const { return m_active; }
    RaceTowerModel* tower() { return &m_tower; }
    RaceEventModel* events() { return &m_events; }
    QObject* towerModel() { return &m_tower; }
    QObject* eventModel() { return &m_events; }
    double time() const { return m_time; }
    /// s the timeline spans: the race's expected length, or its time so far once past that.
    double duration() const { return m_duration; }
    QString clock() const { return m_clock; }
    /// The race's length in laps.
    int laps() const { return m_laps; }
    bool over() const { return m_over; }
    /// The race's totals: "12 overtakes · 3 contacts", and " · 5 mistakes" once a driver made one.
    QString summary() const { return m_summary; }
    QString message() const { return m_message; }
    double markerLife() const { return kMarkerLife; }

    /// "1:23.456" for a lap or a race time in seconds; "–" for none.
    static QString lapTime(double seconds);
    /// The driver of car `car` as the tower, the timeline and the HUD name it: its roster name, else
    /// "Car N" (N = car + 1).
    static QString driverName(const PreviewRace& race, std::size_t car);

signals:
    void activeChanged();
    void updated();
    void messageChanged();

private:
    RaceTowerModel m_tower;
    RaceEventModel m_events;
    std::size_t m_eventsSeen = 0;
    bool m_active = false, m_over = false;
    double m_time = 0.0, m_duration = 1.0;
    std::optional<double> m_overAt;  ///< s, the race time the flag fell: the final clock stops there
    int m_laps = 0;
    QString m_clock, m_summary, m_message;
};

} // namespace editor::preview
