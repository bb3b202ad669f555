#include "editor/transform_dialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>

#include <numbers>

namespace editor {
namespace {

QDoubleSpinBox* spinBox(QWidget* parent, const char* name, double low, double high, double value, const QString& suffix) {
    auto* box = new QDoubleSpinBox(parent);
    box->setObjectName(name);
    box->setRange(low, high);
    box->setDecimals(2);
    box->setValue(value);
    box->setSuffix(suffix);
    return box;
}

} // namespace

TransformDialog::TransformDialog(formats::Vec2 pivot, bool scaleWidths, QWidget* parent) : QDialog(parent), m_pivot(pivot) {
    setWindowTitle(tr("Transform selection"));
    auto* layout = new QFormLayout(this);
    m_moveEast = spinBox(this, "moveEast", -1e6, 1e6, 0.0, tr(" m"));
    m_moveNorth = spinBox(this, "moveNorth", -1e6, 1e6, 0.0, tr(" m"));
    m_rotate = spinBox(this, "rotate", -360.0, 360.0, 0.0, tr("°"));
    m_scale = spinBox(this, "scale", 1.0, 10000.0, 100.0, tr(" %"));
    m_scaleWidths = new QCheckBox(tr("Scale the widths too"), this);
    m_scaleWidths->setObjectName("scaleWidths");
    m_scaleWidths->setChecked(scaleWidths);
    layout->addRow(tr("Move east"), m_moveEast);
    layout->addRow(tr("Move north"), m_moveNorth);
    layout->addRow(tr("Rotate (counter-clockwise)"), m_rotate);
    layout->addRow(tr("Scale"), m_scale);
    layout->addRow(m_scaleWidths);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    layout->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

SelectionTransform TransformDialog::transform() const {
    SelectionTransform t;
    t.pivot = m_pivot;
    t.angle = m_rotate->value() * std::numbers::pi / 180.0;
    t.scale = m_scale->value() / 100.0;
    t.translation = {m_moveEast->value(), m_moveNorth->value()};
    return t;
}

bool TransformDialog::scaleWidths() const { return m_scaleWidths->isChecked(); }

} // namespace editor
