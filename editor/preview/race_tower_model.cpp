#include "editor/preview/race_tower_model.h"

namespace editor::preview {

int RaceTowerModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : static_cast<int>(m_rows.size()); }

QVariant RaceTowerModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= static_cast<int>(m_rows.size())) return {};
    const TowerRow& r = m_rows[static_cast<std::size_t>(index.row())];
    switch (role) {
    case PositionRole: return index.row() + 1;
    case CarRole: return r.car;
    case NumberRole: return r.car + 1;
    case ColourRole: return r.colour;
    case GapRole: return r.gap;
    case GapSecondsRole: return r.gapToLeader;
    case LapsRole: return r.laps;
    case FinishedRole: return r.finished;
    case SelectedRole: return r.selected;
    case NameRole: return r.name;
    case LastLapRole: return r.lastLap;
    case BestLapRole: return r.bestLap;
    case FastestLapRole: return r.fastestLap;
    case ContactsRole: return r.contacts;
    case BlamedRole: return r.blamed;
    case MistakesRole: return r.mistakes;
    default: return {};
    }
}

QHash<int, QByteArray> RaceTowerModel::roleNames() const {
    return {{PositionRole, "position"}, {CarRole, "car"},           {NumberRole, "number"},       {ColourRole, "colour"},
            {GapRole, "gap"},           {GapSecondsRole, "gapSeconds"}, {LapsRole, "laps"},       {FinishedRole, "finished"},
            {SelectedRole, "selected"}, {NameRole, "name"},         {LastLapRole, "lastLap"},     {BestLapRole, "bestLap"},
            {FastestLapRole, "fastestLap"}, {ContactsRole, "contacts"}, {BlamedRole, "blamed"}, {MistakesRole, "mistakes"}};
}

void RaceTowerModel::setRows(std::vector<TowerRow> rows) {
    if (rows.size() != m_rows.size()) {
        beginResetModel();
        m_rows = std::move(rows);
        endResetModel();
        return;
    }
    m_rows = std::move(rows);
    if (!m_rows.empty()) emit dataChanged(index(0), index(static_cast<int>(m_rows.size()) - 1));
}

} // namespace editor::preview
