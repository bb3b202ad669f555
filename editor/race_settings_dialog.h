#pragma once

#include "formats/source/track_document.h"

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;

namespace editor {

/// Track ▸ Race Settings: the side lapped cars yield to, the starting grid (first row gap, row
/// spacing, stagger, pole side) and the time a pit stop stands at its box. OK applies them as one
/// undo step (MainWindow); Cancel changes nothing.
class RaceSettingsDialog : public QDialog {
    Q_OBJECT
public:
    RaceSettingsDialog(const formats::RaceSettings& settings, QWidget* parent = nullptr);

    formats::RaceSettings settings() const;

private:
    QComboBox* m_yieldSide;
    QDoubleSpinBox* m_firstRowGap;
    QDoubleSpinBox* m_rowSpacing;
    QDoubleSpinBox* m_stagger;
    QComboBox* m_pole;
    QDoubleSpinBox* m_pitStopTime;
};

} // namespace editor
