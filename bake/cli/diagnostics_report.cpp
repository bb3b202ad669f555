#include "bake/cli/diagnostics_report.h"

#include <cereal/archives/json.hpp>
#include <cereal/types/string.hpp>

namespace bake::cli {

void printDiagnostics(std::ostream& out, const std::string& file, const formats::Diagnostics& diagnostics) {
    for (const formats::Diagnostic& d : diagnostics) {
        out << file;
        if (d.line) out << ':' << *d.line << (d.column ? ":" + std::to_string(*d.column) : std::string());
        out << ": " << formats::severityName(d.severity) << '[' << d.code << "]: " << d.message;
        if (!d.jsonPath.empty()) out << " (at " << d.jsonPath << ')';
        out << '\n';
    }
    const auto errors = formats::countSeverity(diagnostics, formats::Severity::Error);
    const auto warnings = formats::countSeverity(diagnostics, formats::Severity::Warning);
    out << file << ": " << errors << (errors == 1 ? " error, " : " errors, ") << warnings
        << (warnings == 1 ? " warning" : " warnings") << '\n';
}

void printDiagnosticsJson(std::ostream& out, const std::string& file, const formats::Diagnostics& diagnostics,
                          const std::optional<BuildSummary>& build) {
    {
        cereal::JSONOutputArchive archive(out, cereal::JSONOutputArchive::Options(
            rapidjson::Writer<rapidjson::OStreamWrapper>::kDefaultMaxDecimalPlaces,
            cereal::JSONOutputArchive::Options::IndentChar::space, 2));
        archive(cereal::make_nvp("file", file));
        archive(cereal::make_nvp("valid", !formats::hasErrors(diagnostics)));
        archive(cereal::make_nvp("errors", formats::countSeverity(diagnostics, formats::Severity::Error)));
        archive(cereal::make_nvp("warnings", formats::countSeverity(diagnostics, formats::Severity::Warning)));
        archive.setNextName("diagnostics");
        archive.startNode();
        archive.makeArray();
        for (const formats::Diagnostic& d : diagnostics) {
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
        if (build) {
            archive(cereal::make_nvp("output", build->output));
            archive(cereal::make_nvp("bytes", build->bytes));
            archive(cereal::make_nvp("nodes", build->nodes));
            archive(cereal::make_nvp("lines", build->lines));
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
