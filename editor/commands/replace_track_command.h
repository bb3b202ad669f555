#pragma once

#include "editor/document/editor_document.h"

#include <QUndoCommand>

namespace editor {

/// A structural edit (nodes inserted or deleted, a branch made, a route resampled, closed or
/// opened, an import): the whole track before and after. Simple and exact: undo gives back the
/// very document, byte for byte when saved. Commands with the same non-zero `mergeKey` merge into
/// one undo step (every mouse move of a drag that re-lays or rescales nodes).
class ReplaceTrackCommand : public QUndoCommand {
public:
    ReplaceTrackCommand(EditorDocument* document, const QString& text, formats::TrackDocument after, int mergeKey = 0);

    void redo() override;
    void undo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

private:
    EditorDocument* m_document;
    formats::TrackDocument m_before, m_after;
    int m_mergeKey;
};

} // namespace editor
