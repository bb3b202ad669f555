#include "editor/docks/outline_dock.h"

#include "editor/document/editor_document.h"
#include "editor/canvas/node_selection.h"

#include <QTreeWidget>

namespace editor {
namespace {

enum Role { NodesRole = Qt::UserRole + 1 };

} // namespace

OutlineDock::OutlineDock(NodeSelection* selection, QWidget* parent) : QDockWidget(tr("Outline"), parent), m_selection(selection) {
    setObjectName("outlineDock");
    m_tree = new QTreeWidget(this);
    m_tree->setHeaderLabels({tr("Part"), tr("Details")});
    setWidget(m_tree);
    connect(m_tree, &QTreeWidget::itemClicked, this, [this](QTreeWidgetItem* item) {
        const QVariantList nodes = item->data(0, NodesRole).toList();
        if (nodes.isEmpty()) return;
        std::set<std::uint32_t> set;
        for (const QVariant& n : nodes) set.insert(n.toUInt());
        m_selection->set(set);
    });
    // Rebuilt when its tab comes to the front, not behind another tab on every structural edit.
    connect(this, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        m_shown = visible;
        if (visible && m_stale) refresh();
    });
}

void OutlineDock::setDocument(EditorDocument* document) {
    if (m_document) disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    if (m_document) connect(m_document, &EditorDocument::changed, this, [this](const std::vector<std::uint32_t>& nodes) {
        if (nodes.empty()) refresh();  // node values alone change nothing shown here
    });
    refresh();
}

void OutlineDock::refresh() {
    m_stale = !m_shown;
    if (m_stale) return;
    m_tree->clear();
    if (!m_document) return;
    const formats::TrackDocument& t = m_document->track();
    auto* routes = new QTreeWidgetItem(m_tree, {tr("Routes"), QString::number(t.routes.size())});
    for (std::size_t r = 0; r < t.routes.size(); ++r) {
        const formats::Route& route = t.routes[r];
        QString details = tr("%1 nodes, %2").arg(route.nodes.size()).arg(route.closed ? tr("loop") : tr("open"));
        if (route.fork) details += tr(", forks at node %1").arg(route.fork->node);
        if (route.join) details += tr(", joins at node %1").arg(route.join->node);
        auto* item = new QTreeWidgetItem(routes, {QString::fromStdString(route.name), details});
        QVariantList nodes;
        for (std::uint32_t n : route.nodes) nodes << n;
        item->setData(0, NodesRole, nodes);
    }
    auto* lines = new QTreeWidgetItem(m_tree, {tr("Lines"), QString::number(t.lines.size())});
    for (const formats::Line& line : t.lines)
        new QTreeWidgetItem(lines, {QString::fromStdString(line.name),
                                    tr("route %1%2").arg(line.route).arg(line.vehicleClass.empty() ? QString() : tr(", for %1").arg(QString::fromStdString(line.vehicleClass)))});
    auto* classes = new QTreeWidgetItem(m_tree, {tr("Vehicle classes"), QString::number(t.vehicleClasses.size())});
    for (const formats::VehicleClass& c : t.vehicleClasses)
        new QTreeWidgetItem(classes, {QString::fromStdString(c.name), tr("%1 m wide, %2 m/s², top %3 m/s").arg(c.width).arg(c.maxLateralAcceleration).arg(c.topSpeed)});
    auto* markers = new QTreeWidgetItem(m_tree, {tr("Markers"), QString::number(t.markers.size())});
    for (const formats::Marker& m : t.markers) {
        auto* item = new QTreeWidgetItem(markers, {QString::fromStdString(m.kind), tr("node %1 %2").arg(m.node).arg(QString::fromStdString(m.label))});
        item->setData(0, NodesRole, QVariantList{m.node});
    }
    m_tree->expandAll();
    m_tree->resizeColumnToContents(0);
}

} // namespace editor
