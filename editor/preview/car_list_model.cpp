#include "editor/preview/car_list_model.h"

namespace editor::preview {

int CarListModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : static_cast<int>(m_poses.size()); }

QVariant CarListModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= static_cast<int>(m_poses.size())) return {};
    const CarPose& p = m_poses[static_cast<std::size_t>(index.row())];
    switch (role) {
    case PositionRole: return p.position;
    case YawRole: return p.yawDegrees;
    case PitchRole: return p.pitchDegrees;
    case RollRole: return p.rollDegrees;
    case SizeRole: return p.size;
    case ColourRole: return p.colour;
    case SelectedRole: return p.selected;
    default: return {};
    }
}

QHash<int, QByteArray> CarListModel::roleNames() const {
    return {{PositionRole, "position"}, {YawRole, "yaw"}, {PitchRole, "pitch"}, {RollRole, "roll"}, {SizeRole, "size"}, {ColourRole, "colour"}, {SelectedRole, "selected"}};
}

void CarListModel::setPoses(std::vector<CarPose> poses) {
    if (poses.size() != m_poses.size()) {
        beginResetModel();
        m_poses = std::move(poses);
        endResetModel();
        return;
    }
    m_poses = std::move(poses);
    if (!m_poses.empty()) emit dataChanged(index(0), index(static_cast<int>(m_poses.size()) - 1));
}

} // namespace editor::preview
