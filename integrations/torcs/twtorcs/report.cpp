// SPDX-License-Identifier: GPL-2.0-or-later
#include "integrations/torcs/twtorcs/report.h"

#include <cmath>
#include <cstdio>

namespace twtorcs {
namespace {

std::string number(double value) {
    if (!std::isfinite(value)) return "null";
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.6g", value);
    return buffer;
}

template <class T> std::string optionalNumber(const std::optional<T>& value) {
    return value ? number(static_cast<double>(*value)) : "null";
}

} // namespace

std::string jsonString(const std::string& text) {
    std::string out = "\"";
    for (const char c : text) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\t': out += "\\t"; break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                char buffer[8];
                std::snprintf(buffer, sizeof buffer, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
                out += buffer;
            } else {
                out += c;
            }
        }
    }
    return out + "\"";
}

std::string reportJson(const Report& report) {
    std::string out = "{\"track\": " + jsonString(report.track) + ", \"mode\": " + jsonString(report.mode) + ", \"car\": " + jsonString(report.car) +
                      ", \"laps\": " + std::to_string(report.laps) + ", \"seed\": " + (report.seed ? std::to_string(*report.seed) : "null") +
                      ", \"cars\": [";
    for (std::size_t k = 0; k < report.cars.size(); ++k) {
        const CarReport& c = report.cars[k];
        out += k ? ",\n  {" : "\n  {";
        out += "\"driver\": " + jsonString(c.driver) + ", \"module\": " + jsonString(c.module) + ", \"index\": " + std::to_string(c.index) +
               ", \"car\": " + jsonString(c.car) + ", \"grid\": " + std::to_string(c.grid) + ", \"laps\": " + std::to_string(c.laps) + ", \"lap_times\": [";
        for (std::size_t i = 0; i < c.lapTimes.size(); ++i) out += (i ? ", " : "") + number(c.lapTimes[i]);
        out += "], \"best_lap_s\": " + optionalNumber(c.bestLap) + ", \"total_time_s\": " + optionalNumber(c.totalTime) +
               ", \"damage\": " + std::to_string(c.damage) + ", \"off_track_s\": " + optionalNumber(c.offTrackSeconds) +
               ", \"car_contacts\": " + optionalNumber(c.carContacts) + ", \"wall_contacts\": " + optionalNumber(c.wallContacts) +
               ", \"top_speed_mps\": " + optionalNumber(c.topSpeed) + ", \"finish\": " + optionalNumber(c.finish) + "}";
    }
    out += report.cars.empty() ? "]}\n" : "\n]}\n";
    return out;
}

} // namespace twtorcs
