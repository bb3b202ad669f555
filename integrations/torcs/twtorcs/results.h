#pragma once

// SPDX-License-Identifier: GPL-2.0-or-later
// TORCS's results file (results-*.xml), as twtorcs reads it.

#include <string>
#include <vector>

namespace twtorcs {

struct ResultEntry {
    std::string name, module, car;
    int index = -1;
    int rank = 0;                  ///< 1-based finishing place (a race's Rank section); 0 unknown
    int laps = 0;
    std::vector<double> lapTimes;  ///< s, practice: every lap's
    double bestLap = 0.0;          ///< s; 0 when no lap was completed
    double time = 0.0;             ///< s, race: the total
    int damage = 0;
};

struct Results {
    bool ok = false;
    std::string error;
    bool race = false;
    std::vector<ResultEntry> entries;
};

/// Reads a practice's (per-lap times of its one driver) or a race's (ranked drivers) results.
Results readResults(const std::string& path);

} // namespace twtorcs
