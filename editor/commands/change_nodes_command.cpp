#include "editor/commands/change_nodes_command.h"

#include "editor/commands/command_ids.h"

#include <map>

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
    if (next->m_mergeKey != m_mergeKey) return false;
    // This command's `before` stays: undo goes back to before the gesture. A gesture may reach
    // more nodes as it goes (a raise whose falloff grows mid-drag): a node first changed by `next`
    // takes its `before` from there, the value it had all along until then.
    bool sameNodes = next->m_after.size() == m_after.size();
    for (std::size_t i = 0; sameNodes && i < m_after.size(); ++i) sameNodes = next->m_after[i].first == m_after[i].first;
    if (sameNodes) {
        m_after = next->m_after;
        return true;
    }
    std::map<std::uint32_t, std::size_t> at;
    for (std::size_t i = 0; i < m_after.size(); ++i) at[m_after[i].first] = i;
    for (std::size_t i = 0; i < next->m_after.size(); ++i) {
        const auto& [index, node] = next->m_after[i];
        if (const auto found = at.find(index); found != at.end()) {
            m_after[found->second].second = node;
            continue;
        }
        at[index] = m_after.size();
        m_after.emplace_back(index, node);
        m_before.push_back(next->m_before[i]);
    }
    return true;
}

} // namespace editor
