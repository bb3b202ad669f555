#pragma once

#include "editor/document/selection_transform.h"

#include <QDialog>

class QCheckBox;
class QDoubleSpinBox;

namespace editor {

/// Edit ▸ Transform Selection: exact numbers for what the canvas's handles do by hand — a move
/// (metres east and north), a turn (degrees, counter-clockwise) and a scale (percent) about the
/// selection's centre, and whether the widths scale too.
class TransformDialog : public QDialog {
    Q_OBJECT
public:
    TransformDialog(formats::Vec2 pivot, bool scaleWidths, QWidget* parent = nullptr);

    SelectionTransform transform() const;
    bool scaleWidths() const;

private:
    formats::Vec2 m_pivot;
    QDoubleSpinBox *m_moveEast, *m_moveNorth, *m_rotate, *m_scale;
    QCheckBox* m_scaleWidths;
};

} // namespace editor
