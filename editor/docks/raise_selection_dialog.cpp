#include "editor/docks/raise_selection_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>

namespace editor {

RaiseSelectionDialog::RaiseSelectionDialog(const HeightFalloff& falloff, QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Raise or lower selection"));
    auto* layout = new QFormLayout(this);
    m_dz = new QDoubleSpinBox(this);
    m_dz->setObjectName("dz");
    m_dz->setRange(-1000.0, 1000.0);
    m_dz->setDecimals(2);
    m_dz->setSuffix(tr(" m"));
    m_dz->setValue(1.0);
    m_radius = new QDoubleSpinBox(this);
    m_radius->setObjectName("falloffRadius");
    m_radius->setRange(0.0, 5000.0);
    m_radius->setDecimals(1);
    m_radius->setSuffix(tr(" m"));
    m_radius->setValue(falloff.radius);
    m_shape = new QComboBox(this);
    m_shape->setObjectName("falloffShape");
    m_shape->addItem(tr("Smooth"), static_cast<int>(FalloffShape::Smooth));
    m_shape->addItem(tr("Linear"), static_cast<int>(FalloffShape::Linear));
    m_shape->setCurrentIndex(m_shape->findData(static_cast<int>(falloff.shape)));
    layout->addRow(tr("Height change (up +)"), m_dz);
    layout->addRow(tr("Falloff along the track"), m_radius);
    layout->addRow(tr("Falloff shape"), m_shape);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    layout->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

double RaiseSelectionDialog::dz() const { return m_dz->value(); }

HeightFalloff RaiseSelectionDialog::falloff() const { return {m_radius->value(), static_cast<FalloffShape>(m_shape->currentData().toInt())}; }

} // namespace editor
