#include "editor/docks/zones_dock.h"

#include "editor/canvas/node_selection.h"
#include "editor/commands/change_race_data_command.h"
#include "editor/document/editor_document.h"
#include "editor/document/track_edits.h"
#include "editor/document/zone_edits.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace editor {
namespace {

// The combo boxes' items carry the .twtrack names, so what is stored is what the file says.
const char* const kKinds[] = {formats::kZoneOvertaking, formats::kZoneNoOvertaking};
const char* const kSides[] = {formats::kSideNameBoth, formats::kSideNameLeft, formats::kSideNameRight};

} // namespace

ZonesDock::ZonesDock(NodeSelection* selection, QWidget* parent) : QDockWidget(tr("Zones"), parent), m_selection(selection) {
    setObjectName("zonesDock");
    auto* body = new QWidget(this);
    auto* layout = new QVBoxLayout(body);
    layout->setContentsMargins(4, 4, 4, 4);
    m_list = new QTreeWidget(body);
    m_list->setObjectName("zoneList");
    m_list->setHeaderLabels({tr("Zone"), tr("Rule"), tr("Route"), tr("From"), tr("To")});
    m_list->setRootIsDecorated(false);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_list->setToolTip(tr("Select nodes of one route and use Track ▸ Add Overtaking Zone or Add No-Overtaking Zone to make one"));
    layout->addWidget(m_list, 1);
    auto* form = new QFormLayout;
    m_kind = new QComboBox(body);
    m_kind->setObjectName("zoneKind");
    m_kind->addItem(tr("Overtaking"), QString(kKinds[0]));
    m_kind->addItem(tr("No overtaking"), QString(kKinds[1]));
    m_sides = new QComboBox(body);
    m_sides->setObjectName("zoneSides");
    m_sides->addItem(tr("Both sides"), QString(kSides[0]));
    m_sides->addItem(tr("Left only"), QString(kSides[1]));
    m_sides->addItem(tr("Right only"), QString(kSides[2]));
    m_sides->setToolTip(tr("Where AI cars may pass in an overtaking zone; a no-overtaking zone forbids both"));
    m_from = new QSpinBox(body);
    m_from->setObjectName("zoneFrom");
    m_to = new QSpinBox(body);
    m_to->setObjectName("zoneTo");
    for (QSpinBox* box : {m_from, m_to}) {
        box->setKeyboardTracking(false);  // one undo step per value, not per digit typed
        box->setPrefix(tr("node "));
    }
    m_delete = new QPushButton(tr("Delete Zone"), body);
    m_delete->setObjectName("zoneDelete");
    form->addRow(tr("Kind"), m_kind);
    form->addRow(tr("Sides"), m_sides);
    form->addRow(tr("From"), m_from);
    form->addRow(tr("To"), m_to);
    layout->addLayout(form);
    layout->addWidget(m_delete);
    setWidget(body);

    connect(m_list, &QTreeWidget::currentItemChanged, this, [this] {
        if (m_filling) return;
        const int zone = currentZone();
        showZone(zone);
        emit zoneHighlighted(zone);
        if (zone < 0 || !m_document) return;
        const std::vector<std::uint32_t> nodes = zoneNodes(m_document->track(), m_document->track().zones[static_cast<std::size_t>(zone)]);
        if (!nodes.empty()) m_selection->set(std::set<std::uint32_t>(nodes.begin(), nodes.end()));
    });
    connect(m_kind, &QComboBox::activated, this, [this] { applyEdit(tr("Change Zone Kind")); });
    connect(m_sides, &QComboBox::activated, this, [this] { applyEdit(tr("Change Zone Sides")); });
    connect(m_from, &QSpinBox::valueChanged, this, [this] { applyEdit(tr("Move Zone Start")); });
    connect(m_to, &QSpinBox::valueChanged, this, [this] { applyEdit(tr("Move Zone End")); });
    connect(m_delete, &QPushButton::clicked, this, [this] {
        const int zone = currentZone();
        if (!m_document || zone < 0) return;
        std::vector<formats::Zone> zones = m_document->track().zones;
        zones.erase(zones.begin() + zone);
        m_document->undoStack()->push(new ChangeRaceDataCommand(m_document, tr("Delete Zone"), std::move(zones), m_document->track().race));
    });
    showZone(-1);
}

