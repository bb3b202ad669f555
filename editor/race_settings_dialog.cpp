#include "editor/race_settings_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>

namespace editor {
namespace {

QComboBox* sideBox(QWidget* parent, const char* name, const std::string& side) {
    auto* box = new QComboBox(parent);
    box->setObjectName(name);
    box->addItem(QObject::tr("Left"), QString(formats::kSideNameLeft));
    box->addItem(QObject::tr("Right"), QString(formats::kSideNameRight));
    box->setCurrentIndex(side == formats::kSideNameLeft ? 0 : 1);
    return box;
}

QDoubleSpinBox* numberBox(QWidget* parent, const char* name, double value, double maximum, const QString& suffix, const QString& tip) {
    auto* box = new QDoubleSpinBox(parent);
    box->setObjectName(name);
    box->setRange(0.0, maximum);  // the validation's rule: finite and not negative
    box->setDecimals(3);
    box->setSingleStep(0.5);
    box->setSuffix(suffix);
    box->setValue(value);
    box->setToolTip(tip);
    return box;
}

} // namespace

RaceSettingsDialog::RaceSettingsDialog(const formats::RaceSettings& s, QWidget* parent) : QDialog(parent) {
    setObjectName("raceSettingsDialog");
    setWindowTitle(tr("Race settings"));
    auto* layout = new QFormLayout(this);
    m_yieldSide = sideBox(this, "yieldSide", s.yieldSide);
    m_yieldSide->setToolTip(tr("The side a lapped car moves to, to let the leaders by"));
    layout->addRow(tr("Lapped cars yield to the"), m_yieldSide);
    layout->addRow(new QLabel(tr("<b>Starting grid</b> (two staggered columns behind the start line)"), this));
    m_firstRowGap = numberBox(this, "firstRowGap", s.grid.firstRowGap, 500.0, tr(" m"), tr("From the start line back to the pole car's centre"));
    m_rowSpacing = numberBox(this, "rowSpacing", s.grid.rowSpacing, 500.0, tr(" m"), tr("Between one row and the next, same column"));
    m_stagger = numberBox(this, "stagger", s.grid.stagger, 500.0, tr(" m"), tr("How far the second column sits behind the first of its row"));
    m_pole = sideBox(this, "poleSide", s.grid.pole);
    m_pole->setToolTip(tr("The column of the pole car, seen in the driving direction"));
    layout->addRow(tr("First row gap"), m_firstRowGap);
    layout->addRow(tr("Row spacing"), m_rowSpacing);
    layout->addRow(tr("Stagger"), m_stagger);
    layout->addRow(tr("Pole on the"), m_pole);
    m_pitStopTime = numberBox(this, "pitStopTime", s.pitStopTime, 600.0, tr(" s"), tr("How long a car stands at its pit box"));
    layout->addRow(tr("Pit stop time"), m_pitStopTime);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    layout->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

formats::RaceSettings RaceSettingsDialog::settings() const {
    formats::RaceSettings s;
    s.yieldSide = m_yieldSide->currentData().toString().toStdString();
    s.grid.firstRowGap = m_firstRowGap->value();
    s.grid.rowSpacing = m_rowSpacing->value();
    s.grid.stagger = m_stagger->value();
    s.grid.pole = m_pole->currentData().toString().toStdString();
    s.pitStopTime = m_pitStopTime->value();
    return s;
}

} // namespace editor
