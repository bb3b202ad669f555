// trackwright: the desktop editor. Parses the command line and hands over to editor::MainWindow.

#include "editor/main_window.h"
#include "editor/screenshot.h"

#include <QApplication>
#include <QCommandLineParser>

#include <cstdio>

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setApplicationName("Trackwright");
    QApplication::setOrganizationName("Trackwright");
    QApplication::setApplicationVersion(TRACKWRIGHT_VERSION);

    QCommandLineParser parser;
    parser.setApplicationDescription("Trackwright: author AI race tracks (nodes, widths, branches, racing lines).");
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption openOption("open", "Open the track FILE (.twtrack).", "FILE");
    const QCommandLineOption screenshotOption("screenshot", "Render the window to OUT.png and exit (no interaction).", "OUT.png");
    const QCommandLineOption sizeOption("size", "Window size for --screenshot, WIDTHxHEIGHT pixels.", "WxH", "1280x800");
    parser.addOption(openOption);
    parser.addOption(screenshotOption);
    parser.addOption(sizeOption);
    parser.addPositionalArgument("FILE", "Track to open (same as --open).", "[FILE]");
    parser.process(app);

    QString file = parser.value(openOption);
    if (file.isEmpty() && !parser.positionalArguments().isEmpty()) file = parser.positionalArguments().front();
    QSize size;
    if (!editor::parseWindowSize(parser.value(sizeOption), size)) {
        std::fprintf(stderr, "trackwright: --size must look like 1280x800\n");
        return 2;
    }

    editor::MainWindow window;
    if (!file.isEmpty()) {
        QString error;
        if (!window.openFile(file, &error)) {
            std::fprintf(stderr, "%s\n", qPrintable(error));
            return 1;
        }
    }
    if (parser.isSet(screenshotOption)) {
        QString error;
        if (!editor::saveWindowScreenshot(window, size, parser.value(screenshotOption), &error)) {
            std::fprintf(stderr, "trackwright: %s\n", qPrintable(error));
            return 3;
        }
        std::printf("%s\n", qPrintable(parser.value(screenshotOption)));
        return 0;
    }
    window.show();
    return app.exec();
}
