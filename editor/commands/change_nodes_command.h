#pragma once

#include "editor/document/editor_document.h"

#include <QUndoCommand>

namespace editor {

/// Sets the values of some nodes (position, widths, speed, tags): the one generic command behind
/// moves, nudges, width handles, smoothing, raises and property edits. Commands with the same
/// non-zero `mergeKey` merge into one undo step (every mouse move of one drag), over the union of
/// their nodes.
class ChangeNodesCommand : public QUndoCommand {
public:
    ChangeNodesCommand(EditorDocument* document, const QString& text, std::vector<std::pair<std::uint32_t, formats::TrackNode>> after,
                       int mergeKey = 0);

    void redo() override;
    void undo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

private:
    EditorDocument* m_document;
    std::vector<std::pair<std::uint32_t, formats::TrackNode>> m_before, m_after;
    int m_mergeKey;
};

/// A fresh key for one gesture's commands to merge under (a drag, a run of arrow-key nudges).
int nextMergeKey();

} // namespace editor
