#include "bake/cli/profiles_file.h"

#include "bake/cli/diagnostics_report.h"
#include "bake/cli/exit_codes.h"
#include "formats/import/csv_table.h"
#include "formats/source/file_io.h"
#include "formats/source/number_text.h"
#include "trackwright/traffic/driver_strength.h"

#include <cmath>
#include <limits>

namespace bake::cli {

namespace {

formats::Diagnostic problem(std::uint32_t line, const std::string& message) {
    formats::Diagnostic d;
    d.code = "profile";
    d.line = line;
    d.message = message;
    return d;
}

} // namespace

int readProfilesFile(const std::string& path, std::vector<trackwright::DriverProfile>& drivers, std::ostream& err, bool* givesStrength) {
    std::string error;
    const std::optional<std::string> text = formats::readWholeFile(path, error);
    if (!text) {
        err << "twbake race: " << error << '\n';
        return kExitIo;
    }
    drivers.clear();
    const formats::CsvTable table = formats::parseNumericCsv(*text);
    formats::Diagnostics problems = table.diagnostics;
    for (const formats::CsvRow& row : table.rows) {
        const std::vector<double>& v = row.values;
        if (v.size() < 4 || v.size() > 6) {
            problems.push_back(problem(row.line, "expected pace,aggression,consistency,reaction_time[,seed[,strength]], " + std::to_string(v.size()) + " fields"));
            continue;
        }
        trackwright::DriverProfile d;
        d.pace = static_cast<float>(v[0]);
        d.aggression = static_cast<float>(v[1]);
        d.consistency = static_cast<float>(v[2]);
        d.reactionTime = static_cast<float>(v[3]);
        if (!(v[0] > 0.0 && v[0] <= 1.0)) problems.push_back(problem(row.line, "pace must be in (0, 1], a fraction of the speed hints"));
        else if (!(d.pace >= std::numeric_limits<float>::min()))  // 1e-300 is in (0, 1] but 0 as the runtime's float
            problems.push_back(problem(row.line, "pace " + formats::shortestText(v[0]) + " is too small for the runtime, which keeps it in a float "
                                                 "(least 1.2e-38): give a pace in (0, 1] such as 0.9"));
        if (!(v[1] >= 0.0 && v[1] <= 1.0)) problems.push_back(problem(row.line, "aggression must be in [0, 1]"));
        if (!(v[2] >= 0.0 && v[2] <= 1.0)) problems.push_back(problem(row.line, "consistency must be in [0, 1]"));
        if (!(v[3] >= 0.0 && v[3] <= 5.0)) problems.push_back(problem(row.line, "reaction_time must be in [0, 5] s"));
        if (v.size() >= 5) {
            if (!(v[4] >= 0.0 && v[4] < 9007199254740992.0 && std::floor(v[4]) == v[4]))
                problems.push_back(problem(row.line, "seed must be a whole number from 0 (0: drawn from the race's seed)"));
            else d.seed = static_cast<std::uint64_t>(v[4]);
        }
        if (v.size() == 6) {
            if (givesStrength) *givesStrength = true;
            if (!(v[5] >= trackwright::kLeastStrength && v[5] <= 1.0))
                problems.push_back(problem(row.line, "strength must be in [0.5, 1] (1 laps at the car's best, 0.9 in 1/0.9 of its time), not " +
                                                         formats::shortestText(v[5])));
            else d.strength = static_cast<float>(v[5]);
        }
        if (problems.empty() && !trackwright::validDriverProfile(d)) problems.push_back(problem(row.line, "not a driver profile the runtime accepts"));
        drivers.push_back(d);
    }
    if (problems.empty() && drivers.empty()) {
        formats::Diagnostic d;
        d.code = "profile";
        d.message = "no drivers: one row a driver, pace,aggression,consistency,reaction_time[,seed[,strength]]";
        problems.push_back(std::move(d));
    }
    if (!problems.empty()) {
        printDiagnostics(err, path, problems);
        return kExitInvalidInput;
    }
    return kExitOk;
}

} // namespace bake::cli
