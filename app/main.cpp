// trackwright: the desktop editor. Parses the command line and hands over to editor::MainWindow.

#include "editor/document/autosave.h"
#include "editor/document/live_bake.h"
#include "editor/display_path.h"
#include "editor/level/level_mesh_layer.h"
#include "editor/main_window.h"
#include "editor/native_path.h"
#include "editor/preview/preview_screenshot.h"
#include "editor/preview/preview_widget.h"
#include "editor/restore_prompt.h"
#include "editor/screenshot.h"
#include "editor/canvas/track_canvas.h"

#include "formats/source/track_json.h"

#include <QApplication>
#include <QCoreApplication>
#include <QCommandLineParser>
#include <QSettings>
#include <QTemporaryDir>

#include <cstdio>
#include <optional>
#include <string_view>

namespace {

/// The command line's options, added to a parser.
struct Options {
    QCommandLineOption open{"open", "Open the track FILE (.twtrack).", "FILE"};
    QCommandLineOption screenshot{"screenshot", "Render the window to OUT.png and exit (no interaction).", "OUT.png"};
    QCommandLineOption select{"select", "Select nodes (comma-separated indices) and show them, e.g. for --screenshot.", "NODES"};
    QCommandLineOption colour{"colour", "Colour the lines by curvature, speed or height (the View menu's Colour Lines).", "curvature|speed|height"};
    QCommandLineOption recovery{"recovery-dir", "Where autosaves go and a crashed session's autosave is found (default: the app data folder).", "DIR"};
    QCommandLineOption size{"size", "Window size for --screenshot, WIDTHxHEIGHT pixels.", "WxH", "1280x800"};
    QCommandLineOption preview{"preview", "Open the 3D preview of the track FILE (.twtrack) with AI cars lapping it.", "FILE"};
    QCommandLineOption dockedPreview{"with-preview", "Open the editor with the 3D preview docked beside the diagnostics, as F5 does."};
    QCommandLineOption workspace{"workspace", "Start in the editing workspace or the preview one (the 3D preview takes most of the window).",
                                 "editing|preview", "editing"};
    QCommandLineOption after{"after", "With a preview: simulate SECONDS before showing (or before --screenshot).", "SECONDS", "0"};
    QCommandLineOption cars{"cars", "With --preview: number of AI cars on the grid (a docked preview starts four).", "N", "4"};
    QCommandLineOption camera{"camera", "With a preview: orbit, top or chase (the first car; in a race, the pole sitter).", "CAMERA", "orbit"};
    QCommandLineOption race{"race", "With a preview: start a race of N cars (2 to 20) on the grid when it opens.", "N"};
    QCommandLineOption laps{"laps", "With --race: the race's laps (1 to 50).", "L", "5"};
    QCommandLineOption seed{"seed", "With --race: the seed of the drivers' paces and of a random grid.", "S", "1"};
    QCommandLineOption grid{"grid", "With --race: the grid, ordered (fastest on pole), reversed or random.", "ORDER", "ordered"};
    QCommandLineOption follow{"follow", "With a preview: the car number the HUD and the chase camera follow (default: the first car, or the pole sitter).",
                              "CAR"};

    explicit Options(QCommandLineParser& parser) {
        parser.setApplicationDescription("Trackwright: author AI race tracks (nodes, widths, branches, racing lines).");
        parser.addHelpOption();
        parser.addVersionOption();
        for (const QCommandLineOption* option :
             {&open, &preview, &dockedPreview, &workspace, &after, &cars, &camera, &race, &laps, &seed, &grid, &follow, &screenshot, &size, &recovery, &select,
              &colour})
            parser.addOption(*option);
        parser.addPositionalArgument("FILE", "Track to open (same as --open).", "[FILE]");
    }
};

/// `text` for stderr: control characters escaped (a file name cannot drive the terminal), a path's
/// bytes that are not UTF-8 as \xNN.
QByteArray forTerminal(const QString& text) { return editor::displayText(text).toUtf8(); }

/// Starts the race --race asks for (none without it) and follows the car --follow names (0: the
/// default); false with the reason on stderr.
bool startRaceIfAsked(editor::preview::PreviewController& controller, const std::optional<editor::preview::RaceSettings>& race, int follow) {
    QString error;
    if (race && !controller.startRace(*race, &error)) {
        std::fprintf(stderr, "trackwright: --race: %s\n", forTerminal(error).constData());
        return false;
    }
    if (follow == 0) return true;
    if (follow > static_cast<int>(controller.carCount())) {
        std::fprintf(stderr, "trackwright: --follow: there is no car %d\n", follow);
        return false;
    }
    controller.selectCar(follow - 1);
    return true;
}

void nameTheApplication() {
    QCoreApplication::setApplicationName("Trackwright");
    QCoreApplication::setOrganizationName("Trackwright");
    QCoreApplication::setApplicationVersion(TRACKWRIGHT_VERSION);
}

/// --help and --version answer without a display: a QApplication would need one first.
void answerHelpAndVersionWithoutAWindow(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        const std::string_view argument(argv[i]);
        if (argument == "--") break;
        if (argument != "--help" && argument != "-h" && argument != "-?" && argument != "--help-all" && argument != "--version" &&
            argument != "-v")
            continue;
        QCoreApplication core(argc, argv);
        nameTheApplication();
        QCommandLineParser parser;
        const Options options(parser);
        parser.process(core);  // prints the help or the version and exits
    }
}

} // namespace

