#pragma once

#include "formats/baked/format_names.h"
#include "trackwright/format/car_description.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

/// The source model of a track (.twtrack), as designers author it. Plain structs, no invariants
/// enforced here: `formats::validate` says what is wrong and where.
namespace formats {

/// Newest `.twtrack` schema this build reads and the one it writes. Schema 2 added per-node banking
/// and surface grip and the track's crossing clearance; a schema-1 file reads with their defaults.
/// Schema 3 added a vehicle class's `car`; a file without one is still written as schema 2.
/// Schema 4 added a vehicle class's envelope keys (downforce, drag, load sensitivity, brake limit,
/// power per mass); a file whose classes write none is still written as schema 2 or 3.
/// Schema 5 added the editor's level mesh; a file without one is written in the schema before.
inline constexpr int kTrackSchemaVersion = 5;
/// Least vertical distance between two surfaces that cross in plan for one to pass over the other,
/// metres, when a track does not say (a road bridge's usual clearance).
inline constexpr double kDefaultCrossingClearance = 4.5;
/// Value of the top-level "format" key, so a random JSON file is told apart from a track.
inline constexpr const char* kTrackFormatName = "trackwright-track";

/// Distances from the centre line to the edges on one side of a node, metres, measured along the
/// node perpendicular: tarmac edge, drivable runoff edge, hard wall (race-track chapter §39.2,
/// w_t ≤ w_r ≤ w_w).
struct SideWidths {
    double track = 0.0;
    double runoff = 0.0;
    double wall = 0.0;

    friend bool operator==(const SideWidths&, const SideWidths&) = default;
};

/// One centre-line node. Left and right are seen from a car driving forward along its route.
struct TrackNode {
    Vec3 position;
    SideWidths left;
    SideWidths right;
    /// Designer speed cap at this node, m/s; wins over computed speed hints.
    std::optional<double> speedOverride;
    /// Free-form designer tags: "pit", "braking-zone", "overtaking-entry" …
    std::vector<std::string> tags;
    /// Banking: the road's roll about its centre line, radians, positive when the left edge is
    /// higher than the right (a left-hand banked curve leans positive). The surface at lateral
    /// offset d (left positive) lies at height z + d·tan(banking).
    double banking = 0.0;
    /// Surface grip factor: 1.0 is nominal dry tarmac; gravel, grass or a wet patch are lower.
    /// Scales the tyre force limits at the node.
    double grip = 1.0;

    friend bool operator==(const TrackNode&, const TrackNode&) = default;
};

/// Where a branch route leaves or rejoins another route: a node of that route.
struct RouteAttachment {
    std::uint32_t route = 0;
    /// Index into TrackDocument::nodes; must be listed in `route`.
    std::uint32_t node = 0;

    friend bool operator==(const RouteAttachment&, const RouteAttachment&) = default;
};

/// An ordered list of nodes. Route 0 is the main route. A branch is an open route that forks from a
/// node of another route (its first link runs from that node to its own first node) and may join
/// one (its last link runs from its last node to the join node).
struct Route {
    std::string name;
    bool closed = false;
    /// Indices into TrackDocument::nodes, in driving order. Each node belongs to one route.
    std::vector<std::uint32_t> nodes;
    std::optional<RouteAttachment> fork;
    std::optional<RouteAttachment> join;

    friend bool operator==(const Route&, const Route&) = default;
};

/// A named lateral offset per node of a route: racing, defending, overtaking …
struct Line {
    std::string name;
    std::uint32_t route = 0;
    /// Name of the vehicle class this line is for; empty means every class.
    std::string vehicleClass;
    /// One offset per node of the route, metres along the node perpendicular, positive to the left.
    std::vector<double> offsets;

    friend bool operator==(const Line&, const Line&) = default;
};

/// What speed hints and previews need to know about a kind of vehicle. SI units.
/// A vehicle class: the limits its speed hints and lines are baked for. With a `car`, the limits
/// are derived from the car's physics (bake/pipeline/class_vehicle.h) and each one written here
/// (non-zero) wins over the derived one; without, all of them are required.
/// The envelope terms (trackwright::VehicleParameters' fields of the same names, vehicle_limits.h)
/// are optional with or without a car: 0 is "not written" (derived from the car, or none). A class
/// with any of them set is baked with its g-g-v envelope, as a class with a car is.
struct VehicleClass {
    std::string name;
    double maxLateralAcceleration = 0.0;  ///< m/s², grip limit in corners (eq. 39.4)
    double maxAcceleration = 0.0;         ///< m/s², forward
    double maxBraking = 0.0;              ///< m/s², positive deceleration
    double topSpeed = 0.0;                ///< m/s
    double wheelbase = 0.0;               ///< m
    double maxSteeringAngle = 0.0;        ///< rad, road-wheel angle at full lock
    double width = 0.0;                   ///< m, body width
    double downforce = 0.0;               ///< 1/m: the tyres are pressed by g + downforce·v²
    double drag = 0.0;                    ///< 1/m: deceleration drag·v²
    double loadSensitivity = 0.0;         ///< share of μ lost per weight of load above the car's own, in [0, 1)
    double brakeLimit = 0.0;              ///< m/s², the brakes' own limit
    double powerPerMass = 0.0;            ///< W/kg at the driven wheels: the drive is at most powerPerMass / v
    std::optional<trackwright::format::CarDescription> car = std::nullopt;  ///< the car's physics (docs/formats.md, "car")

