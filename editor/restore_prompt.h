#pragma once

namespace editor {

class MainWindow;
struct Recovery;

/// What became of a crashed session's autosave at start-up.
enum class RecoveryChoice {
    Restored,   ///< restored into the window, unsaved until saved
    Discarded,  ///< deleted, after the designer confirmed it
    Later,      ///< kept: offered again at the next start
};

/// "Restore unsaved work?" at start-up after a crash, with Restore, Discard… and Later. Escape or
/// closing the box is Later, never a deletion: the autosave may be the only copy of hours of work,
/// and a key pressed to get a box out of the way must not throw it away. Discard… asks again before
/// deleting (Cancel comes back to the question). A restore that fails says so and keeps the autosave.
RecoveryChoice offerRecovery(MainWindow& window, const Recovery& recovery);

} // namespace editor
