#include "bake/calibration/telemetry_log.h"

#include "formats/source/file_io.h"

#include <charconv>
#include <cmath>
#include <map>

namespace bake::calibration {
namespace {

std::string_view trim(std::string_view s) {
    const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
    while (!s.empty() && space(s.front())) s.remove_prefix(1);
    while (!s.empty() && space(s.back())) s.remove_suffix(1);
    return s;
}

std::vector<std::string_view> splitFields(std::string_view line) {
    std::vector<std::string_view> fields;
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = line.find(',', start);
        fields.push_back(trim(line.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start)));
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    return fields;
}

/// A number (finite or not: from_chars reads "inf" and "nan", which are refused as such).
bool parseNumber(std::string_view field, double& out) {
    if (field.empty()) return false;
    if (field.front() == '+') field.remove_prefix(1);
    const auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), out);
    return ec == std::errc() && end == field.data() + field.size();
}

/// Control characters of a name quoted from a file as \xNN, so a log cannot drive the terminal.
std::string printable(std::string_view text, std::size_t limit = 40) {
    std::string out;
    for (char c : text.substr(0, limit)) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u == 0x7f) {
            static const char* hex = "0123456789abcdef";
            out += "\\x";
            out += hex[u >> 4];
            out += hex[u & 15];
        } else {
            out += c;
        }
    }
    if (text.size() > limit) out += "…";
    return out;
}

} // namespace

TelemetryReadResult parseTelemetryCsv(std::string_view text) {
    TelemetryReadResult result;
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    constexpr std::size_t kAbsent = static_cast<std::size_t>(-1);
    std::size_t columnTime = kAbsent, columnSpeed = kAbsent, columnYawRate = kAbsent, columnAccelX = kAbsent, columnAccelY = kAbsent;
    std::size_t columnCar = kAbsent, columnDriver = kAbsent, columnModule = kAbsent, columnOffTrack = kAbsent, columnPit = kAbsent,
                columnCollision = kAbsent;
    std::size_t columns = 0;
    bool header = false;
    TelemetryLog log;
    std::map<std::string, std::size_t> carByKey;  // the car column's value, or the driver's name
    std::size_t lineNumber = 0, position = 0;
    while (position <= text.size()) {
        const std::size_t newline = text.find('\n', position);
        const std::string_view line = trim(text.substr(position, newline == std::string_view::npos ? std::string_view::npos : newline - position));
        position = newline == std::string_view::npos ? text.size() + 1 : newline + 1;
        ++lineNumber;
        if (line.empty() || line.front() == '#') continue;
        const std::vector<std::string_view> fields = splitFields(line);
        if (!header) {
            header = true;
            columns = fields.size();
            const std::pair<const char*, std::size_t*> known[] = {
                {"time_s", &columnTime},   {"speed_mps", &columnSpeed}, {"yaw_rate", &columnYawRate}, {"accel_x", &columnAccelX},
                {"accel_y", &columnAccelY}, {"car", &columnCar},        {"driver", &columnDriver},    {"module", &columnModule},
                {"off_track", &columnOffTrack}, {"pit", &columnPit},    {"collision", &columnCollision}};
            for (std::size_t i = 0; i < fields.size(); ++i)
                for (const auto& [name, column] : known)
                    if (fields[i] == name && *column == kAbsent) *column = i;
            std::string missing;
            const std::size_t required[] = {columnTime, columnSpeed, columnYawRate, columnAccelX, columnAccelY};
            for (std::size_t k = 0; k < std::size(required); ++k)
                if (required[k] == kAbsent) missing += std::string(missing.empty() ? "" : ", ") + kRequiredTelemetryColumns[k];
            if (!missing.empty()) {
                result.code = "csv-columns";
                result.problem = "line " + std::to_string(lineNumber) + ": the header has no column " + missing +
                                 " (a telemetry log needs time_s, speed_mps, yaw_rate, accel_x and accel_y; the header read is \"" +
                                 printable(line, 120) + "\")";
                return result;
            }
            log.hasOffTrack = columnOffTrack != kAbsent;
            log.hasPit = columnPit != kAbsent;
            log.hasCollision = columnCollision != kAbsent;
            continue;
        }
        if (fields.size() < columns) {
            result.code = "csv-columns";
            result.problem = "line " + std::to_string(lineNumber) + ": " + std::to_string(fields.size()) + " fields, the header names " +
                             std::to_string(columns);
            return result;
        }
        TelemetrySample sample;
        const auto number = [&](std::size_t column, const char* name, double& out) {
            const bool read = parseNumber(fields[column], out);
            if (read && std::isfinite(out)) return true;
            result.code = read ? "csv-non-finite" : "csv-syntax";
            result.problem = "line " + std::to_string(lineNumber) + ", column " + name + ": \"" + printable(fields[column]) + "\" is " +
                             (read ? "not finite: a log holds finite numbers" : "not a number");
            return false;
        };
        const auto flag = [&](std::size_t column, const char* name, bool& out) {
            if (column == kAbsent) return true;
            double value = 0.0;
            if (!number(column, name, value)) return false;
            out = value != 0.0;
            return true;
        };
        if (!number(columnTime, "time_s", sample.time) || !number(columnSpeed, "speed_mps", sample.speed) ||
            !number(columnYawRate, "yaw_rate", sample.yawRate) || !number(columnAccelX, "accel_x", sample.accelX) ||
            !number(columnAccelY, "accel_y", sample.accelY) || !flag(columnOffTrack, "off_track", sample.offTrack) ||
            !flag(columnPit, "pit", sample.pit) || !flag(columnCollision, "collision", sample.collision))
            return result;
        int index = -1;
        if (columnCar != kAbsent) {
            double value = 0.0;
            if (!number(columnCar, "car", value)) return result;
            if (value != std::floor(value) || value < 0.0 || value > 1e6) {
                result.code = "csv-syntax";
                result.problem = "line " + std::to_string(lineNumber) + ", column car: \"" + printable(fields[columnCar]) + "\" is not a car number (0 or more)";
                return result;
            }
            index = static_cast<int>(value);
        }
        const std::string driver = columnDriver != kAbsent ? std::string(fields[columnDriver]) : std::string();
        const std::string key = index >= 0 ? "#" + std::to_string(index) : driver;
        auto [found, added] = carByKey.try_emplace(key, log.cars.size());
        if (added) {
            TelemetryCar car;
            car.index = index >= 0 ? index : static_cast<int>(log.cars.size());
            car.driver = driver;
            if (columnModule != kAbsent) car.module = std::string(fields[columnModule]);
            log.cars.push_back(std::move(car));
        }
        log.cars[found->second].samples.push_back(sample);
        ++log.rows;
    }
    if (!header) {
        result.code = "csv-columns";
        result.problem = "the file is empty: a telemetry log starts with a header naming its columns (time_s, speed_mps, yaw_rate, accel_x, accel_y)";
        return result;
    }
    result.log = std::move(log);
    return result;
}

