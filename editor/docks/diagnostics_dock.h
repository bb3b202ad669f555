#pragma once

#include <QDockWidget>

#include <cstdint>
#include <set>

class QListWidget;

namespace editor {

class EditorDocument;
class NodeSelection;

/// Live validation: every problem with its severity, code and message; clicking one selects the
/// node it names, both for a pair (a crossing, crossing perpendiculars, a step), and asks for them
/// to be shown (nodesActivated).
class DiagnosticsDock : public QDockWidget {
    Q_OBJECT
public:
    DiagnosticsDock(NodeSelection* selection, QWidget* parent = nullptr);
    void setDocument(EditorDocument* document);
    QListWidget* list() { return m_list; }

signals:
    void nodeActivated(std::uint32_t node);
    /// The nodes a clicked diagnostic names, now selected: the canvas frames them.
    void nodesActivated(const std::set<std::uint32_t>& nodes);

private:
    void refresh();

    EditorDocument* m_document = nullptr;
    NodeSelection* m_selection;
    QListWidget* m_list;
};

} // namespace editor
