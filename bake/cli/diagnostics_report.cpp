#include "bake/cli/diagnostics_report.h"
#include "bake/cli/json_report.h"


#include <cereal/archives/json.hpp>
#include <cereal/types/string.hpp>

#include <algorithm>
#include <map>
#include <vector>

namespace bake::cli {

namespace {

/// How many of each code are shown. A damaged file can hold a million of one problem (231 MB of
/// text for one file before this cap): the first ones say what is wrong, a count says how often.
constexpr std::size_t kShownPerCode = 50;

/// The diagnostics shown (the first kShownPerCode of each code, in order) and, per code, how many
/// were left out, in order of first appearance.
struct ShownDiagnostics {
    std::vector<const formats::Diagnostic*> shown;
    std::vector<std::pair<std::string, std::size_t>> omitted;
};

ShownDiagnostics capPerCode(const formats::Diagnostics& diagnostics) {
    ShownDiagnostics result;
    std::map<std::string, std::size_t> seen;
    for (const formats::Diagnostic& d : diagnostics) {
        if (++seen[d.code] <= kShownPerCode) {
            result.shown.push_back(&d);
            continue;
        }
        auto omitted = std::find_if(result.omitted.begin(), result.omitted.end(), [&](const auto& o) { return o.first == d.code; });
        if (omitted == result.omitted.end()) result.omitted.emplace_back(d.code, 1);
        else ++omitted->second;
    }
    return result;
}

} // namespace

void printDiagnostics(std::ostream& out, const std::string& file, const formats::Diagnostics& diagnostics) {
    const ShownDiagnostics capped = capPerCode(diagnostics);
    for (const formats::Diagnostic* d : capped.shown) {
        out << file;
        if (d->line) out << ':' << *d->line << (d->column ? ":" + std::to_string(*d->column) : std::string());
        // Messages quote names from the file: print them so they cannot drive the terminal.
        out << ": " << formats::severityName(d->severity) << '[' << d->code << "]: " << d->message;
        if (!d->jsonPath.empty()) out << " (at " << d->jsonPath << ')';
        out << '\n';
    }
    for (const auto& [code, count] : capped.omitted)
        out << file << ": ... and " << count << " more [" << code << "] (the first " << kShownPerCode << " are shown)\n";
    const auto errors = formats::countSeverity(diagnostics, formats::Severity::Error);
    const auto warnings = formats::countSeverity(diagnostics, formats::Severity::Warning);
    out << file << ": " << errors << (errors == 1 ? " error, " : " errors, ") << warnings
        << (warnings == 1 ? " warning" : " warnings") << '\n';
}

void printDiagnosticsJson(std::ostream& out, const std::string& file, const formats::Diagnostics& diagnostics,
                          const std::optional<BuildSummary>& build, const char* status) {
    {
        JsonReport report(out);
        cereal::JSONOutputArchive& archive = report.archive();
        archive(cereal::make_nvp("file", file));
        if (status) archive(cereal::make_nvp("status", std::string(status)));
        archive(cereal::make_nvp("valid", !formats::hasErrors(diagnostics)));
        archive(cereal::make_nvp("errors", formats::countSeverity(diagnostics, formats::Severity::Error)));
        archive(cereal::make_nvp("warnings", formats::countSeverity(diagnostics, formats::Severity::Warning)));
        archive.setNextName("diagnostics");
        archive.startNode();
        archive.makeArray();
        const ShownDiagnostics capped = capPerCode(diagnostics);
        for (const formats::Diagnostic* shown : capped.shown) {
            const formats::Diagnostic& d = *shown;
            archive.startNode();
            archive(cereal::make_nvp("severity", std::string(formats::severityName(d.severity))));
            archive(cereal::make_nvp("code", d.code));
            archive(cereal::make_nvp("message", d.message));
            if (!d.jsonPath.empty()) archive(cereal::make_nvp("json_path", d.jsonPath));
            if (d.route) archive(cereal::make_nvp("route", *d.route));
            if (d.node) archive(cereal::make_nvp("node", *d.node));
            if (d.otherNode) archive(cereal::make_nvp("other_node", *d.otherNode));
            if (d.line) archive(cereal::make_nvp("line", *d.line));
            if (d.column) archive(cereal::make_nvp("column", *d.column));
            archive.finishNode();
        }
        archive.finishNode();
        if (!capped.omitted.empty()) {
            archive.setNextName("omitted");  // per code, how many beyond the first kShownPerCode
            archive.startNode();
            for (const auto& [code, count] : capped.omitted) archive(cereal::make_nvp(code.c_str(), count));
            archive.finishNode();
        }
        if (build) {
            archive(cereal::make_nvp("output", build->output));
            archive(cereal::make_nvp("bytes", build->bytes));
            archive(cereal::make_nvp("nodes", build->nodes));
            archive(cereal::make_nvp("lines", build->lines));
            archive(cereal::make_nvp("cached", build->cached));
            archive.setNextName("ideal_lap_times");
            archive.startNode();
            archive.makeArray();
            for (const BuildSummary::LapTime& lap : build->idealLapTimes) {
                archive.startNode();
                archive(cereal::make_nvp("line", lap.line));
                archive(cereal::make_nvp("vehicle_class", lap.vehicleClass));
                archive(cereal::make_nvp("seconds", lap.seconds));
                archive.finishNode();
            }
            archive.finishNode();
        }
    }
    out << '\n';
}

} // namespace bake::cli
