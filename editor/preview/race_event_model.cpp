#include "editor/preview/race_event_model.h"

namespace editor::preview {

QString eventKindName(EventKind kind) {
    switch (kind) {
    case EventKind::Contact: return QStringLiteral("contact");
    case EventKind::Mistake: return QStringLiteral("mistake");
    case EventKind::Pass: break;
    }
    return QStringLiteral("pass");
}

int RaceEventModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : static_cast<int>(m_marks.size()); }

QVariant RaceEventModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= static_cast<int>(m_marks.size())) return {};
    const EventMark& m = m_marks[static_cast<std::size_t>(index.row())];
    switch (role) {
    case TimeRole: return m.time;
    case KindRole: return eventKindName(m.kind);
    case CarRole: return m.car;
    case OtherRole: return m.other;
    case ColourRole: return m.colour;
    case PositionRole: return m.position;
    case LabelRole: return m.label;
    default: return {};
    }
}

QHash<int, QByteArray> RaceEventModel::roleNames() const {
    return {{TimeRole, "time"}, {KindRole, "kind"}, {CarRole, "car"}, {OtherRole, "other"}, {ColourRole, "colour"}, {PositionRole, "position"},
            {LabelRole, "label"}};
}

void RaceEventModel::append(const std::vector<EventMark>& marks) {
    if (marks.empty()) return;
    const int first = static_cast<int>(m_marks.size());
    beginInsertRows({}, first, first + static_cast<int>(marks.size()) - 1);
    m_marks.insert(m_marks.end(), marks.begin(), marks.end());
    endInsertRows();
}

void RaceEventModel::clear() {
    if (m_marks.empty()) return;
    beginResetModel();
    m_marks.clear();
    endResetModel();
}

} // namespace editor::preview
