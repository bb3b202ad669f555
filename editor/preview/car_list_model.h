#pragma once

#include <QAbstractListModel>
#include <QColor>
#include <QVector3D>

#include <vector>

namespace editor::preview {

/// What the scene draws of one car, in the scene frame.
struct CarPose {
    QVector3D position;  ///< on the road's surface under the car
    float yawDegrees = 0.0f;
    float pitchDegrees = 0.0f;  ///< nose up positive: about the car's right, after the yaw
    float rollDegrees = 0.0f;   ///< left side up positive: about the car's nose, after the pitch
    QVector3D size;  ///< length, height, width in metres
    QColor colour;
    bool selected = false;
};

/// The cars for QML's Repeater3D: roles position, yaw, pitch, roll, size, colour, selected. `setPoses` keeps
/// rows when the count is unchanged and only reports changed data, so delegates are not rebuilt
/// every frame.
class CarListModel : public QAbstractListModel {
    Q_OBJECT
public:
    enum Role { PositionRole = Qt::UserRole + 1, YawRole, PitchRole, RollRole, SizeRole, ColourRole, SelectedRole };

    using QAbstractListModel::QAbstractListModel;
    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    void setPoses(std::vector<CarPose> poses);
    const std::vector<CarPose>& poses() const { return m_poses; }

private:
    std::vector<CarPose> m_poses;
};

} // namespace editor::preview