TelemetryReadResult readTelemetryFile(const std::filesystem::path& path) {
    std::string error;
    const std::optional<std::string> text = formats::readWholeFile(path, error);
    if (!text) {
        TelemetryReadResult result;
        result.code = "io-read";
        result.problem = error;
        result.ioError = true;
        return result;
    }
    return parseTelemetryCsv(*text);
}

std::string describeCar(const TelemetryCar& car) {
    std::string text = "car " + std::to_string(car.index);
    if (!car.driver.empty()) text += " (" + printable(car.driver) + ")";
    return text;
}

const TelemetryCar* chooseCar(const TelemetryLog& log, const CarChoice& choice, std::string& problem) {
    std::string cars;
    for (const TelemetryCar& car : log.cars) cars += (cars.empty() ? "" : ", ") + describeCar(car);
    if (log.cars.empty()) {
        problem = "the log has no rows";
        return nullptr;
    }
    if (choice.index >= 0) {
        for (const TelemetryCar& car : log.cars)
            if (car.index == choice.index) return &car;
        problem = "no car " + std::to_string(choice.index) + " in the log (it has " + cars + ")";
        return nullptr;
    }
    if (!choice.driver.empty()) {
        for (const TelemetryCar& car : log.cars)
            if (car.driver == choice.driver) return &car;
        const TelemetryCar* byModule = nullptr;
        int modules = 0;
        for (const TelemetryCar& car : log.cars)
            if (!car.module.empty() && car.module == choice.driver) {
                byModule = &car;
                ++modules;
            }
        if (modules == 1) return byModule;
        problem = modules > 1 ? "driver \"" + printable(choice.driver) + "\" is the module of " + std::to_string(modules) +
                                    " cars of the log: choose one by its driver or --car-index (it has " + cars + ")"
                              : "no driver \"" + printable(choice.driver) + "\" in the log (it has " + cars + ")";
        return nullptr;
    }
    if (log.cars.size() == 1) return &log.cars.front();
    problem = "the log holds " + std::to_string(log.cars.size()) + " cars: choose one with --driver or --car-index (" + cars + ")";
    return nullptr;
}

} // namespace bake::calibration
