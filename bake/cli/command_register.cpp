#include "bake/cli/baked_file.h"
#include "bake/cli/commands.h"
#include "bake/cli/diagnostics_report.h"
#include "bake/cli/exit_codes.h"

#include "formats/import/csv_table.h"
#include "formats/source/file_io.h"
#include "trackwright/track/registrar.h"

namespace bake::cli {

int runRegister(const RegisterCommand& command, std::ostream& out, std::ostream& err) {
    LoadedBake bake;
    if (const int code = loadBakeFile(command.input, bake, err, "register")) return code;
    std::string error;
    const std::optional<std::string> text = formats::readWholeFile(command.points, error);
    if (!text) {
        err << "twbake register: " << error << '\n';
        return kExitIo;
    }
    const formats::CsvTable table = formats::parseNumericCsv(*text);
    formats::Diagnostics problems = table.diagnostics;
    for (const formats::CsvRow& row : table.rows) {
        if (row.values.size() == 2 || row.values.size() == 3) continue;
        formats::Diagnostic d;
        d.code = "csv-columns";
        d.line = row.line;
        d.message = "line " + std::to_string(row.line) + ": expected x,y[,z]";
        problems.push_back(std::move(d));
    }
    if (!problems.empty()) {
        printDiagnostics(err, command.points, problems);
        return kExitInvalidInput;
    }
    trackwright::Registrar registrar(bake.track);
    out << "x,y,route,segment,ratio,lateral,distance,defined\n";
    out.precision(9);
    for (const formats::CsvRow& row : table.rows) {
        // World coordinates, in the track's local frame (the origin subtracted in doubles).
        const formats::Vec2 p{row.values[0] - bake.track.origin().x, row.values[1] - bake.track.origin().y};
        const trackwright::Registration r = command.trajectory ? registrar.update(p) : registrar.registerCold(p);
        out << row.values[0] << ',' << row.values[1] << ',';
        if (r.defined) out << r.route << ',' << r.segment << ',' << r.ratio << ',' << r.lateral << ',' << r.distance << ",1\n";
        else out << ",,,,,0\n";
    }
    return kExitOk;
}

} // namespace bake::cli
