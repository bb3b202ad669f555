#pragma once

#include <QDockWidget>

class QListWidget;

namespace editor {

class EditorDocument;
class NodeSelection;

/// Live validation: every problem with its severity, code and message; clicking one selects the
/// node it names (and the canvas can show it).
class DiagnosticsDock : public QDockWidget {
    Q_OBJECT
public:
    DiagnosticsDock(NodeSelection* selection, QWidget* parent = nullptr);
    void setDocument(EditorDocument* document);
    QListWidget* list() { return m_list; }

signals:
    void nodeActivated(std::uint32_t node);

private:
    void refresh();

    EditorDocument* m_document = nullptr;
    NodeSelection* m_selection;
    QListWidget* m_list;
};

} // namespace editor