int main(int argc, char** argv) {
    answerHelpAndVersionWithoutAWindow(argc, argv);
    QApplication app(argc, argv);
    nameTheApplication();

    QCommandLineParser parser;
    const Options options(parser);
    const QCommandLineOption& openOption = options.open;
    const QCommandLineOption& screenshotOption = options.screenshot;
    const QCommandLineOption& selectOption = options.select;
    const QCommandLineOption& colourOption = options.colour;
    const QCommandLineOption& recoveryOption = options.recovery;
    const QCommandLineOption& sizeOption = options.size;
    const QCommandLineOption& previewOption = options.preview;
    const QCommandLineOption& afterOption = options.after;
    const QCommandLineOption& carsOption = options.cars;
    const QCommandLineOption& cameraOption = options.camera;
    // From argv's own bytes, not app.arguments(): a file named in Latin-1 stays the file it names
    // (native_path.h). QApplication has already taken its own options (-platform …) out of argv.
    parser.process(editor::argumentsFromNative(argc, argv));

    // A --screenshot run renders and exits: it reads and writes its settings (recent files, window
    // layout) and autosaves in a throwaway folder, so a pipeline's screenshots never rewrite the
    // designer's recent files and every screenshot starts from the same defaults.
    QTemporaryDir throwaway;
    const bool screenshotRun = parser.isSet(screenshotOption);
    if (screenshotRun) {
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, throwaway.path());
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, throwaway.path());
    }
    const QString recoveryFolder = parser.isSet(recoveryOption) || !screenshotRun ? parser.value(recoveryOption) : throwaway.filePath("recovery");

    QString file = parser.value(openOption);
    if (file.isEmpty() && !parser.positionalArguments().isEmpty()) file = parser.positionalArguments().front();
    QSize size;
    if (!editor::parseWindowSize(parser.value(sizeOption), size)) {
        std::fprintf(stderr, "trackwright: --size must look like 1280x800\n");
        return 2;
    }

    bool numbers = true, ok = true;
    const double after = parser.value(afterOption).toDouble(&ok);
    numbers &= ok && after >= 0.0;
    const int cars = parser.value(carsOption).toInt(&ok);
    numbers &= ok && cars >= 0 && cars <= 200;
    const QStringList cameras{"orbit", "top", "chase"};
    const auto camera = cameras.indexOf(parser.value(cameraOption));
    const QStringList workspaces{"editing", "preview"};
    const auto workspace = workspaces.indexOf(parser.value(options.workspace));
    if (!numbers || camera < 0 || workspace < 0) {
        std::fprintf(stderr, "trackwright: --after needs seconds >= 0, --cars a count from 0 to 200, --camera orbit, top or chase, "
                             "--workspace editing or preview\n");
        return 2;
    }
    using editor::preview::RaceSettings;
    std::optional<RaceSettings> race;
    if (parser.isSet(options.race)) {
        race.emplace();
        race->cars = parser.value(options.race).toInt(&ok);
        bool raceNumbers = ok && race->cars >= RaceSettings::kMinCars && race->cars <= RaceSettings::kMaxCars;
        race->laps = parser.value(options.laps).toInt(&ok);
        raceNumbers &= ok && race->laps >= RaceSettings::kMinLaps && race->laps <= RaceSettings::kMaxLaps;
        race->seed = parser.value(options.seed).toULongLong(&ok);
        raceNumbers &= ok;
        const std::optional<bake::GridOrder> grid = bake::gridOrderByName(parser.value(options.grid).toStdString());
        if (!raceNumbers || !grid) {
            std::fprintf(stderr, "trackwright: --race needs 2 to 20 cars, --laps 1 to 50, --seed a number >= 0, --grid ordered, reversed or random\n");
            return 2;
        }
        race->grid = *grid;
    }
    const int follow = parser.isSet(options.follow) ? parser.value(options.follow).toInt(&ok) : 0;
    if (parser.isSet(options.follow) && (!ok || follow < 1)) {
        std::fprintf(stderr, "trackwright: --follow needs a car number from 1\n");
        return 2;
    }

    if (parser.isSet(previewOption)) {
        const QString track = parser.value(previewOption);
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
        for (const editor::preview::PreviewCarSetup& car : editor::preview::defaultField(static_cast<std::size_t>(cars))) preview.controller()->addCar(car);
        if (!startRaceIfAsked(*preview.controller(), race, follow)) return 1;
        preview.controller()->simulateFor(after);
        preview.controller()->setCameraMode(static_cast<int>(camera));
        if (parser.isSet(screenshotOption)) {
            if (!editor::preview::savePreviewScreenshot(preview, size, editor::nativePath(parser.value(screenshotOption)), &error)) {
                std::fprintf(stderr, "trackwright: %s\n", forTerminal(error).constData());
                return 3;
            }
            std::printf("%s\n", editor::nativeFromPath(parser.value(screenshotOption)).constData());
            return 0;
        }
        preview.resize(size);
        preview.show();
        preview.controller()->play();
        return app.exec();
    }

    editor::MainWindow window(nullptr, recoveryFolder);
    const bool interactive = !parser.isSet(screenshotOption);
    // Only a session whose editor no longer runs is offered: another editor open now keeps its own.
    if (const auto recovery = interactive ? editor::Autosave::findRecovery(window.autosave()->folder()) : std::nullopt)
        if (editor::offerRecovery(window, *recovery) == editor::RecoveryChoice::Restored) file.clear();
    if (!file.isEmpty()) {
        QString error;
        if (!window.openFile(file, &error)) {
            std::fprintf(stderr, "%s\n", forTerminal(error).constData());
            return 1;
        }
    }
    if (file.isEmpty() && !window.document()) window.openStartUpTrack();
    if (parser.isSet(colourOption)) {
        const QString colour = parser.value(colourOption);
        if (colour != "curvature" && colour != "speed" && colour != "height") {
            std::fprintf(stderr, "trackwright: --colour is curvature, speed or height\n");
            return 2;
        }
        window.canvas()->setColouring(colour == "speed"    ? editor::TrackCanvas::Colouring::Speed
                                      : colour == "height" ? editor::TrackCanvas::Colouring::Height
                                                           : editor::TrackCanvas::Colouring::Curvature);
        window.liveBake()->waitForIdle();
    }
    if (parser.isSet(selectOption) && window.document()) {
        std::set<std::uint32_t> nodes;
        for (const QString& item : parser.value(selectOption).split(',', Qt::SkipEmptyParts)) {
            bool isNode = false;
            const uint node = item.toUInt(&isNode);
            if (!isNode || node >= window.document()->nodes.size()) {
                std::fprintf(stderr, "trackwright: --select: no node %s\n", qPrintable(item));
                return 2;
            }
            nodes.insert(node);
        }
        window.selection()->set(nodes);
        window.resize(size);
        window.show();
        QApplication::processEvents();
        window.canvas()->frameNodes(nodes);
    }
    if (parser.isSet(options.dockedPreview) || workspace == 1) {
        window.resize(size);
        window.show();
        QApplication::processEvents();
        if (workspace == 1) window.setWorkspace(editor::MainWindow::Workspace::Preview);
        else window.showPreview();
        if (editor::preview::PreviewWidget* preview = window.previewWidget()) {
            if (!startRaceIfAsked(*preview->controller(), race, follow)) return 1;
            preview->controller()->simulateFor(after);
            preview->controller()->setCameraMode(static_cast<int>(camera));
        }
    }
    if (parser.isSet(screenshotOption)) {
        QString error;
        window.canvas()->waitForBackdrop();
        window.levelMesh()->waitForLoad();
        window.liveBake()->waitForIdle();  // what the canvas draws from the bake: the grid, speed colours
        if (!editor::saveWindowScreenshot(window, size, editor::nativePath(parser.value(screenshotOption)), &error)) {
            std::fprintf(stderr, "trackwright: %s\n", forTerminal(error).constData());
            return 3;
        }
        std::printf("%s\n", editor::nativeFromPath(parser.value(screenshotOption)).constData());
        return 0;
    }
    window.show();
    return app.exec();
}
