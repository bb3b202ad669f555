#include "editor/commands/change_nodes_command.h"

#include "editor/commands/command_ids.h"

namespace editor {

int nextMergeKey() {
    static int key = 0;
    return ++key;
}

ChangeNodesCommand::ChangeNodesCommand(EditorDocument* document, const QString& text, std::vector<std::pair<std::uint32_t, formats::TrackNode>> after,
                                       int mergeKey)
    : QUndoCommand(text), m_document(document), m_after(std::move(after)), m_mergeKey(mergeKey) {
    for (const auto& [index, node] : m_after) m_before.emplace_back(index, document->track().nodes.at(index));
}

void ChangeNodesCommand::redo() { m_document->replaceNodes(m_after); }
void ChangeNodesCommand::undo() { m_document->replaceNodes(m_before); }

int ChangeNodesCommand::id() const { return m_mergeKey != 0 ? kChangeNodesCommandId : -1; }

bool ChangeNodesCommand::mergeWith(const QUndoCommand* other) {
    const auto* next = static_cast<const ChangeNodesCommand*>(other);
    if (next->m_mergeKey != m_mergeKey || next->m_after.size() != m_after.size()) return false;
    for (std::size_t i = 0; i < m_after.size(); ++i)
        if (next->m_after[i].first != m_after[i].first) return false;
    m_after = next->m_after;  // this command's `before` stays: undo goes back to before the gesture
    return true;
}

} // namespace editor
