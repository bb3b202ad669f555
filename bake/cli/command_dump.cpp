#include "bake/cli/baked_file.h"
#include "bake/cli/commands.h"
#include "bake/cli/exit_codes.h"
#include "bake/cli/json_report.h"

#include "formats/baked/format_names.h"
#include "formats/source/file_io.h"
#include "trackwright/traffic/driver_presets.h"

#include <cereal/archives/json.hpp>
#include <cereal/types/string.hpp>

#include <cstring>
#include <iomanip>

namespace bake::cli {
namespace {

const char* linkKindName(formats::BakedLinkKind kind) {
    switch (kind) {
    case formats::BakedLinkKind::Next: return "next";
    case formats::BakedLinkKind::Fork: return "fork";
    case formats::BakedLinkKind::Join: return "join";
    }
    return "?";
}

std::string sideName(std::uint32_t sides) {
    switch (sides) {
    case formats::kSideLeft: return "left";
    case formats::kSideRight: return "right";
    case formats::kSidesBoth: return "both";
    }
    return "none";
}

/// Visits every section of the view with one named-record interface, so the text and the JSON
/// dump print the same things in the same order.
template <class Out> void dumpView(const formats::BakedTrackView& v, Out& o) {
    o.section("header", 1, [&](std::size_t) {
        o.field("format_version", v.header->formatVersion);
        o.field("layout_hash", v.header->layoutHash);
        o.field("source_hash", v.header->sourceHash);
        o.field("payload_bytes", v.header->payloadSize);
    });
    o.section("origin", 1, [&](std::size_t) {
        o.field("x", v.origin->x);
        o.field("y", v.origin->y);
        o.field("z", v.origin->z);
    });
    o.section("routes", v.routes.size(), [&](std::size_t i) {
        const auto& r = v.routes[i];
        o.field("name", std::string(v.name(r.nameOffset)));
        o.field("first_node", r.firstNode);
        o.field("node_count", r.nodeCount);
        o.field("closed", (r.flags & formats::kRouteClosed) != 0);
        o.field("fork_node", r.forkNode == formats::kNoRoute ? -1 : static_cast<std::int64_t>(r.forkNode));
        o.field("join_node", r.joinNode == formats::kNoRoute ? -1 : static_cast<std::int64_t>(r.joinNode));
        o.field("length", r.length);
    });
    o.section("nodes", v.nodes.size(), [&](std::size_t i) {
        const auto& n = v.nodes[i];
        o.field("x", n.x); o.field("y", n.y); o.field("z", n.z);
        o.field("tangent_x", n.tangentX); o.field("tangent_y", n.tangentY); o.field("tangent_z", n.tangentZ);
        o.field("perpendicular_x", n.perpendicularX); o.field("perpendicular_y", n.perpendicularY);
        o.field("left_track", n.leftTrack); o.field("left_runoff", n.leftRunoff); o.field("left_wall", n.leftWall);
        o.field("right_track", n.rightTrack); o.field("right_runoff", n.rightRunoff); o.field("right_wall", n.rightWall);
        o.field("link_length", n.linkLength); o.field("link_plan_length", n.linkPlanLength); o.field("distance", n.distance);
        o.field("curvature", n.curvature); o.field("bezier_curvature", n.bezierCurvature);
        o.field("speed_override", n.speedOverride); o.field("banking", n.banking); o.field("grip", n.grip);
        o.field("source_node", n.sourceNode);
    });
    o.section("route_links", v.routeLinks.size(), [&](std::size_t i) {
        const auto& l = v.routeLinks[i];
        o.field("kind", std::string(linkKindName(l.kind)));
        o.field("from_route", l.fromRoute); o.field("from_node", l.fromNode);
        o.field("to_route", l.toRoute); o.field("to_node", l.toNode);
    });
    o.section("vehicle_classes", v.vehicleClasses.size(), [&](std::size_t i) {
        const auto& c = v.vehicleClasses[i];
        o.field("name", std::string(v.name(c.nameOffset)));
        o.field("max_lateral_acceleration", c.maxLateralAcceleration); o.field("max_acceleration", c.maxAcceleration);
        o.field("max_braking", c.maxBraking); o.field("top_speed", c.topSpeed); o.field("wheelbase", c.wheelbase);
        o.field("max_steering_angle", c.maxSteeringAngle); o.field("width", c.width);
    });
    o.section("lines", v.lines.size(), [&](std::size_t i) {
        const auto& l = v.lines[i];
        o.field("name", std::string(v.name(l.nameOffset)));
        o.field("route", l.route);
        o.field("vehicle_class", l.vehicleClass == formats::kAllVehicleClasses ? std::string("all") : std::string(v.name(v.vehicleClasses[l.vehicleClass].nameOffset)));
        o.field("first_point", l.firstPoint);
        o.field("length", l.length);
    });
    o.section("line_points", v.linePoints.size(), [&](std::size_t i) {
        const auto& p = v.linePoints[i];
        o.field("x", p.x); o.field("y", p.y); o.field("z", p.z);
        o.field("tangent_x", p.tangentX); o.field("tangent_y", p.tangentY); o.field("tangent_z", p.tangentZ);
        o.field("perpendicular_x", p.perpendicularX); o.field("perpendicular_y", p.perpendicularY);
        o.field("offset", p.offset); o.field("curvature", p.curvature); o.field("distance", p.distance);
    });
    o.section("speed_profiles", v.speedProfiles.size(), [&](std::size_t i) {
        const auto& p = v.speedProfiles[i];
        o.field("line", p.line);
        o.field("vehicle_class", std::string(v.name(v.vehicleClasses[p.vehicleClass].nameOffset)));
        o.field("first_hint", p.firstHint);
        o.field("ideal_lap_time", p.lapTime);
    });
    o.section("speed_hints", v.speedHints.size(), [&](std::size_t i) { o.field("speed", v.speedHints[i]); });
    o.section("markers", v.markers.size(), [&](std::size_t i) {
        const auto& m = v.markers[i];
        o.field("kind", std::string(v.name(m.kindOffset)));
        o.field("label", std::string(v.name(m.labelOffset)));
        o.field("route", m.route); o.field("node", m.node); o.field("distance", m.distance);
    });
    o.section("zones", v.zones.size(), [&](std::size_t i) {
        const auto& z = v.zones[i];
        o.field("kind", std::string(z.kind == formats::BakedZoneKind::Overtaking ? "overtaking" : "no-overtaking"));
        o.field("sides", sideName(z.sides));
        o.field("route", z.route); o.field("start_node", z.startNode); o.field("end_node", z.endNode);
        o.field("start_distance", z.startDistance); o.field("end_distance", z.endDistance);
    });
    o.section("race", 1, [&](std::size_t) {
        o.field("yield_side", sideName(v.race->yieldSide));
        o.field("pole", sideName(v.race->poleSide));
        o.field("first_row_gap", v.race->firstRowGap); o.field("row_spacing", v.race->rowSpacing); o.field("stagger", v.race->stagger);
        o.field("pit_stop_time", v.race->pitStopTime);
    });
    o.section("drivers", v.drivers.size(), [&](std::size_t i) {
        const auto& d = v.drivers[i];
        o.field("name", std::string(v.name(d.nameOffset)));
        o.field("character", std::string(trackwright::driverCharacterName(trackwright::kDriverCharacters[d.character])));
        o.field("strength", d.strength); o.field("pace", d.pace); o.field("aggression", d.aggression); o.field("consistency", d.consistency);
        o.field("reaction_time", d.reactionTime); o.field("composure", d.composure); o.field("optimism", d.optimism);
        o.field("smoothness", d.smoothness); o.field("pit_crew", d.pitCrew); o.field("mistakes", d.mistakes); o.field("seed", d.seed);
    });
    o.section("grid", 1, [&](std::size_t) {
        o.field("origin_x", v.grid->originX); o.field("origin_y", v.grid->originY); o.field("cell_size", v.grid->cellSize);
        o.field("columns", v.grid->columns); o.field("rows", v.grid->rows); o.field("items", static_cast<std::uint64_t>(v.gridItems.size()));
    });
    o.section("grid_cells", v.gridCells.size() - 1, [&](std::size_t i) {
        std::string items;
        for (std::uint32_t k = v.gridCells[i]; k < v.gridCells[i + 1]; ++k) items += (items.empty() ? "" : " ") + std::to_string(v.gridItems[k]);
        o.field("segments", items);
    });
}

/// Text: one line per record, "section[i]: key=value …".
struct TextOut {
    std::ostream& out;
    template <class F> void section(const char* name, std::size_t count, F&& each) {
        out << "== " << name << " (" << count << ")\n";
        for (std::size_t i = 0; i < count; ++i) {
            out << name << '[' << i << "]:";
            each(i);
            out << '\n';
        }
    }
    template <class T> void field(const char* key, const T& value) {
        out << ' ' << key << '=';
        if constexpr (std::is_same_v<T, bool>) out << (value ? "true" : "false");
        else if constexpr (std::is_same_v<T, std::string>) out << value;  // names come from the track file
        else out << value;
    }
};

/// JSON: {"header": [...], "routes": [...], ...}, each record an object.
struct JsonOut {
    cereal::JSONOutputArchive& archive;
    template <class F> void section(const char* name, std::size_t count, F&& each) {
        archive.setNextName(name);
        archive.startNode();
        archive.makeArray();
        for (std::size_t i = 0; i < count; ++i) {
            archive.startNode();
            each(i);
            archive.finishNode();
        }
        archive.finishNode();
    }
    template <class T> void field(const char* key, const T& value) { archive(cereal::make_nvp(key, value)); }
};

} // namespace

int runDump(const DumpCommand& command, std::ostream& out, std::ostream& err) {
    LoadedBake bake;
    if (const int code = loadBakeFile(command.input, bake, err, "dump")) return code;
    const formats::BakedTrackView& view = bake.track.view;
    if (command.json) {
        {
            JsonReport report(out, 1);
            cereal::JSONOutputArchive& archive = report.archive();
            JsonOut o{archive};
            dumpView(view, o);
        }
        out << '\n';
    } else {
        TextOut o{out};
        out << std::setprecision(9);
        dumpView(view, o);
    }
    return kExitOk;
}

} // namespace bake::cli
