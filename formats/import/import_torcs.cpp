#include "formats/geometry/registrable_widths.h"
#include "formats/import/torcs_import.h"
#include "formats/import/torcs_layout.h"
#include "formats/import/torcs_params.h"
#include "formats/import/torcs_track_model.h"
#include "formats/source/file_io.h"

#include <system_error>

namespace formats {
namespace {

bool referencesEntity(const torcs::ParamSection& section, std::string_view entity) {
    for (const std::string& name : section.entityReferences)
        if (name == entity) return true;
    for (const torcs::ParamSection& child : section.sections)
        if (referencesEntity(child, entity)) return true;
    return false;
}

void warnUnknownEntities(const torcs::ParamSection& section, const std::string& fileLabel, Diagnostics& out) {
    for (const std::string& name : section.entityReferences) {
        if (name == "default-surfaces" || name == "default-objects" || name == "amp" || name == "lt" || name == "gt" ||
            name == "quot" || name == "apos")
            continue;
        Diagnostic d;
        d.severity = Severity::Warning;
        d.code = "torcs-entity-unknown";
        d.line = section.line;
        d.message = fileLabel + ":" + std::to_string(section.line) + ": entity &" + name + "; in section \"" + section.name +
                    "\" is not loaded (only &default-surfaces; carries what an AI track needs)";
        out.push_back(std::move(d));
    }
    for (const torcs::ParamSection& child : section.sections) warnUnknownEntities(child, fileLabel, out);
}

} // namespace

std::optional<std::filesystem::path> findTorcsSurfaces(const std::filesystem::path& trackFile, const std::filesystem::path& torcsData) {
    std::error_code ignored;
    // Anything by that name is the surfaces file: a folder or a FIFO named surfaces.xml is refused
    // by the read, saying what it is, rather than passed over as if there were none.
    const auto present = [&](const std::filesystem::path& candidate) { return std::filesystem::exists(candidate, ignored); };
    if (!torcsData.empty()) {
        const std::filesystem::path candidate = torcsData / "surfaces.xml";
        if (present(candidate)) return candidate;
        return std::nullopt;
    }
    const std::filesystem::path folder = std::filesystem::absolute(trackFile, ignored).parent_path();
    const std::filesystem::path candidates[] = {
        folder / "data" / "surfaces.xml",
        folder.parent_path() / "data" / "surfaces.xml",
        folder.parent_path().parent_path() / "data" / "surfaces.xml",
        folder.parent_path().parent_path().parent_path() / "data" / "tracks" / "surfaces.xml",  // TORCS's install layout
    };
    for (const std::filesystem::path& candidate : candidates)
        if (present(candidate)) return candidate;
    return std::nullopt;
}

ImportResult importTorcsTrack(std::string_view trackXml, const std::string& fileLabel, std::optional<std::string_view> defaultSurfacesXml,
                              const TorcsImportOptions& options) {
    ImportResult result;
    torcs::ParamFile file = torcs::parseParamFile(trackXml, fileLabel);
    result.diagnostics = std::move(file.diagnostics);
    if (!file.root) return result;
    warnUnknownEntities(*file.root, fileLabel, result.diagnostics);

    std::optional<torcs::ParamSection> surfaces;
    if (referencesEntity(*file.root, "default-surfaces")) {
        if (defaultSurfacesXml) {
            torcs::ParamFile parsed = torcs::parseParamFragment(*defaultSurfacesXml, "surfaces.xml");
            for (Diagnostic& d : parsed.diagnostics) {
                d.severity = Severity::Warning;  // the track still imports, with fallback frictions
                d.code = "torcs-surfaces-unreadable";
                result.diagnostics.push_back(std::move(d));
            }
            surfaces = std::move(parsed.root);
        } else {
            Diagnostic d;
            d.severity = Severity::Warning;
            d.code = "torcs-surfaces-missing";
            d.message = fileLabel + ": the track includes TORCS's default surfaces (&default-surfaces;) but no surfaces.xml was found; "
                        "pass --torcs-data DIR (the folder with surfaces.xml) for the right grip";
            result.diagnostics.push_back(std::move(d));
        }
    }

    torcs::ModelResult model = torcs::buildTrackModel(*file.root, surfaces ? &*surfaces : nullptr, fileLabel);
    result.diagnostics.insert(result.diagnostics.end(), model.diagnostics.begin(), model.diagnostics.end());
    if (!model.model) return result;
    torcs::LayoutResult laid = torcs::layOutTrack(*model.model, fileLabel, options);
    result.diagnostics.insert(result.diagnostics.end(), laid.diagnostics.begin(), laid.diagnostics.end());
    result.document = std::move(laid.document);
    return result;
}

ImportResult importTorcsTrackFile(const std::filesystem::path& trackFile, const TorcsImportOptions& options) {
    ImportResult result;
    std::string ioError;
    const std::optional<std::string> text = readWholeFile(trackFile, ioError);
    if (!text) {
        Diagnostic d;
        d.code = "torcs-io";
        d.message = ioError;
        result.diagnostics.push_back(std::move(d));
        return result;
    }
    std::optional<std::string> surfacesText;
    if (const auto surfacesFile = findTorcsSurfaces(trackFile, options.torcsData)) {
        surfacesText = readWholeFile(*surfacesFile, ioError);
        if (!surfacesText) {
            Diagnostic d;
            d.severity = Severity::Warning;
            d.code = "torcs-surfaces-unreadable";
            d.message = ioError;
            result.diagnostics.push_back(std::move(d));
        }
    } else if (!options.torcsData.empty()) {
        Diagnostic d;
        d.code = "torcs-io";
        d.message = "--torcs-data " + options.torcsData.string() + ": there is no surfaces.xml in that folder";
        result.diagnostics.push_back(std::move(d));
        return result;
    }
    ImportResult imported = importTorcsTrack(*text, trackFile.string(),
        surfacesText ? std::optional<std::string_view>(*surfacesText) : std::nullopt, options);
    result.diagnostics.insert(result.diagnostics.end(), imported.diagnostics.begin(), imported.diagnostics.end());
    result.document = std::move(imported.document);
    return result;
}

} // namespace formats
