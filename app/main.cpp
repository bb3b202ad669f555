// trackwright: the desktop editor. Parses the command line (command_line.h) and hands over to the
// run it asks for (run_modes.h): the standalone 3D preview, a screenshot of the editor, or the
// editor itself.

#include "app/command_line.h"
#include "app/run_modes.h"

#include <QApplication>
#include <QSettings>
#include <QTemporaryDir>

int main(int argc, char** argv) {
    app::answerHelpAndVersionWithoutAWindow(argc, argv);
    QApplication application(argc, argv);
    app::nameTheApplication();
    app::CommandLine request;
    if (!app::parseCommandLine(argc, argv, request)) return 2;

    // A --screenshot run renders and exits: it reads and writes its settings (recent files, window
    // layout) and autosaves in a throwaway folder, so a pipeline's screenshots never rewrite the
    // designer's recent files and every screenshot starts from the same defaults.
    QTemporaryDir throwaway;
    if (request.screenshot) {
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, throwaway.path());
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, throwaway.path());
        if (!request.recoveryDir) request.recoveryDir = throwaway.filePath("recovery");
    }

    if (request.preview) return app::runPreview(request);
    return request.screenshot ? app::screenshotEditor(request) : app::runEditor(request);
}
