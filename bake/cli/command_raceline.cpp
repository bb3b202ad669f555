#include "bake/cli/commands.h"
#include "bake/cli/diagnostics_report.h"
#include "bake/cli/exit_codes.h"
#include "bake/cli/json_report.h"
#include "bake/cli/output_paths.h"
#include "bake/cli/progress.h"
#include "bake/cli/vehicle_file.h"
#include "bake/cli/raceline_options.h"

#include "bake/lines/racing_lines.h"

#include "formats/source/file_io.h"
#include "formats/source/track_json.h"
#include "formats/validate/validate.h"

#include <cereal/archives/json.hpp>
#include <cereal/types/string.hpp>

#include <cmath>
#include <filesystem>
#include <iomanip>
#include <sstream>

namespace bake::cli {
namespace {

std::string racingLineCsv(const formats::TrackDocument& document) {
    std::ostringstream csv;
    csv << "# x_m,y_m\n" << std::setprecision(10);
    for (const formats::Line& line : document.lines) {
        if (line.route != 0 || line.name != "racing" || !line.vehicleClass.empty()) continue;
        for (const formats::Vec2& p : offsetLinePoints(document, 0, line.offsets)) csv << p.x << ',' << p.y << '\n';
        break;
    }
    return csv.str();
}

/// JSON has no infinity: a lap the runner did not finish cleanly is written as −1.
double finiteOrNegative(double seconds) { return std::isfinite(seconds) ? seconds : -1.0; }

void printReportJson(std::ostream& out, const std::string& file, const RacingLineResult& result) {
    JsonReport report(out);
    cereal::JSONOutputArchive& archive = report.archive();
    archive(cereal::make_nvp("file", file));
    archive.setNextName("lines");
    archive.startNode();
    archive.makeArray();
    for (const RacingLineReport& r : result.reports) {
        archive.startNode();
        archive(cereal::make_nvp("route", r.route), cereal::make_nvp("name", r.name), cereal::make_nvp("vehicle_class", r.vehicleClass),
                cereal::make_nvp("length_m", r.line.length), cereal::make_nvp("max_curvature", r.line.maxAbsCurvature),
                cereal::make_nvp("mean_curvature", r.line.meanAbsCurvature), cereal::make_nvp("integral_squared_curvature", r.line.integralSquaredCurvature),
                cereal::make_nvp("centre_integral_squared_curvature", r.centre.integralSquaredCurvature),
                cereal::make_nvp("optimiser_ms", r.optimiserMilliseconds));
        if (r.idealLapEvaluations > 0)
            archive(cereal::make_nvp("ideal_lap_before_s", r.idealLapBefore), cereal::make_nvp("ideal_lap_after_s", r.idealLapAfter),
                    cereal::make_nvp("ideal_lap_evaluations", r.idealLapEvaluations),
                    cereal::make_nvp("minimum_curvature_lap_s", finiteOrNegative(r.minimumCurvatureLap)),
                    cereal::make_nvp("descended_lap_s", finiteOrNegative(r.descendedLap)), cereal::make_nvp("descent_kept", r.descentKept));
        if (r.lapEvaluations > 0)
            archive(cereal::make_nvp("lap_time_before_s", finiteOrNegative(r.lapTimeBefore)), cereal::make_nvp("lap_time_after_s", finiteOrNegative(r.lapTimeAfter)),
                    cereal::make_nvp("lap_evaluations", r.lapEvaluations));
        archive.finishNode();
    }
    archive.finishNode();
}

void printReport(std::ostream& out, const formats::TrackDocument& document, const RacingLineResult& result) {
    out << std::fixed;
    for (const RacingLineReport& r : result.reports) {
        out << "route \"" << document.routes[r.route].name << "\" racing line" << (r.vehicleClass.empty() ? "" : " for " + r.vehicleClass) << ": "
            << std::setprecision(4) << "∫κ² ds " << r.line.integralSquaredCurvature << " (centre " << r.centre.integralSquaredCurvature << "), max |κ| "
            << r.line.maxAbsCurvature << " 1/m, " << std::setprecision(1) << r.line.length << " m, " << r.optimiserMilliseconds << " ms";
        if (r.idealLapEvaluations > 0)
            out << std::setprecision(3) << "; ideal lap " << r.idealLapBefore << " s -> " << r.idealLapAfter << " s; flying lap: minimum-curvature "
                << r.minimumCurvatureLap << " s, descended " << r.descendedLap << " s (" << (r.descentKept ? "kept" : "not kept") << ")";
        if (r.lapEvaluations > 0)
            out << std::setprecision(3) << (r.idealLapEvaluations > 0 ? ", refined " : "; flying lap ") << r.lapTimeBefore << " s -> " << r.lapTimeAfter << " s in " << r.lapEvaluations << " laps";
        out << '\n';
    }
}

} // namespace

int runRaceline(const RacelineCommand& command, std::ostream& out, std::ostream& err) {
    RacingLineOptions options;
    if (const int code = racingLineOptionsFrom(command.method, command.vehicle, options, err, "raceline")) return code;
    options.safetyMargin = command.safety;
    options.alternates = !command.noAlternates;
    options.refinement.maxEvaluations = command.evaluations;
    options.refinement.timeLimit = command.timeLimit;
    options.refinement.threads = static_cast<int>(command.jobs);

    const NamedPath inputs[] = {{"input", command.input}};
    const NamedPath outputs[] = {{"-o", command.output, /*mayBeInput=*/true}, {"--csv", command.csv}};
    if (const auto conflict = findOutputConflict(inputs, outputs)) {
        err << "twbake raceline: " << *conflict << '\n';
        return kExitUsage;
    }

    std::vector<formats::VehicleClass> classes;
    if (!command.classes.empty())
        if (const int code = readClassFiles(command.classes, "twbake raceline", classes, err)) return code;
    formats::TrackLoadResult loaded = formats::loadTrackFile(command.input);
    if (!loaded.document) {
        printDiagnostics(err, command.input, loaded.diagnostics);
        return loaded.ioError ? kExitIo : kExitInvalidInput;
    }
    // The studio's classes go into the output too: a line optimised for a class names it.
    for (const formats::VehicleClass& c : classes) putVehicleClass(*loaded.document, c);
    const formats::Diagnostics found = formats::validate(*loaded.document);
    if (formats::hasErrors(found)) {
        printDiagnostics(err, command.input, found);
        err << "twbake raceline: fix the errors above first; " << command.output << " was not written\n";
        return kExitInvalidInput;
    }

    Progress progress(err, command.progress, "raceline", 1);
    BakeContext context;
    context.progress = [&](double fraction) { progress.fraction(command.input, fraction); };
    const RacingLineResult result = optimiseRacingLines(*loaded.document, options, context);
    progress.finish();
    if (result.reports.empty() && formats::hasErrors(result.diagnostics)) {
        printDiagnostics(err, command.input, result.diagnostics);
        return kExitUsage;
    }
    // The optimiser keeps within the tarmac, so this finds nothing new; it is the guard that no
    // document leaves here worse than it came.
    formats::Diagnostics diagnostics = result.diagnostics;
    const formats::Diagnostics after = formats::validate(result.document);
    diagnostics.insert(diagnostics.end(), after.begin(), after.end());
    if (formats::hasErrors(after)) {
        printDiagnostics(err, command.output, diagnostics);
        err << "twbake raceline: the optimised document does not validate; " << command.output << " was not written\n";
        return kExitInvalidInput;
    }

    // Both outputs or neither: a --csv that cannot be written must not leave -o already replaced.
    const std::string track = formats::writeTrackJson(result.document);
    const std::string csv = command.csv.empty() ? std::string() : racingLineCsv(result.document);
    std::vector<formats::OutputFile> files{{command.output, track}};
    if (!command.csv.empty()) files.push_back({command.csv, csv});
    std::string ioError;
    if (!formats::writeOutputFiles(files, ioError)) {
        err << "twbake raceline: " << ioError << "; nothing was written\n";
        return kExitIo;
    }
    if (command.json) {
        printReportJson(out, command.output, result);
        out << '\n';
    } else {
        if (!diagnostics.empty()) printDiagnostics(err, command.output, diagnostics);
        printReport(out, result.document, result);
        out << "wrote " << command.output << (command.csv.empty() ? "" : " and " + command.csv) << '\n';
    }
    return kExitOk;
}

} // namespace bake::cli