void ZonesDock::setDocument(EditorDocument* document) {
    if (m_document) disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    if (m_document) connect(m_document, &EditorDocument::changed, this, [this](const std::vector<std::uint32_t>& nodes) {
        if (nodes.empty()) refresh();  // node values alone change nothing listed here
    });
    refresh();
}

int ZonesDock::currentZone() const {
    const QTreeWidgetItem* item = m_list->currentItem();
    return item ? m_list->indexOfTopLevelItem(const_cast<QTreeWidgetItem*>(item)) : -1;
}

void ZonesDock::selectZone(int zone) {
    if (zone < 0 || zone >= m_list->topLevelItemCount()) m_list->setCurrentItem(nullptr);
    else m_list->setCurrentItem(m_list->topLevelItem(zone));
}

void ZonesDock::refresh() {
    const int keep = currentZone();
    m_filling = true;
    m_list->clear();
    if (m_document) {
        const formats::TrackDocument& t = m_document->track();
        for (std::size_t z = 0; z < t.zones.size(); ++z) {
            const formats::Zone& zone = t.zones[z];
            const auto at = locateNode(t, zone.from);
            const QString route = at ? QString::fromStdString(t.routes[at->first].name) : tr("none");
            auto* item = new QTreeWidgetItem(m_list, {QString::number(z), QString::fromStdString(describeZoneRule(zone)), route,
                                                      QString::number(zone.from), QString::number(zone.to)});
            item->setForeground(1, zone.kind == formats::kZoneNoOvertaking ? QColor(200, 40, 40) : QColor(30, 140, 60));
        }
    }
    const int count = m_list->topLevelItemCount();
    // An edit keeps its zone selected; after a delete the one that took its place is.
    const int zone = keep >= count ? count - 1 : keep;
    if (zone >= 0) m_list->setCurrentItem(m_list->topLevelItem(zone));
    m_filling = false;
    showZone(zone);
    emit zoneHighlighted(zone);
}

void ZonesDock::showZone(int zone) {
    const bool valid = m_document && zone >= 0 && static_cast<std::size_t>(zone) < m_document->track().zones.size();
    for (QWidget* w : std::initializer_list<QWidget*>{m_kind, m_sides, m_from, m_to, m_delete}) w->setEnabled(valid);
    if (!valid) return;
    const formats::TrackDocument& t = m_document->track();
    const formats::Zone& z = t.zones[static_cast<std::size_t>(zone)];
    const QSignalBlocker blockKind(m_kind), blockSides(m_sides), blockFrom(m_from), blockTo(m_to);
    m_kind->setCurrentIndex(std::max(0, m_kind->findData(QString::fromStdString(z.kind))));
    const std::string sides = z.sides.empty() ? formats::kSideNameBoth : z.sides;
    m_sides->setCurrentIndex(std::max(0, m_sides->findData(QString::fromStdString(sides))));
    m_sides->setEnabled(z.kind != formats::kZoneNoOvertaking);
    const int last = std::max(0, static_cast<int>(t.nodes.size()) - 1);
    m_from->setRange(0, std::max(last, static_cast<int>(z.from)));
    m_to->setRange(0, std::max(last, static_cast<int>(z.to)));
    m_from->setValue(static_cast<int>(z.from));
    m_to->setValue(static_cast<int>(z.to));
}

void ZonesDock::applyEdit(const QString& what) {
    const int index = currentZone();
    if (m_filling || !m_document || index < 0 || static_cast<std::size_t>(index) >= m_document->track().zones.size()) return;
    std::vector<formats::Zone> zones = m_document->track().zones;
    formats::Zone& zone = zones[static_cast<std::size_t>(index)];
    const std::string kind = m_kind->currentData().toString().toStdString();
    if (kind != zone.kind) {
        // No sides on a no-overtaking zone; an overtaking one starts with both.
        zone.sides = kind == formats::kZoneNoOvertaking ? std::string() : std::string(formats::kSideNameBoth);
        zone.kind = kind;
    } else if (zone.kind == formats::kZoneOvertaking) {
        const std::string sides = m_sides->currentData().toString().toStdString();
        if (sides != (zone.sides.empty() ? std::string(formats::kSideNameBoth) : zone.sides)) zone.sides = sides;
    }
    zone.from = static_cast<std::uint32_t>(m_from->value());
    zone.to = static_cast<std::uint32_t>(m_to->value());
    if (zones == m_document->track().zones) return;
    m_document->undoStack()->push(new ChangeRaceDataCommand(m_document, what, std::move(zones), m_document->track().race));
}

} // namespace editor
