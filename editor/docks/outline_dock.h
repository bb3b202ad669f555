#pragma once

#include <QDockWidget>

class QTreeWidget;

namespace editor {

class EditorDocument;
class NodeSelection;

/// The track's parts at a glance: routes (with their nodes, loop or open, fork and join), lines,
/// vehicle classes and markers. Clicking a route selects its nodes; a marker, its node.
class OutlineDock : public QDockWidget {
    Q_OBJECT
public:
    OutlineDock(NodeSelection* selection, QWidget* parent = nullptr);
    void setDocument(EditorDocument* document);
    QTreeWidget* tree() { return m_tree; }

private:
    void refresh();

    EditorDocument* m_document = nullptr;
    NodeSelection* m_selection;
    QTreeWidget* m_tree;
    bool m_shown = false;  ///< its tab is in front (see visibilityChanged)
    bool m_stale = true;   ///< the document changed while it was behind another tab
};

} // namespace editor
