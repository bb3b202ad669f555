#include "app/run_modes.h"

#include "editor/canvas/track_canvas.h"
#include "editor/display_path.h"
#include "editor/document/autosave.h"
#include "editor/document/live_bake.h"
#include "editor/level/level_mesh_layer.h"
#include "editor/main_window.h"
#include "editor/native_path.h"
#include "editor/preview/preview_screenshot.h"
#include "editor/preview/preview_widget.h"
#include "editor/restore_prompt.h"
#include "editor/screenshot.h"

#include "formats/source/track_json.h"

#include <QApplication>

#include <cstdint>
#include <cstdio>
#include <optional>
#include <set>

namespace app {
namespace {

/// `text` for stderr: control characters escaped (a file name cannot drive the terminal), a path's
/// bytes that are not UTF-8 as \xNN.
QByteArray forTerminal(const QString& text) { return editor::displayText(text).toUtf8(); }

/// Starts the race --race asks for (none without it), with --roster's drivers, and follows the car
/// --follow names (0: the default); false with the reason on stderr.
bool startRaceIfAsked(editor::preview::PreviewController& controller, const CommandLine& request) {
    QString error;
    std::optional<editor::preview::RaceSettings> race = request.race;
    if (race && request.roster) {
        std::string problems;
        if (!editor::preview::loadRoster(editor::nativePath(*request.roster), *race, &problems)) {
            // A line a problem, each naming the file, the driver and the field.
            for (const QString& line : editor::textFromNative(problems).split('\n'))
                std::fprintf(stderr, "trackwright: --roster: %s\n", forTerminal(line).constData());
            return false;
        }
    }
    if (race && !controller.startRace(*race, &error)) {
        std::fprintf(stderr, "trackwright: --race: %s\n", forTerminal(error).constData());
        return false;
    }
    if (request.follow == 0) return true;
    if (request.follow > static_cast<int>(controller.carCount())) {
        std::fprintf(stderr, "trackwright: --follow: there is no car %d\n", request.follow);
        return false;
    }
    controller.selectCar(request.follow - 1);
    return true;
}

/// A preview's race, time and camera as --race, --follow, --after and --camera ask; false when the
/// race cannot start (the reason on stderr).
bool setUpPreview(editor::preview::PreviewController& controller, const CommandLine& request) {
    if (!startRaceIfAsked(controller, request)) return false;
    controller.simulateFor(request.after);
    controller.setCameraMode(static_cast<int>(request.camera));
    return true;
}

/// Prints the path of a picture just written, in the bytes it was given (a pipeline reads it back).
void printWritten(const QString& path) { std::printf("%s\n", editor::nativeFromPath(path).constData()); }

/// Opens `file` in `window` (the start-up track when none is asked and nothing was restored), then
/// sets the canvas and the preview up as --colour, --select, --with-preview and --workspace ask.
/// The exit code when something fails (the reason on stderr), nothing when all is set.
std::optional<int> setUpEditor(editor::MainWindow& window, const CommandLine& request, const QString& file) {
    if (!file.isEmpty()) {
        QString error;
        if (!window.openFile(file, &error)) {
            std::fprintf(stderr, "%s\n", forTerminal(error).constData());
            return 1;
        }
    }
    if (file.isEmpty() && !window.document()) window.openStartUpTrack();
    if (request.colour) {
        const QString& colour = *request.colour;
        if (colour != "curvature" && colour != "speed" && colour != "height") {
            std::fprintf(stderr, "trackwright: --colour is curvature, speed or height\n");
            return 2;
        }
        window.canvas()->setColouring(colour == "speed"    ? editor::TrackCanvas::Colouring::Speed
                                      : colour == "height" ? editor::TrackCanvas::Colouring::Height
                                                           : editor::TrackCanvas::Colouring::Curvature);
        window.liveBake()->waitForIdle();
    }
    if (request.select && window.document()) {
        std::set<std::uint32_t> nodes;
        for (const QString& item : request.select->split(',', Qt::SkipEmptyParts)) {
            bool isNode = false;
            const uint node = item.toUInt(&isNode);
            if (!isNode || node >= window.document()->nodes.size()) {
                std::fprintf(stderr, "trackwright: --select: no node %s\n", qPrintable(item));
                return 2;
            }
            nodes.insert(node);
        }
        window.selection()->set(nodes);
        window.resize(request.size);
        window.show();
        QApplication::processEvents();
        window.canvas()->frameNodes(nodes);
    }
    const bool previewWorkspace = request.workspace == CommandLine::Workspace::Preview;
    if (request.dockedPreview || previewWorkspace) {
        window.resize(request.size);
        window.show();
        QApplication::processEvents();
        if (previewWorkspace) window.setWorkspace(editor::MainWindow::Workspace::Preview);
        else window.showPreview();
        if (editor::preview::PreviewWidget* preview = window.previewWidget())
            if (!setUpPreview(*preview->controller(), request)) return 1;
    }
    return std::nullopt;
}

} // namespace

int runPreview(const CommandLine& request) {
    const QString& track = *request.preview;
    const formats::TrackLoadResult loaded = formats::loadTrackFile(editor::nativePath(track));
    if (!loaded.document) {
        for (const formats::Diagnostic& d : loaded.diagnostics)
            std::fprintf(stderr, "%s: %s\n", forTerminal(track).constData(), forTerminal(editor::textFromNative(d.message)).constData());
        return loaded.ioError ? 3 : 1;
    }
    editor::preview::PreviewWidget preview;
    preview.setWindowTitle(QStringLiteral("Trackwright preview — %1").arg(editor::windowTitleText(editor::displayPath(track))));
    QString error;
    if (!preview.controller()->setDocument(*loaded.document, &error)) {
        std::fprintf(stderr, "%s: %s\n", forTerminal(track).constData(), forTerminal(error).constData());
        return 1;
    }
    for (const editor::preview::PreviewCarSetup& car : editor::preview::defaultField(static_cast<std::size_t>(request.cars)))
        preview.controller()->addCar(car);
    if (!setUpPreview(*preview.controller(), request)) return 1;
    if (request.screenshot) {
        if (!editor::preview::savePreviewScreenshot(preview, request.size, editor::nativePath(*request.screenshot), &error)) {
            std::fprintf(stderr, "trackwright: %s\n", forTerminal(error).constData());
            return 3;
        }
        printWritten(*request.screenshot);
        return 0;
    }
    preview.resize(request.size);
    preview.show();
    preview.controller()->play();
    return QApplication::exec();
}

int screenshotEditor(const CommandLine& request) {
    editor::MainWindow window(nullptr, request.recoveryDir.value_or(QString()));
    if (const std::optional<int> failed = setUpEditor(window, request, request.file)) return *failed;
    window.canvas()->waitForBackdrop();
    window.levelMesh()->waitForLoad();
    window.liveBake()->waitForIdle();  // what the canvas draws from the bake: the grid, speed colours
    QString error;
    if (!editor::saveWindowScreenshot(window, request.size, editor::nativePath(*request.screenshot), &error)) {
        std::fprintf(stderr, "trackwright: %s\n", forTerminal(error).constData());
        return 3;
    }
    printWritten(*request.screenshot);
    return 0;
}

int runEditor(const CommandLine& request) {
    editor::MainWindow window(nullptr, request.recoveryDir.value_or(QString()));
    QString file = request.file;
    // Only a session whose editor no longer runs is offered: another editor open now keeps its own.
    if (const auto recovery = editor::Autosave::findRecovery(window.autosave()->folder()))
        if (editor::offerRecovery(window, *recovery) == editor::RecoveryChoice::Restored) file.clear();
    if (const std::optional<int> failed = setUpEditor(window, request, file)) return *failed;
    window.show();
    return QApplication::exec();
}

} // namespace app