    friend bool operator==(const VehicleClass&, const VehicleClass&) = default;
};

/// True when the class writes any envelope term (VehicleClass::downforce … powerPerMass).
inline bool hasEnvelopeTerms(const VehicleClass& c) {
    return c.downforce != 0.0 || c.drag != 0.0 || c.loadSensitivity != 0.0 || c.brakeLimit != 0.0 || c.powerPerMass != 0.0;
}

/// A tactical or editorial point on the track: start/finish, overtaking entry, checkpoint …
struct Marker {
    std::string kind;
    /// Index into TrackDocument::nodes.
    std::uint32_t node = 0;
    std::string label;

    friend bool operator==(const Marker&, const Marker&) = default;
};

/// Names a zone's "kind" may have in a .twtrack.
inline constexpr const char* kZoneOvertaking = "overtaking";
inline constexpr const char* kZoneNoOvertaking = "no-overtaking";
/// Names of a side ("sides" of an overtaking zone, the race's yield side and pole side).
inline constexpr const char* kSideNameLeft = "left";
inline constexpr const char* kSideNameRight = "right";
inline constexpr const char* kSideNameBoth = "both";

/// A stretch of a route where AI cars are told how they may pass: an overtaking zone (they may
/// pass, only on `sides`, and are encouraged to) or a no-overtaking zone (no passing at all). It
/// runs from node `from` to node `to` in the driving direction, across the start on a closed route
/// when `to` comes before `from`. Kind and sides are kept as written so that `validate` can name a
/// misspelt one; the bake reads only valid documents.
struct Zone {
    std::string kind = kZoneOvertaking;
    /// Indices into TrackDocument::nodes, both listed by one route.
    std::uint32_t from = 0;
    std::uint32_t to = 0;
    /// "left", "right" or "both" for an overtaking zone; empty when the file has none (both). A
    /// no-overtaking zone has none: it forbids passing on either side.
    std::string sides;

    friend bool operator==(const Zone&, const Zone&) = default;
};

/// Where the grid stands behind the start line (runtime GridOptions, whose defaults these are).
struct GridSettings {
    double firstRowGap = 6.0;   ///< m from the line back to the pole car's centre
    double rowSpacing = 16.0;   ///< m between one row and the next, same column
    double stagger = 8.0;       ///< m the second column sits behind the first of its row
    std::string pole = kSideNameLeft;  ///< the pole's column: "left" or "right" of the middle

    friend bool operator==(const GridSettings&, const GridSettings&) = default;
};

/// The designer's race settings: how AI cars behave in traffic and at the start.
struct RaceSettings {
    /// The side a lapped car moves to, to let the leaders by: "left" or "right".
    std::string yieldSide = kSideNameRight;
    GridSettings grid;
    /// Seconds a car stands at its pit box during a stop.
    double pitStopTime = 3.0;

    friend bool operator==(const RaceSettings&, const RaceSettings&) = default;
};

/// A reference image under the canvas, placed in the world: pixel (0, 0) sits at `origin`, the
/// image's +x axis points along `rotation` (rad, counter-clockwise from world +x), one pixel spans
/// `metresPerPixel` metres.
struct Backdrop {
    std::string image;
    Vec2 origin;
    double metresPerPixel = 1.0;
    double rotation = 0.0;
    double opacity = 0.5;

    friend bool operator==(const Backdrop&, const Backdrop&) = default;
};

/// The game level's mesh the track is laid over (the editor's File ▸ Import Level Mesh, schema 5):
/// shown under the track, draped onto, snapped to. The bake never reads it.
struct LevelMeshReference {
    /// The mesh file, relative to the track's folder ('/'-separated), or absolute when it lies on
    /// another drive.
    std::string file;
    /// XXH3-64 of the file's bytes when it was imported (16 hex digits): tells the designer the
    /// level changed since.
    std::string hash;
    std::string up = "y";          ///< the file's up axis: "y" or "z"
    double metresPerUnit = 1.0;    ///< the file's unit
    /// The designer's road materials (shell patterns), the drape's last choice.
    std::vector<std::string> roadMaterials;

    friend bool operator==(const LevelMeshReference&, const LevelMeshReference&) = default;
};

/// Editor-only data: nothing the bake reads.
struct EditorMetadata {
    std::optional<Backdrop> backdrop;
    std::optional<LevelMeshReference> levelMesh;

    friend bool operator==(const EditorMetadata&, const EditorMetadata&) = default;
};

/// A whole `.twtrack` document.
struct TrackDocument {
    int schema = kTrackSchemaVersion;
    std::string name;
    std::vector<TrackNode> nodes;
    std::vector<Route> routes;
    std::vector<Line> lines;
    std::vector<VehicleClass> vehicleClasses;
    std::vector<Marker> markers;
    /// Overtaking and no-overtaking zones; a file without "zones" has none.
    std::vector<Zone> zones;
    /// Absent when the file has no "race" object: every setting takes its default (and a save
    /// writes none, so a file stays as it was).
    std::optional<RaceSettings> race;
    EditorMetadata editor;
    /// Where two parts of the track cross in plan, the least vertical distance between their
    /// surfaces (edges included) for one to pass over the other, metres.
    double crossingClearance = kDefaultCrossingClearance;

    friend bool operator==(const TrackDocument&, const TrackDocument&) = default;
};

} // namespace formats
