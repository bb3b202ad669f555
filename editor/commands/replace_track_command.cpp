#include "editor/commands/replace_track_command.h"

namespace editor {

ReplaceTrackCommand::ReplaceTrackCommand(EditorDocument* document, const QString& text, formats::TrackDocument after)
    : QUndoCommand(text), m_document(document), m_before(document->track()), m_after(std::move(after)) {}

void ReplaceTrackCommand::redo() { m_document->replaceTrack(m_after); }
void ReplaceTrackCommand::undo() { m_document->replaceTrack(m_before); }

} // namespace editor
