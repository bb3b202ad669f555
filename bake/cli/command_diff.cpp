#include "bake/cli/bake_diff.h"
#include "bake/cli/baked_file.h"
#include "bake/cli/commands.h"
#include "bake/cli/exit_codes.h"
#include "bake/cli/json_report.h"

#include <cereal/archives/json.hpp>
#include <cereal/types/string.hpp>

#include <cmath>
#include <iomanip>
#include <sstream>

namespace bake::cli {
namespace {

/// A figure as a sentence reads it: its label and its unit.
struct FigureLabel {
    const char* label;
    const char* unit;
};

FigureLabel labelOf(const std::string& figure) {
    if (figure == "length_m") return {"length", " m"};
    if (figure == "integral_squared_curvature") return {"∫κ² ds", " 1/m"};
    if (figure == "seconds") return {"time", " s"};
    if (figure == "largest_move_m") return {"moves by up to", " m"};
    if (figure == "largest_node_move_m") return {"nodes move by up to", " m"};
    if (figure == "largest_width_change_m") return {"widths change by up to", " m"};
    if (figure == "largest_hint_change_mps") return {"speed hints change by up to", " m/s"};
    if (figure == "max_lateral_acceleration" || figure == "max_acceleration" || figure == "max_braking") return {figure.c_str(), " m/s²"};
    if (figure == "top_speed") return {"top_speed", " m/s"};
    if (figure == "wheelbase" || figure == "width") return {figure.c_str(), " m"};
    if (figure == "max_steering_angle") return {"max_steering_angle", " rad"};
    return {figure.c_str(), ""};
}

std::string number(double value) {
    std::ostringstream text;
    text << std::setprecision(std::abs(value) >= 1000 ? 7 : 5) << value;
    return text.str();
}

void printChange(std::ostream& out, const FigureChange& c) {
    out << "  " << c.subject << ": ";
    if (c.figure == "present") {
        out << (c.after.value_or(0) > 0 ? "only in B (added)" : "only in A (removed)") << '\n';
        return;
    }
    const std::string figure = c.figure;
    const FigureLabel label = labelOf(figure);
    if (!c.before) {  // a largest change along the line
        out << label.label << ' ' << number(*c.after) << label.unit;
        if (c.at) out << " (at " << number(*c.at) << " m)";
        out << '\n';
        return;
    }
    const double delta = *c.after - *c.before;
    out << label.label << ' ' << number(*c.before) << " -> " << number(*c.after) << label.unit << " (" << (delta >= 0 ? "+" : "") << number(delta);
    const bool count = labelOf(figure).unit[0] == '\0';  // nodes, lines, points: a count needs no percentage
    if (*c.before != 0 && !count) out << ", " << (delta >= 0 ? "+" : "") << std::fixed << std::setprecision(2) << 100.0 * delta / std::abs(*c.before) << " %" << std::defaultfloat;
    out << ")\n";
}

void printJson(std::ostream& out, const DiffCommand& command, const BakeDiff& diff) {
    {
        JsonReport report(out);
        cereal::JSONOutputArchive& archive = report.archive();
        archive(cereal::make_nvp("a", command.a), cereal::make_nvp("b", command.b), cereal::make_nvp("identical", diff.identical));
        archive.setNextName("changes");
        archive.startNode();
        archive.makeArray();
        for (const FigureChange& c : diff.changes) {
            archive.startNode();
            archive(cereal::make_nvp("subject", c.subject), cereal::make_nvp("figure", c.figure));
            if (c.before) archive(cereal::make_nvp("before", *c.before));
            if (c.after) archive(cereal::make_nvp("after", *c.after));
            if (c.at) archive(cereal::make_nvp("at_m", *c.at));
            archive.finishNode();
        }
        archive.finishNode();
        archive.setNextName("sections");
        archive.startNode();
        archive.makeArray();
        for (const std::string& s : diff.sections) archive(s);
        archive.finishNode();
    }
    out << '\n';
}

} // namespace

int runDiff(const DiffCommand& command, std::ostream& out, std::ostream& err) {
    LoadedBake a, b;
    // Either file unreadable or not a sound bake: 3, as `cmp` and `diff` keep 0 and 1 for the answer.
    if (loadBakeFile(command.a, a, err, "diff") != kExitOk || loadBakeFile(command.b, b, err, "diff") != kExitOk) return kExitIo;
    const BakeDiff diff = diffBakes(a.track.view, b.track.view, a.storage == b.storage);
    if (command.json) {
        printJson(out, command, diff);
    } else if (diff.identical) {
        out << command.a << " and " << command.b << " are identical\n";
    } else {
        out << command.a << " (A) and " << command.b << " (B) differ:\n";
        for (const FigureChange& c : diff.changes) printChange(out, c);
        if (!diff.sections.empty()) {
            out << "  sections that differ:";
            for (std::size_t i = 0; i < diff.sections.size(); ++i) out << (i ? ", " : " ") << diff.sections[i];
            out << '\n';
        }
    }
    return diff.identical ? kExitOk : kExitDifferent;
}

} // namespace bake::cli
