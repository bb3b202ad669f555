#pragma once

#include "editor/document/editor_document.h"

#include <QUndoCommand>

namespace editor {

/// A structural edit (nodes inserted or deleted, a branch made, a route resampled, closed or
/// opened, an import): the whole track before and after. Simple and exact: undo gives back the
/// very document, byte for byte when saved.
class ReplaceTrackCommand : public QUndoCommand {
public:
    ReplaceTrackCommand(EditorDocument* document, const QString& text, formats::TrackDocument after);

    void redo() override;
    void undo() override;

private:
    EditorDocument* m_document;
    formats::TrackDocument m_before, m_after;
};

} // namespace editor
