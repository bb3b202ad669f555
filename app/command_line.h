#pragma once

#include "editor/preview/preview_race.h"

#include <QSize>
#include <QString>

#include <optional>

namespace app {

/// What the command line asked for, its numbers checked. What can only be checked against the
/// track (--select's nodes) or is checked by the run it belongs to (--colour in the editor's run)
/// is kept as written, so every run reports its errors in the same order as ever.
struct CommandLine {
    enum class Camera { Orbit = 0, Top = 1, Chase = 2 };  // as PreviewController::CameraMode
    enum class Workspace { Editing, Preview };

    QString file;                        ///< --open FILE, else the positional FILE; empty: none
    std::optional<QString> preview;      ///< --preview FILE: the standalone 3D preview
    std::optional<QString> screenshot;   ///< --screenshot OUT.png: render, save and exit
    QSize size;                          ///< --size: window size for --screenshot (and the preview's window)
    std::optional<QString> recoveryDir;  ///< --recovery-dir as given (empty: the app data folder)
    std::optional<QString> colour;       ///< --colour as written, checked by the editor's run
    std::optional<QString> select;       ///< --select's node list as written, checked against the track
    bool dockedPreview = false;          ///< --with-preview
    Workspace workspace = Workspace::Editing;
    double after = 0.0;                  ///< --after: s simulated before showing
    int cars = 4;                        ///< --cars: AI cars on the standalone preview's grid
    Camera camera = Camera::Orbit;
    std::optional<editor::preview::RaceSettings> race;  ///< --race with --laps, --seed, --grid, --level, --mistakes, --catch-up
    std::optional<QString> roster;       ///< --roster FILE with --race, read as the race starts
    int follow = 0;                      ///< --follow: the car the HUD follows, from 1; 0 the default
};

/// The application's name, organisation and version, which QSettings and --version read.
void nameTheApplication();

/// Answers --help and --version without a display (a QApplication would need one first): prints
/// and exits when argv asks for either, returns otherwise.
void answerHelpAndVersionWithoutAWindow(int argc, char** argv);

/// Parses argv (after QApplication has taken its own options out of it) into `request`; false
/// with the reason on stderr when a value is out of range (exit code 2). An unknown option or a
/// missing value exits here, as QCommandLineParser does.
bool parseCommandLine(int argc, char** argv, CommandLine& request);

} // namespace app
