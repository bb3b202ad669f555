#pragma once

#include "editor/tools/canvas_tool.h"

#include <QObject>

#include <memory>
#include <vector>

class QAction;
class QActionGroup;

namespace editor {

/// The canvas's tools in tool-bar order and the one in use, as tiled's ToolManager: one checkable
/// action per tool (object name "tool-ID", the key in its tooltip) in an exclusive group the main
/// window puts on its tool bar. The first tool is the default, current at the start.
class ToolManager : public QObject {
    Q_OBJECT

public:
    explicit ToolManager(QObject* parent = nullptr);
    ~ToolManager() override;

    /// Adds `tool` (owned) and its action.
    void add(std::unique_ptr<CanvasTool> tool);
    const std::vector<std::unique_ptr<CanvasTool>>& tools() const { return m_tools; }
    CanvasTool* current() const { return m_current; }
    CanvasTool* defaultTool() const { return m_tools.empty() ? nullptr : m_tools.front().get(); }
    /// The tool of type T, or null.
    template <class T> T* find() const {
        for (const auto& tool : m_tools)
            if (auto* t = dynamic_cast<T*>(tool.get())) return t;
        return nullptr;
    }
    /// Makes `tool` current (its action checked): the last one drops its gesture, the status bar
    /// shows the new one's hint. Picking the current tool again keeps its session.
    void select(CanvasTool* tool);
    QAction* action(const CanvasTool* tool) const;
    QActionGroup* actions() const { return m_actions; }
    /// Every tool forgets its state (a new document).
    void resetAll();

signals:
    /// `tool` became current (from its action, its key or select()).
    void currentChanged(CanvasTool* tool);
    void hint(const QString& text);

private:
    std::vector<std::unique_ptr<CanvasTool>> m_tools;
    CanvasTool* m_current = nullptr;
    QActionGroup* m_actions = nullptr;
};

} // namespace editor
