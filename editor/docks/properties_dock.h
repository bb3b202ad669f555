#pragma once

#include <QDockWidget>

#include <algorithm>
#include <array>

class QDoubleSpinBox;
class QLabel;
class QCheckBox;

namespace editor {

class EditorDocument;
class NodeSelection;

/// The selected nodes' values with units: position, the six widths and the speed cap. With several
/// nodes selected a field shows the common value or stays blank, and an edit sets that field on
/// all of them (one undo step), leaving their other fields alone.
class PropertiesDock : public QDockWidget {
    Q_OBJECT
public:
    /// Field order in `field()`: x, y, z, left tarmac, runoff, wall, right tarmac, runoff, wall, speed,
    /// banking (shown in degrees, stored in radians; left edge up is positive), grip factor.
    enum Field { X, Y, Z, LeftTrack, LeftRunoff, LeftWall, RightTrack, RightRunoff, RightWall, Speed, Banking, Grip, FieldCount };

    PropertiesDock(NodeSelection* selection, QWidget* parent = nullptr);
    void setDocument(EditorDocument* document);
    QDoubleSpinBox* field(Field f) { return m_fields[static_cast<std::size_t>(f)]; }
    /// Soft selection's reach (the Falloff box): a banking typed in carries to the neighbours
    /// along the track within `metres`, less the farther they are; 0: the selected nodes alone.
    void setSoftFalloff(double metres) { m_softFalloff = std::max(0.0, metres); }

private:
    void refresh();
    void apply(Field f, double value);

    EditorDocument* m_document = nullptr;
    NodeSelection* m_selection;
    QLabel* m_heading = nullptr;
    QCheckBox* m_hasSpeed = nullptr;
    std::array<QDoubleSpinBox*, FieldCount> m_fields{};
    bool m_refreshing = false;
    double m_softFalloff = 0.0;
    void applySoftBanking(double banking);
};

} // namespace editor
