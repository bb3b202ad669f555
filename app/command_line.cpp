#include "app/command_line.h"

#include "editor/native_path.h"
#include "editor/screenshot.h"

#include "bake/sim/race_grid.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QStringList>

#include <cstdio>
#include <string_view>

namespace app {
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
    QCommandLineOption roster{"roster", "With --race: named drivers from a roster FILE (JSON, as twbake race --roster), one a car in order; "
                                        "cars beyond it are drawn.", "FILE"};
    QCommandLineOption level{"level", "With --race: the strength (0.5 to 1) of every driver without its own; S laps in 1/S of the ideal's time.",
                             "S", "1"};
    QCommandLineOption mistakes{"mistakes", "With --race: every driver's mistakes, 0 to 4 times the documented rates (default: each driver's own).",
                                "M"};
    QCommandLineOption catchUp{"catch-up", "With --race: catch-up on (the runtime's default policy)."};
    QCommandLineOption follow{"follow", "With a preview: the car number the HUD and the chase camera follow (default: the first car, or the pole sitter).",
                              "CAR"};

    explicit Options(QCommandLineParser& parser) {
        parser.setApplicationDescription("Trackwright: author AI race tracks (nodes, widths, branches, racing lines).");
        parser.addHelpOption();
        parser.addVersionOption();
        for (const QCommandLineOption* option :
             {&open, &preview, &dockedPreview, &workspace, &after, &cars, &camera, &race, &laps, &seed, &grid, &roster, &level, &mistakes, &catchUp, &follow,
              &screenshot, &size, &recovery, &select, &colour})
            parser.addOption(*option);
        parser.addPositionalArgument("FILE", "Track to open (same as --open).", "[FILE]");
    }
};

/// The option's value when it was given, else nothing (a default value does not count).
std::optional<QString> valueIfSet(const QCommandLineParser& parser, const QCommandLineOption& option) {
    if (!parser.isSet(option)) return std::nullopt;
    return parser.value(option);
}

/// --race and its --laps, --seed, --grid, --level, --mistakes and --catch-up into `race`; false when
/// one is out of range.
bool parseRace(const QCommandLineParser& parser, const Options& options, editor::preview::RaceSettings& race) {
    using editor::preview::RaceSettings;
    bool ok = true;
    race.cars = parser.value(options.race).toInt(&ok);
    bool numbers = ok && race.cars >= RaceSettings::kMinCars && race.cars <= RaceSettings::kMaxCars;
    race.laps = parser.value(options.laps).toInt(&ok);
    numbers &= ok && race.laps >= RaceSettings::kMinLaps && race.laps <= RaceSettings::kMaxLaps;
    race.seed = parser.value(options.seed).toULongLong(&ok);
    numbers &= ok;
    race.level = parser.value(options.level).toFloat(&ok);
    numbers &= ok && race.level >= RaceSettings::kMinLevel && race.level <= RaceSettings::kMaxLevel;
    if (parser.isSet(options.mistakes)) {
        race.mistakes = parser.value(options.mistakes).toFloat(&ok);
        numbers &= ok && *race.mistakes >= 0.0f && *race.mistakes <= RaceSettings::kMaxMistakes;
    }
    race.catchUp = parser.isSet(options.catchUp);
    const std::optional<bake::GridOrder> grid = bake::gridOrderByName(parser.value(options.grid).toStdString());
    if (!numbers || !grid) return false;
    race.grid = *grid;
    return true;
}

} // namespace

void nameTheApplication() {
    QCoreApplication::setApplicationName("Trackwright");
    QCoreApplication::setOrganizationName("Trackwright");
    QCoreApplication::setApplicationVersion(TRACKWRIGHT_VERSION);
}

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

bool parseCommandLine(int argc, char** argv, CommandLine& request) {
    QCommandLineParser parser;
    const Options options(parser);
    // From argv's own bytes, not app.arguments(): a file named in Latin-1 stays the file it names
    // (native_path.h). QApplication has already taken its own options (-platform …) out of argv.
    parser.process(editor::argumentsFromNative(argc, argv));

    request.file = parser.value(options.open);
    if (request.file.isEmpty() && !parser.positionalArguments().isEmpty()) request.file = parser.positionalArguments().front();
    request.preview = valueIfSet(parser, options.preview);
    request.screenshot = valueIfSet(parser, options.screenshot);
    request.recoveryDir = valueIfSet(parser, options.recovery);
    request.colour = valueIfSet(parser, options.colour);
    request.select = valueIfSet(parser, options.select);
    request.dockedPreview = parser.isSet(options.dockedPreview);
    if (!editor::parseWindowSize(parser.value(options.size), request.size)) {
        std::fprintf(stderr, "trackwright: --size must look like 1280x800\n");
        return false;
    }

    bool numbers = true, ok = true;
    request.after = parser.value(options.after).toDouble(&ok);
    numbers &= ok && request.after >= 0.0;
    request.cars = parser.value(options.cars).toInt(&ok);
    numbers &= ok && request.cars >= 0 && request.cars <= 200;
    const auto camera = QStringList{"orbit", "top", "chase"}.indexOf(parser.value(options.camera));
    const auto workspace = QStringList{"editing", "preview"}.indexOf(parser.value(options.workspace));
    if (!numbers || camera < 0 || workspace < 0) {
        std::fprintf(stderr, "trackwright: --after needs seconds >= 0, --cars a count from 0 to 200, --camera orbit, top or chase, "
                             "--workspace editing or preview\n");
        return false;
    }
    request.camera = static_cast<CommandLine::Camera>(camera);
    request.workspace = workspace == 1 ? CommandLine::Workspace::Preview : CommandLine::Workspace::Editing;
    if (parser.isSet(options.race) && !parseRace(parser, options, request.race.emplace())) {
        std::fprintf(stderr, "trackwright: --race needs 2 to 20 cars, --laps 1 to 50, --seed a number >= 0, --grid ordered, reversed or random, "
                             "--level 0.5 to 1, --mistakes 0 to 4\n");
        return false;
    }
    request.roster = valueIfSet(parser, options.roster);
    if (request.roster && !request.race) {
        std::fprintf(stderr, "trackwright: --roster names the drivers of a --race N\n");
        return false;
    }
    request.follow = parser.isSet(options.follow) ? parser.value(options.follow).toInt(&ok) : 0;
    if (parser.isSet(options.follow) && (!ok || request.follow < 1)) {
        std::fprintf(stderr, "trackwright: --follow needs a car number from 1\n");
        return false;
    }
    return true;
}

} // namespace app
