#include "bake/cli/commands.h"
#include "bake/cli/diagnostics_report.h"
#include "bake/cli/exit_codes.h"
#include "bake/cli/json_report.h"
#include "bake/cli/output_paths.h"

#include "bake/drape/drape_track.h"

#include "formats/mesh/level_mesh.h"
#include "formats/mesh/mesh_bvh.h"
#include "formats/source/file_io.h"
#include "formats/source/track_json.h"
#include "formats/validate/validate.h"

#include <cereal/archives/json.hpp>
#include <cereal/types/string.hpp>
#include <cereal/types/vector.hpp>

#include <algorithm>
#include <filesystem>
#include <iomanip>
#include <sstream>

namespace bake::cli {
namespace {

/// How many nodes a message names before it says "and N more".
constexpr std::size_t kNodesNamed = 8;

/// "node 12 (route "main", at 104.2, −3.0)", as a designer finds it in the editor.
std::string describeNode(const formats::TrackDocument& document, std::uint32_t node) {
    std::string route = "?";
    for (const formats::Route& r : document.routes)
        if (std::find(r.nodes.begin(), r.nodes.end(), node) != r.nodes.end()) route = r.name;
    std::ostringstream text;
    text << std::fixed << std::setprecision(1) << "node " << node << " (route \"" << route << "\", at " << document.nodes[node].position.x << ", "
         << document.nodes[node].position.y << ")";
    return text.str();
}

void listNodes(std::ostream& err, const formats::TrackDocument& document, const std::vector<std::uint32_t>& nodes) {
    for (std::size_t i = 0; i < std::min(nodes.size(), kNodesNamed); ++i) err << "  " << describeNode(document, nodes[i]) << '\n';
    if (nodes.size() > kNodesNamed) err << "  and " << nodes.size() - kNodesNamed << " more\n";
}

void printJson(std::ostream& out, const DrapeCommand& command, const DrapeReport& report, bool written) {
    {
        JsonReport json(out);
        cereal::JSONOutputArchive& archive = json.archive();
        archive(cereal::make_nvp("file", command.output), cereal::make_nvp("mesh", command.mesh), cereal::make_nvp("written", written),
                cereal::make_nvp("draped", report.draped), cereal::make_nvp("no_surface", report.noSurface), cereal::make_nvp("off_road", report.offRoad),
                cereal::make_nvp("faces_on_road", report.facesOnRoad), cereal::make_nvp("narrowed", report.narrowed));
    }
    out << '\n';
}

} // namespace

int runDrape(const DrapeCommand& command, std::ostream& out, std::ostream& err) {
    const NamedPath inputs[] = {{"input", command.input}, {"--mesh", command.mesh}};
    const NamedPath outputs[] = {{"-o", command.output, /*mayBeInput=*/true}};
    if (const auto conflict = findOutputConflict(inputs, outputs)) {
        err << "twbake drape: " << *conflict << '\n';
        return kExitUsage;
    }
    formats::TrackLoadResult loaded = formats::loadTrackFile(command.input);
    if (!loaded.document) {
        printDiagnostics(err, command.input, loaded.diagnostics);
        return loaded.ioError ? kExitIo : kExitInvalidInput;
    }
    formats::TrackDocument& document = *loaded.document;
    // Node references are used to walk routes: a document that breaks them is refused first.
    const formats::Diagnostics before = formats::validate(document);
    for (const formats::Diagnostic& d : before)
        if (d.severity == formats::Severity::Error && (d.code.starts_with("ref-") || d.code == "node-reused")) {
            printDiagnostics(err, command.input, before);
            err << "twbake drape: fix the references above first; " << command.output << " was not written\n";
            return kExitInvalidInput;
        }

    formats::LevelMeshOptions meshOptions;
    meshOptions.up = command.up == "z" ? formats::MeshUpAxis::Z : formats::MeshUpAxis::Y;
    meshOptions.metresPerUnit = command.metresPerUnit;
    const formats::LevelMeshLoadResult mesh = formats::loadLevelMesh(command.mesh, meshOptions);
    if (!mesh.mesh) {
        std::error_code ec;
        err << "twbake drape: " << mesh.error << '\n';
        return std::filesystem::is_regular_file(command.mesh, ec) ? kExitInvalidInput : kExitIo;
    }
    const formats::MeshBvh bvh(*mesh.mesh);
    DrapeOptions options;
    options.roadMaterials = command.roadMaterials;
    options.barrierMaterials = command.barrierMaterials;
    options.widths = command.widths;
    if (!options.roadMaterials.empty()) {
        bool any = false;
        for (const std::string& m : mesh.mesh->materials) any = any || isRoadMaterial(m, options.roadMaterials);
        if (!any) {
            err << "twbake drape: no material of " << command.mesh << " matches --road-material";
            for (const std::string& p : options.roadMaterials) err << " '" << p << "'";
            err << "; its materials are:";
            for (std::size_t i = 0; i < std::min<std::size_t>(mesh.mesh->materials.size(), 20); ++i) err << (i ? ", " : " ") << mesh.mesh->materials[i];
            err << (mesh.mesh->materials.size() > 20 ? ", …" : "") << '\n';
            return kExitInvalidInput;
        }
    }
    for (const std::string& name : command.routes) {
        const auto route = std::find_if(document.routes.begin(), document.routes.end(), [&](const formats::Route& r) { return r.name == name; });
        if (route == document.routes.end()) {
            err << "twbake drape: " << command.input << " has no route named \"" << name << "\"; its routes are:";
            for (const formats::Route& r : document.routes) err << " \"" << r.name << "\"";
            err << '\n';
            return kExitUsage;
        }
        options.nodes.insert(options.nodes.end(), route->nodes.begin(), route->nodes.end());
    }
    const DrapeReport report = drapeTrack(document, *mesh.mesh, bvh, options);

    if (!report.noSurface.empty()) {
        err << command.input << ": " << report.noSurface.size() << " node(s) find no surface of " << command.mesh
            << " under them: move them onto the level (or check --up and --unit); " << command.output << " was not written\n";
        listNodes(err, document, report.noSurface);
        if (command.json) printJson(out, command, report, false);
        return kExitInvalidInput;
    }
    // A drape takes a track as the designer has it, errors and all, and never leaves it worse: an
    // error it did not come with (a node draped onto the wrong deck makes a cliff) stops the write.
    const formats::Diagnostics after = formats::validate(document);
    formats::Diagnostics introduced;
    for (const formats::Diagnostic& d : after)
        if (d.severity == formats::Severity::Error &&
            std::none_of(before.begin(), before.end(), [&](const formats::Diagnostic& b) { return b.severity == d.severity && b.code == d.code && b.jsonPath == d.jsonPath; }))
            introduced.push_back(d);
    if (!introduced.empty()) {
        printDiagnostics(err, command.output, introduced);
        err << "twbake drape: the drape would add the errors above; " << command.output << " was not written\n";
        if (command.json) printJson(out, command, report, false);
        return kExitInvalidInput;
    }
    std::string ioError;
    if (!formats::writeOutputFile(command.output, formats::writeTrackJson(document), ioError)) {
        err << "twbake drape: " << ioError << "; nothing was written\n";
        return kExitIo;
    }
    if (!report.offRoad.empty()) {
        err << command.input << ": " << report.offRoad.size() << " node(s) stand on no road material: heights and banking from the ground there"
            << (command.widths ? ", widths left as they were" : "") << '\n';
        listNodes(err, document, report.offRoad);
    }
    if (!report.facesOnRoad.empty()) {
        err << command.input << ": at " << report.facesOnRoad.size() << " node(s) a steep face stands on the road (a tree, a post, a gantry's leg): "
            << "the tarmac runs on where the mesh paints it; name the barriers with --barrier-material to tell them apart\n";
        listNodes(err, document, report.facesOnRoad);
    }
    if (command.json) {
        printJson(out, command, report, true);
        return kExitOk;
    }
    if (!after.empty()) printDiagnostics(err, command.output, after);
    out << "draped " << report.draped << " node(s) on " << command.mesh << " (" << mesh.mesh->triangles.size() << " triangles)";
    if (command.widths) out << ", widths of " << report.draped - report.offRoad.size() << " from the road's edges";
    if (!report.narrowed.empty()) out << ", runoff narrowed at " << report.narrowed.size() << " where perpendiculars cross";
    out << "\nwrote " << command.output << '\n';
    return kExitOk;
}

} // namespace bake::cli
