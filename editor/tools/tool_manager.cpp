#include "editor/tools/tool_manager.h"

#include <QAction>
#include <QActionGroup>

namespace editor {

ToolManager::ToolManager(QObject* parent) : QObject(parent), m_actions(new QActionGroup(this)) {}

ToolManager::~ToolManager() = default;

void ToolManager::add(std::unique_ptr<CanvasTool> tool) {
    auto* action = new QAction(tool->text(), m_actions);
    action->setCheckable(true);
    action->setShortcut(tool->shortcut());
    action->setObjectName(QStringLiteral("tool-%1").arg(tool->id()));
    // The key is part of the tooltip, read from the shortcut itself.
    action->setToolTip(QStringLiteral("%1 (%2): %3").arg(action->iconText(), action->shortcut().toString(QKeySequence::NativeText), tool->description()));
    CanvasTool* added = tool.get();
    connect(action, &QAction::triggered, this, [this, added] { select(added); });
    m_tools.push_back(std::move(tool));
    if (!m_current) {
        m_current = added;
        action->setChecked(true);
    }
}

QAction* ToolManager::action(const CanvasTool* tool) const {
    for (std::size_t i = 0; i < m_tools.size(); ++i)
        if (m_tools[i].get() == tool) return m_actions->actions().at(static_cast<qsizetype>(i));
    return nullptr;
}

void ToolManager::select(CanvasTool* tool) {
    if (!tool) return;
    if (QAction* a = action(tool)) a->setChecked(true);
    if (tool != m_current) {
        if (m_current) m_current->reset();
        m_current = tool;
    }
    emit hint(tool->hint());
    emit currentChanged(tool);
}

void ToolManager::resetAll() {
    for (const auto& tool : m_tools) tool->reset();
}

} // namespace editor
