// twbake calibrate: a vehicle class fitted to logged laps of a game's car (bake/calibration/).
#include "bake/cli/commands.h"
#include "bake/cli/diagnostics_report.h"
#include "bake/cli/exit_codes.h"
#include "bake/cli/json_report.h"
#include "bake/cli/output_paths.h"
#include "bake/cli/vehicle_file.h"

#include "bake/calibration/envelope_fit.h"
#include "bake/calibration/telemetry_log.h"
#include "bake/pipeline/class_vehicle.h"
#include "formats/source/class_json.h"
#include "formats/source/file_io.h"
#include "formats/validate/validate.h"
#include "trackwright/vehicle/vehicle_limits.h"

#include <cereal/types/string.hpp>
#include <cereal/types/vector.hpp>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <optional>

namespace bake::cli {
namespace {

namespace cal = bake::calibration;

/// The speeds the report (and docs/results/torcs.md) compares the limits at, m/s.
constexpr float kReportSpeeds[] = {20.0f, 40.0f, 60.0f};

struct LogUsed {
    std::string file;
    std::string car;  ///< describeCar
    std::size_t rows = 0;
};

/// The envelope functions of a class at one speed (trackwright/vehicle/vehicle_limits.h): lateralLimit,
/// brakingLimit, and the drive net of drag and rolling resistance (what the car accelerates at on the
/// level, what a log measures; `engine` is driveLimit, before them).
struct LimitsAt {
    float speed = 0.0f, lateral = 0.0f, braking = 0.0f, drive = 0.0f, engine = 0.0f;
};

std::vector<LimitsAt> limitsOf(const formats::VehicleClass& c) {
    const trackwright::VehicleParameters v = classVehicle(c);
    std::vector<LimitsAt> limits;
    for (float speed : kReportSpeeds)
        limits.push_back({speed, trackwright::lateralLimit(v, speed), trackwright::brakingLimit(v, speed),
                          trackwright::driveLimit(v, speed) - v.drag * speed * speed - v.rollingResistance, trackwright::driveLimit(v, speed)});
    return limits;
}

std::string fixed(double value, int decimals) {
    if (!std::isfinite(value)) return "-";
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

std::string padded(std::string text, std::size_t width) {
    if (text.size() < width) text.insert(0, width - text.size(), ' ');
    return text;
}

std::string figureCell(const cal::BinFigure& f) {
    const std::string figure = std::isfinite(f.figure) ? fixed(f.figure, 2) + (f.used ? " " : "*") : "-  ";
    return padded(std::to_string(f.samples), 6) + padded(figure, 9) + padded(std::isfinite(f.figure) ? fixed(f.fitted, 2) : "-", 8);
}

void printReport(std::ostream& out, const std::vector<LogUsed>& logs, const cal::EnvelopeFit& fit, const cal::FitOptions& options,
                 const formats::VehicleClass& c, const std::string& geometryFrom, const std::optional<formats::VehicleClass>& reference,
                 const std::string& referenceName, const std::string& output) {
    for (const LogUsed& log : logs) out << "log " << log.file << ": " << log.car << ", " << log.rows << " rows\n";
    out << "rows: " << fit.counts.used << " of " << fit.counts.read << " kept (" << fit.counts.offTrack << " off the track, " << fit.counts.pit
        << " in the pit, " << fit.counts.collision << " with a collision, " << fit.counts.slow << " below " << fixed(options.minSpeed, 0) << " m/s)\n";
    out << "per " << fixed(options.binWidth, 0) << " m/s bin: the " << fixed(options.percentile * 100.0, 0) << "th percentile of each row's magnitude held for "
        << fixed(options.sustainWindow, 1) << " s, with " << options.minBinSamples << " samples or more; * left out of the fit (more than "
        << fixed(options.envelopeTolerance * 100.0, 0) << " % below the curve: the car did not use its limit there)\n\n";
    out << "   speed m/s   rows |  lateral m/s²: n  figure     fit |  braking m/s²: n  figure     fit |    drive m/s²: n  figure     fit\n";
    for (const cal::SpeedBin& bin : fit.bins) {
        out << padded(fixed(bin.low, 0) + "-" + fixed(bin.high, 0), 12) << padded(std::to_string(bin.rows), 7) << " |   " << figureCell(bin.lateral) << " |   " << figureCell(bin.braking) << " |   "
            << figureCell(bin.drive) << '\n';
    }
    out << "\nlateral(v) = A·(1 + D·v²/g): A " << fixed(fit.maxLateralAcceleration, 2) << " m/s², D " << fixed(fit.downforce * 1e4, 3)
        << "e-4 1/m; rms " << fixed(fit.lateral.rms, 2) << " m/s² over " << fit.lateral.binsUsed << " bins\n";
    out << "braking(v) = B + E·v² = B·(1 + D·v²/g) + drag·v²: B " << fixed(fit.maxBraking, 2) << " m/s², E " << fixed(fit.brakingSlope * 1e4, 3) << "e-4 1/m";
    out << "; drag " << fixed(fit.drag * 1e4, 3) << "e-4 1/m; rms " << fixed(fit.braking.rms, 2) << " m/s² over " << fit.braking.binsUsed << " bins\n";
    out << "drive(v) = min(F·(1 + D·v²/g), P/v) − drag·v² − " << fixed(options.rollingResistance, 1) << ": F " << fixed(fit.maxAcceleration, 2)
        << " m/s², P " << fixed(fit.powerPerMass, 0) << " W/kg; rms " << fixed(fit.drive.rms, 2) << " m/s² over " << fit.drive.binsUsed << " bins\n";
    out << "top speed " << fixed(fit.topSpeed, 1) << " m/s (the highest held for " << fixed(options.sustainWindow, 1) << " s)\n";
    for (const std::string& note : fit.notes) out << "note: " << note << '\n';
    out << "geometry: wheelbase " << fixed(c.wheelbase, 2) << " m, steering lock " << fixed(c.maxSteeringAngle, 4) << " rad, width " << fixed(c.width, 2)
        << " m (" << geometryFrom << ")\n\n";

    const std::vector<LimitsAt> fitted = limitsOf(c);
    std::vector<LimitsAt> theirs;
    if (reference) theirs = limitsOf(*reference);
    out << "limits m/s² (lateral, braking, drive: trackwright/vehicle/vehicle_limits.h; the drive net of drag and rolling resistance)\n";
    out << "  speed | class \"" << c.name << "\"";
    if (reference) out << " | " << referenceName;
    out << '\n';
    for (std::size_t i = 0; i < fitted.size(); ++i) {
        out << padded(fixed(fitted[i].speed, 0), 7) << " | " << fixed(fitted[i].lateral, 1) << ", " << fixed(fitted[i].braking, 1) << ", "
            << fixed(fitted[i].drive, 1);
        if (reference) out << " | " << fixed(theirs[i].lateral, 1) << ", " << fixed(theirs[i].braking, 1) << ", " << fixed(theirs[i].drive, 1);
        out << '\n';
    }
    out << "wrote " << output << " (class \"" << c.name << "\")\n";
}

void writeFigure(cereal::JSONOutputArchive& a, const char* name, const cal::BinFigure& f) {
    a.setNextName(name);
    a.startNode();
    a(cereal::make_nvp("samples", f.samples), cereal::make_nvp("figure", f.figure), cereal::make_nvp("speed_mps", f.speed), cereal::make_nvp("fit", f.fitted),
      cereal::make_nvp("used", f.used));
    a.finishNode();
}

void writeLimits(cereal::JSONOutputArchive& a, const char* name, const std::vector<LimitsAt>& limits) {
    a.setNextName(name);
    a.startNode();
    a.makeArray();
    for (const LimitsAt& l : limits) {
        a.startNode();
        a(cereal::make_nvp("speed_mps", l.speed), cereal::make_nvp("lateral", l.lateral), cereal::make_nvp("braking", l.braking),
          cereal::make_nvp("drive", l.drive), cereal::make_nvp("drive_before_resistance", l.engine));
        a.finishNode();
    }
    a.finishNode();
}

void printJson(std::ostream& out, const std::vector<LogUsed>& logs, const cal::EnvelopeFit& fit, const cal::FitOptions& options,
               const formats::VehicleClass& c, const std::string& geometryFrom, const std::optional<formats::VehicleClass>& reference,
               const std::string& referenceName, const std::string& output, const std::vector<std::string>& warnings) {
    JsonReport report(out);
    cereal::JSONOutputArchive& a = report.archive();
    a(cereal::make_nvp("output", output), cereal::make_nvp("name", c.name));
    a.setNextName("logs");
    a.startNode();
    a.makeArray();
    for (const LogUsed& log : logs) {
        a.startNode();
        a(cereal::make_nvp("file", log.file), cereal::make_nvp("car", log.car), cereal::make_nvp("rows", log.rows));
        a.finishNode();
    }
    a.finishNode();
    a.setNextName("samples");
    a.startNode();
    a(cereal::make_nvp("read", fit.counts.read), cereal::make_nvp("used", fit.counts.used), cereal::make_nvp("off_track", fit.counts.offTrack),
      cereal::make_nvp("pit", fit.counts.pit), cereal::make_nvp("collision", fit.counts.collision), cereal::make_nvp("slow", fit.counts.slow));
    a.finishNode();
    a.setNextName("method");
    a.startNode();
    a(cereal::make_nvp("bin_width_mps", options.binWidth), cereal::make_nvp("percentile", options.percentile),
      cereal::make_nvp("sustain_window_s", options.sustainWindow), cereal::make_nvp("min_bin_samples", options.minBinSamples),
      cereal::make_nvp("envelope_tolerance", options.envelopeTolerance), cereal::make_nvp("min_speed_mps", options.minSpeed),
      cereal::make_nvp("rolling_resistance", options.rollingResistance));
    a.finishNode();
    a.setNextName("bins");
    a.startNode();
    a.makeArray();
    for (const cal::SpeedBin& bin : fit.bins) {
        a.startNode();
        a(cereal::make_nvp("low_mps", bin.low), cereal::make_nvp("high_mps", bin.high), cereal::make_nvp("speed_mps", bin.speed),
          cereal::make_nvp("rows", bin.rows));
        writeFigure(a, "lateral", bin.lateral);
        writeFigure(a, "braking", bin.braking);
        writeFigure(a, "drive", bin.drive);
        a.finishNode();
    }
    a.finishNode();
    a.setNextName("lateral");
    a.startNode();
    a(cereal::make_nvp("max_lateral_acceleration", fit.maxLateralAcceleration), cereal::make_nvp("downforce", fit.downforce),
      cereal::make_nvp("rms", fit.lateral.rms), cereal::make_nvp("bins_used", fit.lateral.binsUsed));
    a.finishNode();
    a.setNextName("braking");
    a.startNode();
    a(cereal::make_nvp("max_braking", fit.maxBraking), cereal::make_nvp("slope", fit.brakingSlope), cereal::make_nvp("drag", fit.drag),
      cereal::make_nvp("rms", fit.braking.rms), cereal::make_nvp("bins_used", fit.braking.binsUsed));
    a.finishNode();
    a.setNextName("drive");
    a.startNode();
    a(cereal::make_nvp("max_acceleration", fit.maxAcceleration), cereal::make_nvp("power_per_mass", fit.powerPerMass),
      cereal::make_nvp("rms", fit.drive.rms), cereal::make_nvp("bins_used", fit.drive.binsUsed));
    a.finishNode();
    a(cereal::make_nvp("top_speed", fit.topSpeed), cereal::make_nvp("geometry_from", geometryFrom));
    writeLimits(a, "limits", limitsOf(c));
    if (reference) {
        a(cereal::make_nvp("reference", referenceName));
        writeLimits(a, "reference_limits", limitsOf(*reference));
    }
    a(cereal::make_nvp("notes", fit.notes), cereal::make_nvp("warnings", warnings));
}

/// The class's own values, as validation checks them in a track: their messages, empty when sound.
formats::Diagnostics classProblems(const formats::VehicleClass& c) {
    formats::TrackDocument document;
    document.vehicleClasses.push_back(c);
    formats::Diagnostics found;
    for (formats::Diagnostic& d : formats::validate(document))
        if (d.severity == formats::Severity::Error && d.jsonPath.starts_with("vehicle_classes")) found.push_back(std::move(d));
    return found;
}

} // namespace

int runCalibrate(const CalibrateCommand& command, std::ostream& out, std::ostream& err) {
    std::vector<NamedPath> inputs;
    for (const std::string& log : command.inputs) inputs.push_back({"input", log});
    inputs.push_back({"--car", command.car});
    const NamedPath outputs[] = {{"-o", command.output}};
    if (const auto conflict = findOutputConflict(inputs, outputs)) {
        err << "twbake calibrate: " << *conflict << '\n';
        return kExitUsage;
    }

    // The geometry (and the car to compare with) first: a bad --car fails before the logs are read.
    std::optional<formats::VehicleClass> reference;
    std::string referenceName;
    if (!command.car.empty()) {
        int exitCode = kExitOk;
        reference = readVehicleFile(command.car, "twbake calibrate", command.output + " was not written", err, exitCode);
        if (!reference) return exitCode;
        referenceName = std::filesystem::path(command.car).filename().string();
    }

    cal::CarChoice choice{command.driver, command.carIndex};
    std::vector<LogUsed> logs;
    std::vector<std::vector<cal::TelemetrySample>> runs;
    for (const std::string& file : command.inputs) {
        const cal::TelemetryReadResult read = cal::readTelemetryFile(file);
        if (!read.log) {
            err << file << ": error [" << read.code << "]: " << read.problem << "\ntwbake calibrate: " << command.output
                << " was not written\n";
            return read.ioError ? kExitIo : kExitInvalidInput;
        }
        std::string problem;
        const cal::TelemetryCar* car = cal::chooseCar(*read.log, choice, problem);
        if (!car) {
            err << file << ": error [telemetry-car]: " << problem << "\ntwbake calibrate: " << command.output
                << " was not written\n";
            return kExitInvalidInput;
        }
        logs.push_back({file, cal::describeCar(*car), car->samples.size()});
        for (std::vector<cal::TelemetrySample>& run : cal::splitRuns(car->samples)) runs.push_back(std::move(run));
    }

    const cal::FitOptions options;
    const cal::EnvelopeFitResult fitted = cal::fitEnvelope(runs, options);
    if (!fitted.fit) {
        err << "twbake calibrate: error [telemetry-too-few]: " << fitted.problem << "\ntwbake calibrate: " << command.output << " was not written\n";
        return kExitInvalidInput;
    }

    std::vector<std::string> warnings;
    cal::ClassGeometry geometry;
    std::string geometryFrom;
    if (reference) {
        const trackwright::VehicleParameters v = classVehicle(*reference);
        geometry = {v.wheelbase, v.maxSteeringAngle, v.width};
        geometryFrom = "from " + referenceName;
    } else if (command.wheelbase == 0.0 || command.width == 0.0 || command.steeringLock == 0.0) {
        const trackwright::VehicleParameters v = trackwright::vehiclePreset(trackwright::VehiclePreset::Car);
        geometry = {v.wheelbase, v.maxSteeringAngle, v.width};
        geometryFrom = "the car preset's";
        warnings.push_back("the wheelbase, steering lock and width cannot be fitted from a log: those not given are the car preset's (" +
                           fixed(v.wheelbase, 1) + " m, " + fixed(v.maxSteeringAngle, 2) + " rad, " + fixed(v.width, 1) +
                           " m); give --car CAR.json or --wheelbase, --steering-lock and --width");
    }
    if (command.wheelbase > 0.0) geometry.wheelbase = command.wheelbase;
    if (command.steeringLock > 0.0) geometry.maxSteeringAngle = command.steeringLock;
    if (command.width > 0.0) geometry.width = command.width;
    if (command.wheelbase > 0.0 || command.steeringLock > 0.0 || command.width > 0.0) geometryFrom += std::string(geometryFrom.empty() ? "" : ", ") + "the options";

    const std::string name = !command.name.empty() ? command.name : std::filesystem::path(command.output).stem().string();
    const formats::VehicleClass c = cal::calibratedClass(*fitted.fit, name, geometry);
    if (const formats::Diagnostics problems = classProblems(c); !problems.empty()) {
        printDiagnostics(err, command.output, problems);
        err << "twbake calibrate: the fitted class does not validate; " << command.output << " was not written\n";
        return kExitInvalidInput;
    }
    std::string ioError;
    if (!formats::writeOutputFile(command.output, formats::writeClassJson(c), ioError)) {
        err << "twbake calibrate: " << ioError << '\n';
        return kExitIo;
    }
    for (const std::string& warning : warnings) err << "twbake calibrate: warning: " << warning << '\n';
    if (command.json) printJson(out, logs, *fitted.fit, options, c, geometryFrom, reference, referenceName, command.output, warnings);
    else printReport(out, logs, *fitted.fit, options, c, geometryFrom, reference, referenceName, command.output);
    return kExitOk;
}

} // namespace bake::cli
