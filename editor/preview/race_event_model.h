#pragma once

#include <QAbstractListModel>
#include <QColor>
#include <QString>
#include <QVector3D>

#include <vector>

namespace editor::preview {

/// What a mark on the timeline and the track stands for (bake::RaceEvent::Kind).
enum class EventKind { Pass, Contact, Mistake };

/// The kind's name as QML reads it: "pass", "contact" or "mistake".
QString eventKindName(EventKind kind);

/// A race event as the timeline and the track show it (from bake::RaceEvent).
struct EventMark {
    double time = 0.0;      ///< s into the race
    EventKind kind = EventKind::Pass;  ///< a pass for position, a contact or a driver's mistake
    int car = 0, other = 0; ///< indices: car passed other, car (blamed) hit other, or car made a mistake (other = car)
    QColor colour;          ///< `car`'s colour
    QVector3D position;     ///< scene frame, on the road where `car` was
    QString label;          ///< "Ana Ortiz passes Car 7 for P4 · 41.234", "Ana Ortiz: lock-up · 41.234"
};

/// The race's events in time order for QML: roles time, kind (eventKindName), car, other, colour,
/// position, label. Events only ever add up during a race, so new ones are inserted at the end (the
/// timeline's ticks and the track's markers already made stay put); `clear` empties it for a new race.
class RaceEventModel : public QAbstractListModel {
    Q_OBJECT
public:
    enum Role { TimeRole = Qt::UserRole + 1, KindRole, CarRole, OtherRole, ColourRole, PositionRole, LabelRole };

    using QAbstractListModel::QAbstractListModel;
    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    void append(const std::vector<EventMark>& marks);
    void clear();
    const std::vector<EventMark>& marks() const { return m_marks; }

private:
    std::vector<EventMark> m_marks;
};

} // namespace editor::preview
