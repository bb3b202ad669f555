#pragma once

#include "app/command_line.h"

namespace app {

/// The standalone 3D preview (--preview FILE): AI cars (or --race's field) lap the track; with
/// --screenshot it simulates --after seconds, saves the picture, prints its path and exits,
/// otherwise it plays until the window is closed. Returns the exit code: 1 a track that does not
/// load or bake, or a race that cannot start; 3 a file that cannot be read or a picture that
/// cannot be written.
int runPreview(const CommandLine& request);

/// A --screenshot run of the editor: the track (or the start-up one) set up as asked (colours,
/// selection, a docked preview or the Preview workspace), rendered once everything drawn from the
/// bake is in, saved, its path printed. Offers no recovery and waits for nothing from the user.
/// Returns the exit code: 1 a track that does not open, 2 a bad --colour or --select, 3 a picture
/// that cannot be written.
int screenshotEditor(const CommandLine& request);

/// The interactive editor: offers a crashed session's autosave first (restoring it replaces the
/// FILE asked for), sets the track up as for a screenshot and runs until the window is closed.
int runEditor(const CommandLine& request);

} // namespace app
