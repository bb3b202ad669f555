#include "bake/cli/reports.h"

#include "bake/cli/exit_codes.h"
#include "bake/cli/html_report.h"
#include "bake/cli/junit_report.h"

#include "formats/source/file_io.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace bake::cli {
namespace {

enum class ReportKind { Junit, Html };

std::optional<ReportKind> kindOf(const std::string& path) {
    std::string extension = std::filesystem::path(path).extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (extension == ".xml") return ReportKind::Junit;
    if (extension == ".html" || extension == ".htm") return ReportKind::Html;
    return std::nullopt;
}

} // namespace

std::optional<std::string> reportPathProblem(const std::string& path) {
    if (kindOf(path)) return std::nullopt;
    return "a report is named for its kind: FILE.xml for JUnit XML, FILE.html for the summary page, not '" + path + "'";
}

bool wantsHtmlReport(const std::vector<std::string>& paths) {
    return std::any_of(paths.begin(), paths.end(), [](const std::string& path) { return kindOf(path) == ReportKind::Html; });
}

int writeReports(const std::vector<std::string>& paths, const char* command, const std::vector<ReportCase>& cases, std::ostream& err) {
    if (paths.empty()) return kExitOk;
    std::vector<std::string> contents;
    for (const std::string& path : paths)
        contents.push_back(kindOf(path) == ReportKind::Html ? htmlReport(command, cases) : junitReport(command, cases));
    std::vector<formats::OutputFile> files;
    for (std::size_t i = 0; i < paths.size(); ++i) files.push_back({paths[i], contents[i]});
    std::string error;
    if (formats::writeOutputFiles(files, error)) return kExitOk;
    err << command << ": " << error << '\n';
    return kExitIo;
}

} // namespace bake::cli
