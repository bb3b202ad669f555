#include "editor/level/drape_dialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QListWidget>
#include <QVBoxLayout>

namespace editor {
namespace {

/// With no choice made before, the names a level's road is usually painted with.
bool soundsLikeRoad(const QString& name) {
    const QString lower = name.toLower();
    return lower.contains("asphalt") || lower.contains("road") || lower.contains("tarmac");
}

} // namespace

std::string literalPattern(const std::string& name) {
    std::string out;
    for (const char c : name) {
        if (c == '*' || c == '?' || c == '[' || c == '\\') out += '\\';
        out += c;
    }
    return out;
}

DrapeDialog::DrapeDialog(const std::vector<std::string>& materials, const std::vector<std::string>& roadPatterns, bool hasSelection, QWidget* parent)
    : QDialog(parent) {
    setWindowTitle(tr("Drape on Level Mesh"));
    setObjectName("drapeDialog");
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("Each node takes its height and banking from the surface under it. Tick the materials that are road: "
                                "the tarmac ends where the surface stops being one of them."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    m_materials = new QListWidget(this);
    m_materials->setObjectName("drapeMaterials");
    for (const std::string& m : materials) {
        auto* item = new QListWidgetItem(QString::fromStdString(m), m_materials);
        const bool road = roadPatterns.empty() ? soundsLikeRoad(item->text()) : bake::isRoadMaterial(m, roadPatterns);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(road ? Qt::Checked : Qt::Unchecked);
    }
    layout->addWidget(m_materials);
    m_widths = new QCheckBox(tr("Set the &widths from the road's edges (tarmac, runoff to the end of the ground, wall at barriers)"), this);
    m_widths->setObjectName("drapeWidths");
    m_widths->setChecked(true);
    layout->addWidget(m_widths);
    m_selectedOnly = new QCheckBox(tr("&Selected nodes only"), this);
    m_selectedOnly->setObjectName("drapeSelectedOnly");
    m_selectedOnly->setEnabled(hasSelection);
    m_selectedOnly->setChecked(hasSelection);
    layout->addWidget(m_selectedOnly);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
}

bake::DrapeOptions DrapeDialog::options() const {
    bake::DrapeOptions options;
    for (int i = 0; i < m_materials->count(); ++i)
        if (m_materials->item(i)->checkState() == Qt::Checked) options.roadMaterials.push_back(literalPattern(m_materials->item(i)->text().toStdString()));
    options.widths = m_widths->isChecked();
    return options;
}

bool DrapeDialog::selectedOnly() const { return m_selectedOnly->isEnabled() && m_selectedOnly->isChecked(); }

} // namespace editor
