#include "editor/commands/change_line_offsets_command.h"

#include "editor/commands/command_ids.h"

namespace editor {

ChangeLineOffsetsCommand::ChangeLineOffsetsCommand(EditorDocument* document, const QString& text, std::size_t line, std::vector<double> after,
                                                   int mergeKey)
    : QUndoCommand(text), m_document(document), m_line(line), m_before(document->track().lines.at(line).offsets), m_after(std::move(after)),
      m_mergeKey(mergeKey) {}

void ChangeLineOffsetsCommand::redo() { m_document->replaceLineOffsets(m_line, m_after); }
void ChangeLineOffsetsCommand::undo() { m_document->replaceLineOffsets(m_line, m_before); }

int ChangeLineOffsetsCommand::id() const { return m_mergeKey != 0 ? kChangeLineOffsetsCommandId : -1; }

bool ChangeLineOffsetsCommand::mergeWith(const QUndoCommand* other) {
    const auto* next = static_cast<const ChangeLineOffsetsCommand*>(other);
    if (next->m_mergeKey != m_mergeKey || next->m_line != m_line) return false;
    m_after = next->m_after;
    return true;
}

} // namespace editor
