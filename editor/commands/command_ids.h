#pragma once

namespace editor {

/// QUndoCommand ids: commands with the same id may merge (a drag becomes one undo step).
enum CommandId { kChangeNodesCommandId = 1, kChangeLineOffsetsCommandId = 2, kReplaceTrackCommandId = 3, kChangeRaceDataCommandId = 4 };

} // namespace editor
