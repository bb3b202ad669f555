#pragma once

// SPDX-License-Identifier: GPL-2.0-or-later
// twtorcs's JSON document: {"track", "mode", "seed", "laps", "cars": [...]}.

#include <optional>
#include <string>
#include <vector>

namespace twtorcs {

/// One car's line of the report. Optional figures are null in the JSON when unknown: off-track
/// time and contacts come from the telemetry, which exists when a trackwright car took part.
struct CarReport {
    std::string driver, module, car;
    int index = 0;
    int grid = 0;                       ///< 1-based starting place (practice: 1)
    int laps = 0;
    std::vector<double> lapTimes;       ///< s
    std::optional<double> bestLap;      ///< s
    std::optional<double> totalTime;    ///< s, a race's finish time
    int damage = 0;
    std::optional<double> offTrackSeconds;
    std::optional<int> carContacts;
    std::optional<int> wallContacts;
    std::optional<int> finish;          ///< 1-based: a race's place; a practice's by best lap among the drivers run
    std::optional<double> topSpeed;     ///< m/s, from the telemetry
};

struct Report {
    std::string track;                  ///< category/name
    std::string mode;                   ///< practice or race
    std::string car;                    ///< the car asked for
    int laps = 0;
    std::optional<unsigned long long> seed;
    std::vector<CarReport> cars;
};

/// The report as one JSON document (a trailing newline).
std::string reportJson(const Report& report);
/// JSON string literal of `text` (quotes included).
std::string jsonString(const std::string& text);

} // namespace twtorcs
