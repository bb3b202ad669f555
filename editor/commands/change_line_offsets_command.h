#pragma once

#include "editor/document/editor_document.h"

#include <QUndoCommand>

namespace editor {

/// Sets a line's offsets (a line drag, a reset to the optimiser's result). Merges like
/// ChangeNodesCommand under a non-zero key.
class ChangeLineOffsetsCommand : public QUndoCommand {
public:
    ChangeLineOffsetsCommand(EditorDocument* document, const QString& text, std::size_t line, std::vector<double> after, int mergeKey = 0);

    void redo() override;
    void undo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

private:
    EditorDocument* m_document;
    std::size_t m_line;
    std::vector<double> m_before, m_after;
    int m_mergeKey;
};

} // namespace editor
