#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

/// A game's logged laps of its own car, read for `twbake calibrate` (docs/cli.md, "calibrate").
namespace bake::calibration {

/// One row of a telemetry log: what the car did at one instant. SI units, the car's frame.
struct TelemetrySample {
    double time = 0.0;     ///< s
    double speed = 0.0;    ///< m/s along the car's heading (negative: reversing)
    double yawRate = 0.0;  ///< rad/s, counter-clockwise positive
    double accelX = 0.0;   ///< m/s², longitudinal, forward positive (braking negative)
    double accelY = 0.0;   ///< m/s², lateral, left positive
    bool offTrack = false;   ///< the car's centre off the tarmac (column `off_track`, not 0)
    bool pit = false;        ///< in the pit lane or stopped in the pit (column `pit`, not 0)
    bool collision = false;  ///< a contact with a wall or a car during the row (column `collision`, not 0)
};

/// The rows of one car, in the log's order.
struct TelemetryCar {
    int index = 0;        ///< the `car` column's value, else the car's order of appearance (0 first)
    std::string driver;   ///< the `driver` column (empty without one)
    std::string module;   ///< the `module` column (twtorcs: the robot, "bt"), empty without one
    std::vector<TelemetrySample> samples;
};

/// A telemetry log: a CSV file with a header naming its columns (any order, more columns ignored).
/// Required: time_s, speed_mps, yaw_rate, accel_x, accel_y. Optional: car (an integer, one car per
/// value), driver and module (names; without `car`, each driver is a car), off_track, pit and
/// collision (numbers, not 0 when true). twtorcs's telemetry is one: integrations/torcs/README.md.
struct TelemetryLog {
    std::vector<TelemetryCar> cars;  ///< in order of first appearance
    std::size_t rows = 0;
    bool hasOffTrack = false, hasPit = false, hasCollision = false;  ///< the optional filter columns it has
};

/// A log read, or why not: `problem` names the file's line and the column or field at fault.
struct TelemetryReadResult {
    std::optional<TelemetryLog> log;
    std::string code;     ///< "csv-columns" (a column missing, a short row), "csv-syntax", "csv-non-finite" or "io-read"
    std::string problem;
    bool ioError = false;  ///< the file could not be read at all
};

/// The required columns, in the order docs/cli.md lists them.
inline constexpr const char* kRequiredTelemetryColumns[] = {"time_s", "speed_mps", "yaw_rate", "accel_x", "accel_y"};

/// Parses a telemetry CSV. Blank lines and lines starting with '#' are skipped; a UTF-8 byte-order
/// mark is read past. A missing required column, a row with fewer fields than the header or a field
/// that is not a finite number is refused naming the line.
TelemetryReadResult parseTelemetryCsv(std::string_view text);
/// Reads and parses a telemetry CSV file.
TelemetryReadResult readTelemetryFile(const std::filesystem::path& path);

/// Which car of a log to calibrate: by driver name, by index, or (both empty) the log's only car.
struct CarChoice {
    std::string driver;  ///< a `driver` value, or a `module` value only one car has ("bt" for "bt 1")
    int index = -1;      ///< a `car` value; < 0: not chosen by index
};

/// The chosen car of `log`, or nullptr with `problem` saying why (naming the cars the log has).
const TelemetryCar* chooseCar(const TelemetryLog& log, const CarChoice& choice, std::string& problem);

/// "car 0 (bt 1)", the way the messages name a car.
std::string describeCar(const TelemetryCar& car);

} // namespace bake::calibration
