#pragma once

// The .twbake binary layout: a header, a table of sections, then the sections. Every struct here is
// plain data read in place by the runtime (little-endian, 4-byte floats, 8-byte aligned sections).
// Change any of them and the static_asserts below fire: bump kBakedFormatVersion and the layout
// description with the change.

#include <array>
#include <cstddef>
#include <cstdint>

namespace trackwright::format {

inline constexpr std::array<char, 8> kBakedMagic = {'T', 'W', 'B', 'A', 'K', 'E', '\x1a', '\0'};
/// Version 4 added the third dimension to the nodes and lines: the tangent's vertical component,
/// banking and surface grip per node, the tangent's vertical component per line point, link
/// lengths and distances measured in 3D. Version 5 added the designer's race data: overtaking and
/// no-overtaking zones and the race settings (yield side, grid, pit stop time). Version 6 added the
/// designer's roster: named drivers with their characters (`twbake build --roster`). A reader
/// refuses every other version (bake it again).
inline constexpr std::uint32_t kBakedFormatVersion = 6;

/// Section identifiers, also their order in the file.
enum class BakedSection : std::uint32_t {
    Routes = 0,
    Nodes,
    RouteLinks,
    VehicleClasses,
    Lines,
    LinePoints,
    SpeedProfiles,
    SpeedHints,
    GridInfo,
    GridCells,
    GridItems,
    Strings,
    Origin,
    Markers,
    Zones,
    Race,
    Drivers,
    Count
};
inline constexpr std::uint32_t kBakedSectionCount = static_cast<std::uint32_t>(BakedSection::Count);

/// File header. `checksum` (XXH3-64) covers every byte of the file except itself: header fields,
/// section table, padding and payload.
struct BakedHeader {
    std::array<char, 8> magic;
    std::uint32_t formatVersion;
    std::uint32_t layoutHash;       ///< hash of kBakedLayoutDescription: catches a reader built from other structs
    std::uint32_t flags;            ///< reserved, 0
    std::uint32_t sectionCount;
    std::uint64_t sourceHash;       ///< XXH3-64 of the canonical .twtrack text the bake read
    std::uint64_t payloadSize;      ///< bytes after the section table
    std::uint64_t checksum;
};

/// Where a section lies: `offset` from the start of the payload, `count` elements of `elementSize`.
struct BakedSectionEntry {
    std::uint32_t id;
    std::uint32_t elementSize;
    std::uint64_t offset;
    std::uint64_t count;
};

inline constexpr std::uint32_t kNoRoute = 0xffffffffu;
inline constexpr std::uint32_t kRouteClosed = 1u;

/// A route: a run of `nodeCount` nodes starting at `firstNode` in the Nodes section.
struct BakedRoute {
    std::uint32_t firstNode;
    std::uint32_t nodeCount;
    std::uint32_t flags;       ///< kRouteClosed
    std::uint32_t nameOffset;  ///< into Strings, zero-terminated
    std::uint32_t forkNode;    ///< baked node index this route leaves from, or kNoRoute
    std::uint32_t joinNode;    ///< baked node index it rejoins, or kNoRoute
    float length;              ///< metres along the route, including the closing or join link
    std::uint32_t reserved;
};

/// A node in its route's frame (race-track chapter §39.2–39.3). Metres, unit vectors, 1/m.
/// The frame lies in the ground plane (registration's perpendicular tests are in plan); the road's
/// climb and lean ride on it: the unit 3D tangent is (tangentX·cos φ, tangentY·cos φ, tangentZ)
/// with sin φ = tangentZ, and the surface at lateral offset d (left positive) lies at
/// z + d·tan(banking).
struct BakedNode {
    float x, y, z;
    float tangentX, tangentY;              ///< unit, in the ground plane: eq. 39.1 on the plan positions
    float tangentZ;                        ///< eq. 39.1 in 3D, its vertical component: sin of the climb angle (0.0995 on a 10 % ramp)
    float perpendicularX, perpendicularY;  ///< left of the driving direction, in the ground plane
    float leftTrack, leftRunoff, leftWall;
    float rightTrack, rightRunoff, rightWall;
    float linkLength;      ///< to the next node of the route, in 3D: √(dx² + dy² + dz²) (0 at the end of an open route without join)
    float linkPlanLength;  ///< the same link in the ground plane, √(dx² + dy²): registration's lateral offset divides by it
    float distance;        ///< from the route's first node, along the 3D links
    float curvature;       ///< signed, eq. 39.3 (in plan)
    float bezierCurvature; ///< max curvature of the quadratic Bézier on the previous, this and the next node (eqs. 3–4)
    float speedOverride;   ///< m/s, 0 when none
    float banking;         ///< rad, the road's roll, positive when the left edge is higher (.twtrack's banking)
    float grip;            ///< surface grip factor, 1 = nominal dry tarmac (.twtrack's grip)
    std::uint32_t sourceNode;  ///< index into the source document's nodes
};

enum class BakedLinkKind : std::uint32_t { Next = 0, Fork = 1, Join = 2 };

/// An edge of the route graph: driving from `fromNode` may continue at `toNode`.
struct BakedRouteLink {
    std::uint32_t fromRoute;
    std::uint32_t fromNode;
    std::uint32_t toRoute;
    std::uint32_t toNode;
    BakedLinkKind kind;
};

struct BakedVehicleClass {
    std::uint32_t nameOffset;
    float maxLateralAcceleration, maxAcceleration, maxBraking, topSpeed, wheelbase, maxSteeringAngle, width;
};

inline constexpr std::uint32_t kAllVehicleClasses = 0xffffffffu;

/// A line (racing, defending …): one point per node of its route.
struct BakedLine {
    std::uint32_t route;
    std::uint32_t nameOffset;
    std::uint32_t vehicleClass;  ///< index, or kAllVehicleClasses
    std::uint32_t firstPoint;    ///< into LinePoints; pointCount = the route's nodeCount
    float length;                ///< metres, closing link included on closed routes
    std::uint32_t reserved;
};

/// A point of a line with the line's own frame (chapter §39.3.1: not the node's). Point i lies on
/// node i's perpendicular, so the node's banking and grip are the line's there too.
struct BakedLinePoint {
    float x, y, z;    ///< z: the node's height (the centre line's)
    float tangentX, tangentY;  ///< unit, in the ground plane
    /// Eq. 39.1 on the line's own 3D points, its vertical component: sin of the line's climb
    /// angle, what a car driving the line feels (steeper than the centre line's on the inside of a
    /// climbing bend, where the line is shorter).
    float tangentZ;
    float perpendicularX, perpendicularY;
    float offset;     ///< from the node, metres, left positive
    float curvature;  ///< signed, eq. 39.3 on the line (in plan)
    float distance;   ///< along the line's 3D segments from its first point
};

/// Speed hints of one line for one vehicle class: `SpeedHints[firstHint + i]` for point i.
struct BakedSpeedProfile {
    std::uint32_t line;
    std::uint32_t vehicleClass;
    std::uint32_t firstHint;
    float lapTime;  ///< s, the ideal time of this profile (a lap, or start to end when open)
};

/// The registration grid: a uniform grid over the walls' bounds. Cell (c, r) lists the segments
/// whose wall-width quad touches it in GridItems[GridCells[r * columns + c] .. GridCells[... + 1]).
/// A segment is named by its first baked node; it runs to that node's successor on its route.
struct BakedGridInfo {
    float originX, originY;
    float cellSize;
    std::uint32_t columns, rows;
    std::uint32_t reserved;
};

/// Where the track's local frame sits in the world, metres. Every position in the file is relative
/// to it, so single-precision floats keep centimetres however far from the world's origin the
/// track lies (UTM coordinates run to 10 000 km). (0, 0, 0) for a track near the world's origin.
struct BakedOrigin {
    double x, y, z;
};

/// A designer's marker on a baked node: the start/finish line ("start-finish", or "start" on an open
/// route), sector boundaries ("sector"), overtaking entries, pit boxes … `kind` and `label` are as
/// the designer wrote them. A marker on a node that several routes share sits on the first route.
struct BakedMarker {
    std::uint32_t kindOffset;   ///< into Strings
    std::uint32_t labelOffset;  ///< into Strings ("" when none)
    std::uint32_t route;
    std::uint32_t node;         ///< baked node index, within `route`
    float distance;             ///< metres along the route from its first node (the node's)
    std::uint32_t reserved;
};

/// What a zone tells AI cars: pass there (on its sides), or do not pass at all.
enum class BakedZoneKind : std::uint32_t { Overtaking = 0, NoOvertaking = 1 };
/// Sides as bits: a zone's allowed passing sides, the race's yield and pole sides.
inline constexpr std::uint32_t kSideLeft = 1u;
inline constexpr std::uint32_t kSideRight = 2u;
inline constexpr std::uint32_t kSidesBoth = kSideLeft | kSideRight;

/// A designer's zone on a route, from its start node to its end node in the driving direction.
/// On a closed route `endDistance` < `startDistance` means it runs across the start line.
struct BakedZone {
    std::uint32_t route;
    std::uint32_t startNode;  ///< baked node index, within `route`
    std::uint32_t endNode;    ///< baked node index, within `route`
    BakedZoneKind kind;
    std::uint32_t sides;      ///< kSideLeft | kSideRight bits where passing is allowed; 0 for NoOvertaking
    float startDistance;      ///< metres along the route from its first node (the start node's)
    float endDistance;        ///< the end node's
    std::uint32_t reserved;
};

/// The designer's race settings; exactly one in every file (the defaults when the track sets none).
struct BakedRaceSettings {
    std::uint32_t yieldSide;   ///< kSideLeft or kSideRight: where lapped cars move to let leaders by
    std::uint32_t poleSide;    ///< kSideLeft or kSideRight: the grid column of the pole car
    float firstRowGap;         ///< m from the start line back to the pole car's centre
    float rowSpacing;          ///< m between one grid row and the next, same column
    float stagger;             ///< m the second column sits behind the first of its row
    float pitStopTime;         ///< s a car stands at its pit box
};

/// The number of driver characters (trackwright::DriverCharacter: naive, typical, competitive,
/// cautious, defensive, aggressive), for the reader's check.
inline constexpr std::uint32_t kBakedDriverCharacters = 6;

/// A driver of the designer's roster (`twbake build --roster FILE`): its name, its character and
/// its whole profile (the character's preset with the roster's fields over it), in car order.
struct BakedDriver {
    std::uint32_t nameOffset;  ///< unique, non-empty
    std::uint32_t character;   ///< trackwright::DriverCharacter, < kBakedDriverCharacters
    float strength;            ///< trackwright::DriverProfile's fields, in their documented ranges
    float pace;
    float aggression;
    float consistency;
    float reactionTime;        ///< s
    float composure;
    float optimism;
    float smoothness;
    float pitCrew;
    float mistakes;
    std::uint64_t seed;        ///< 0: none given, the game or the race draws one
};

// Tripwires: a size change here changes the file format.
static_assert(sizeof(BakedHeader) == 48);
static_assert(sizeof(BakedSectionEntry) == 24);
static_assert(sizeof(BakedRoute) == 32);
static_assert(sizeof(BakedNode) == 92);
static_assert(sizeof(BakedRouteLink) == 20);
static_assert(sizeof(BakedVehicleClass) == 32);
static_assert(sizeof(BakedLine) == 24);
static_assert(sizeof(BakedLinePoint) == 44);
static_assert(sizeof(BakedSpeedProfile) == 16);
static_assert(sizeof(BakedGridInfo) == 24);
static_assert(sizeof(BakedOrigin) == 24);
static_assert(sizeof(BakedMarker) == 24);
static_assert(sizeof(BakedZone) == 32);
static_assert(sizeof(BakedRaceSettings) == 24);
static_assert(sizeof(BakedDriver) == 56);

/// Every section starts on this boundary (zero padding between), and so does the payload: the
/// runtime reads the structs in place.
inline constexpr std::size_t kBakedAlignment = 8;

/// `value` rounded up to kBakedAlignment.
constexpr std::size_t bakedAlignUp(std::size_t value) { return (value + kBakedAlignment - 1) & ~(kBakedAlignment - 1); }

/// Where the payload starts: after the header and the section table, aligned.
inline constexpr std::size_t kBakedPayloadStart =
    bakedAlignUp(sizeof(BakedHeader) + kBakedSectionCount * sizeof(BakedSectionEntry));

/// Text hashed into BakedHeader::layoutHash: the element layouts in order. Edit with the structs.
inline constexpr const char* kBakedLayoutDescription =
    "v6 route:u32x4,u32x2,f32,u32 node:f32x22,u32 link:u32x5 class:u32,f32x7 line:u32x4,f32,u32 "
    "point:f32x11 profile:u32x3,f32 hint:f32 grid:f32x3,u32x3 cell:u32 item:u32 strings:char origin:f64x3 "
    "marker:u32x4,f32,u32 zone:u32x5,f32x2,u32 race:u32x2,f32x4 driver:u32x2,f32x10,u64";

/// FNV-1a of the layout description, evaluated at compile time.
constexpr std::uint32_t bakedLayoutHash() {
    std::uint32_t hash = 2166136261u;
    for (const char* p = kBakedLayoutDescription; *p; ++p) hash = (hash ^ static_cast<unsigned char>(*p)) * 16777619u;
    return hash;
}

} // namespace trackwright::format
