#include "bake/cli/commands.h"
#include "bake/cli/diagnostics_report.h"
#include "bake/cli/exit_codes.h"
#include "bake/cli/json_report.h"
#include "bake/cli/track_files.h"

#include "formats/source/file_io.h"
#include "formats/source/track_json.h"

#include <cereal/archives/json.hpp>
#include <cereal/types/string.hpp>

#include <algorithm>
#include <filesystem>

namespace bake::cli {
namespace {

namespace fs = std::filesystem;

/// What became of one file.
struct UpgradeOutcome {
    std::string file;
    std::string status;  ///< upgraded, would-upgrade, up-to-date, blocked (keys it would drop), invalid, io-error
    int fromSchema = 0, toSchema = 0;
    std::vector<std::string> unknownKeys;
    int exitCode = kExitOk;
};

UpgradeOutcome upgradeOne(const UpgradeCommand& command, const fs::path& path, std::ostream& err) {
    UpgradeOutcome outcome{path.string(), "up-to-date", 0, 0, {}, kExitOk};
    const formats::TrackLoadResult loaded = formats::loadTrackFile(path);
    if (!loaded.document) {
        printDiagnostics(err, outcome.file, loaded.diagnostics);
        outcome.status = loaded.ioError ? "io-error" : "invalid";
        outcome.exitCode = loaded.ioError ? kExitIo : kExitInvalidInput;
        return outcome;
    }
    for (const formats::Diagnostic& d : loaded.diagnostics)
        if (d.code == "unknown-key") outcome.unknownKeys.push_back(d.jsonPath);
    outcome.fromSchema = loaded.fileSchema;
    outcome.toSchema = formats::schemaWrittenFor(*loaded.document);
    if (outcome.fromSchema >= outcome.toSchema) return outcome;
    // The upgrade writes what the reader read: keys it does not read would be gone.
    if (!outcome.unknownKeys.empty() && !command.dropUnknown) {
        err << outcome.file << ": not upgraded: it holds " << outcome.unknownKeys.size() << " key(s) Trackwright does not read (";
        for (std::size_t i = 0; i < std::min<std::size_t>(outcome.unknownKeys.size(), 5); ++i) err << (i ? ", " : "") << outcome.unknownKeys[i];
        err << (outcome.unknownKeys.size() > 5 ? ", …" : "") << ") that the upgrade would drop: fix their spelling, remove them, or pass --drop-unknown\n";
        outcome.status = "blocked";
        outcome.exitCode = kExitInvalidInput;
        return outcome;
    }
    if (command.check) {
        outcome.status = "would-upgrade";
        outcome.exitCode = kExitInvalidInput;
        return outcome;
    }
    std::string error;
    if (!formats::writeOutputFile(path, formats::writeTrackJson(*loaded.document), error)) {
        err << "twbake upgrade: " << error << '\n';
        outcome.status = "io-error";
        outcome.exitCode = kExitIo;
        return outcome;
    }
    outcome.status = "upgraded";
    return outcome;
}

void printJson(std::ostream& out, const std::vector<UpgradeOutcome>& outcomes) {
    {
        JsonReport report(out);
        cereal::JSONOutputArchive& archive = report.archive();
        archive.setNextName("files");
        archive.startNode();
        archive.makeArray();
        for (const UpgradeOutcome& o : outcomes) {
            archive.startNode();
            archive(cereal::make_nvp("file", o.file), cereal::make_nvp("status", o.status), cereal::make_nvp("from_schema", o.fromSchema),
                    cereal::make_nvp("to_schema", o.toSchema));
            archive.setNextName("unknown_keys");
            archive.startNode();
            archive.makeArray();
            for (const std::string& key : o.unknownKeys) archive(key);
            archive.finishNode();
            archive.finishNode();
        }
        archive.finishNode();
    }
    out << '\n';
}

} // namespace

int runUpgrade(const UpgradeCommand& command, std::ostream& out, std::ostream& err) {
    std::vector<fs::path> files;
    for (const std::string& input : command.inputs) {
        std::error_code ec;
        if (fs::is_directory(input, ec)) {
            const std::vector<fs::path> found = trackSourcesIn(input);
            if (found.empty()) err << "twbake upgrade: no .twtrack files in " << input << " or its subfolders\n";
            files.insert(files.end(), found.begin(), found.end());
        } else {
            files.emplace_back(input);
        }
    }
    std::vector<UpgradeOutcome> outcomes;
    int worst = kExitOk;
    for (const fs::path& file : files) {
        outcomes.push_back(upgradeOne(command, file, err));
        worst = std::max(worst, outcomes.back().exitCode);
    }
    if (command.json) {
        printJson(out, outcomes);
        return worst;
    }
    std::size_t changed = 0, current = 0;
    for (const UpgradeOutcome& o : outcomes) {
        if (o.status == "upgraded" || o.status == "would-upgrade") {
            ++changed;
            out << (o.status == "upgraded" ? "upgraded " : "would upgrade ") << o.file << ": schema " << o.fromSchema << " -> " << o.toSchema << '\n';
        }
        current += o.status == "up-to-date";
    }
    out << outcomes.size() << (outcomes.size() == 1 ? " track: " : " tracks: ") << changed << (command.check ? " to upgrade, " : " upgraded, ") << current
        << " up to date, " << outcomes.size() - changed - current << " not upgraded\n";
    return worst;
}

} // namespace bake::cli
