#pragma once

#include <QAbstractListModel>
#include <QColor>
#include <QString>

#include <vector>

namespace editor::preview {

/// One line of the positions tower (and, once the race is over, of the results).
struct TowerRow {
    int car = 0;               ///< index; the car's number is car + 1
    QColor colour;
    double gapToLeader = 0.0;  ///< s (bake::Standing::gapToLeader)
    QString gap;               ///< as shown: "Leader", "+1.234", "+1 lap"
    int laps = 0;              ///< timed laps completed
    bool finished = false;     ///< has taken the chequered flag
    bool selected = false;     ///< the car the HUD and the chase camera follow
    QString name;              ///< the driver: its roster name, else "Car N"
    QString lastLap;           ///< "1:23.456", "–" before its first lap
    QString bestLap;           ///< "1:23.456", "–" before its first lap
    bool fastestLap = false;   ///< its best lap is the race's fastest so far
    int contacts = 0;          ///< contact episodes it was part of
    int blamed = 0;            ///< of those, the ones it caused
    int mistakes = 0;          ///< mistakes its driver made (traffic/driver_mistakes.h)
};

/// The tower for QML, leader first: roles position (1-based), car, number, colour, gap, gapSeconds,
/// laps, finished, selected, name, lastLap, bestLap, fastestLap, contacts, blamed, mistakes. `setRows`
/// keeps the rows when the count is unchanged and only reports changed data, so the tower's
/// delegates are not rebuilt every frame.
class RaceTowerModel : public QAbstractListModel {
    Q_OBJECT
public:
    enum Role { PositionRole = Qt::UserRole + 1, CarRole, NumberRole, ColourRole, GapRole, GapSecondsRole, LapsRole, FinishedRole, SelectedRole,
                NameRole, LastLapRole, BestLapRole, FastestLapRole, ContactsRole, BlamedRole, MistakesRole };

    using QAbstractListModel::QAbstractListModel;
    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    void setRows(std::vector<TowerRow> rows);
    const std::vector<TowerRow>& rows() const { return m_rows; }

private:
    std::vector<TowerRow> m_rows;
};

} // namespace editor::preview
