#include "editor/commands/replace_track_command.h"

#include "editor/commands/command_ids.h"

namespace editor {

ReplaceTrackCommand::ReplaceTrackCommand(EditorDocument* document, const QString& text, formats::TrackDocument after, int mergeKey)
    : QUndoCommand(text), m_document(document), m_before(document->track()), m_after(std::move(after)), m_mergeKey(mergeKey) {}

void ReplaceTrackCommand::redo() { m_document->replaceTrack(m_after); }
void ReplaceTrackCommand::undo() { m_document->replaceTrack(m_before); }

int ReplaceTrackCommand::id() const { return m_mergeKey != 0 ? kReplaceTrackCommandId : -1; }

bool ReplaceTrackCommand::mergeWith(const QUndoCommand* other) {
    const auto* next = static_cast<const ReplaceTrackCommand*>(other);
    if (next->m_mergeKey != m_mergeKey) return false;
    // This command's `before` stays: undo goes back to before the gesture. The stack deletes
    // `next` once merged, so its track is moved rather than copied (megabytes on a large track).
    m_after = std::move(const_cast<ReplaceTrackCommand*>(next)->m_after);
    return true;
}

} // namespace editor
