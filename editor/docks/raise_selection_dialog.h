#pragma once

#include "editor/document/height_edits.h"

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;

namespace editor {

/// Edit ▸ Raise/Lower Selection: exact numbers for what a drag in the Profiles dock's elevation
/// panel does by hand — the height change of the selected nodes (metres, negative lowers) and the
/// falloff over their neighbours (distance along the track and shape). Child widgets are named
/// (dz, falloffRadius, falloffShape) for tests and scripts.
class RaiseSelectionDialog : public QDialog {
    Q_OBJECT
public:
    RaiseSelectionDialog(const HeightFalloff& falloff, QWidget* parent = nullptr);

    double dz() const;
    HeightFalloff falloff() const;

private:
    QDoubleSpinBox *m_dz, *m_radius;
    QComboBox* m_shape;
};

} // namespace editor
