#pragma once

#include "formats/baked/format_names.h"
#include "formats/import/torcs_params.h"
#include "formats/source/diagnostic.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

/// A TORCS track as TORCS's own loader builds it (`src/modules/track/track4.cpp`, `track3.cpp`): the
/// ring of sub-segments with their plan geometry, edge heights, banking, side strips and surface
/// friction, and the pits. docs/torcs-track-format.md §2–§4 and §7 are the specification; the
/// section numbers below refer to it. Double precision throughout (TORCS uses float: see §9.2).
namespace formats::torcs {

enum class SegmentType { Straight, Left, Right };
enum class BorderStyle { Plan, Curb, Wall };

/// The strips beside the main track on one side of a sub-segment (§4), metres.
struct SideStrips {
    double sideStartWidth = 0.0;  ///< the outer strip (runoff or pit lane), at the sub-segment's start
    double sideEndWidth = 0.0;    ///< … and at its end: it varies linearly along an XML segment
    double borderWidth = 0.0;     ///< the inner strip: kerb, painted strip or low wall
    double borderHeight = 0.0;
    BorderStyle borderStyle = BorderStyle::Plan;
};

/// One TORCS sub-segment: a straight or a circular arc of the centre line.
struct SubSegment {
    std::uint32_t segment = 0;  ///< index into TrackModel::segments
    std::uint32_t step = 0;     ///< 0-based within its XML segment
    SegmentType type = SegmentType::Straight;
    double length = 0.0;        ///< of the centre line (an arc's is radius · arc)
    double radius = 0.0;        ///< of the centre line, turns only
    double arc = 0.0;           ///< turned angle, positive, turns only
    Vec2 start;                 ///< centre-line point where it starts
    double startHeading = 0.0;  ///< rad, counter-clockwise from +x
    Vec2 turnCentre;            ///< turns only
    double zStartLeft = 0.0, zStartRight = 0.0, zEndLeft = 0.0, zEndRight = 0.0;  ///< edge heights
    double bankStart = 0.0, bankEnd = 0.0;  ///< rad, + = left edge higher (§3.3)
    std::array<SideStrips, 2> sides;        ///< [0] right, [1] left, as TORCS orders them
    double friction = 0.8;                  ///< of the main-track surface
    double distance = 0.0;                  ///< along the centre line from the start line
};

/// An XML segment: the name and line diagnostics point at, and its sub-segments.
struct SegmentInfo {
    std::string name;
    std::uint32_t line = 0;
    std::uint32_t firstSubSegment = 0;
    std::uint32_t subSegmentCount = 0;
};

/// The pits (§2.3): sub-segment ids as TORCS resolves the four names.
struct Pits {
    bool leftSide = false;
    double speedLimit = 25.0;  ///< m/s
    double boxLength = 15.0;
    double boxWidth = 5.0;
    std::uint32_t entry = 0;  ///< first sub-segment of the entry segment
    std::uint32_t start = 0;  ///< first sub-segment of the box zone
    std::uint32_t end = 0;    ///< last sub-segment of the box zone
    std::uint32_t exit = 0;   ///< last sub-segment of the exit segment
    std::uint32_t boxCount = 0;
};

/// The whole track: what an importer needs to lay Trackwright nodes along it.
struct TrackModel {
    std::string name;
    std::string category;
    int version = 4;
    double width = 15.0;                 ///< main-track width, constant (§2.2)
    std::array<bool, 2> sideTangent{};   ///< side and border continue the cross slope ("banking type" tangent)
    std::vector<SegmentInfo> segments;
    std::vector<SubSegment> subSegments;
    double length = 0.0;                 ///< Σ sub-segment lengths (§3.5)
    std::optional<Pits> pits;
    Vec2 end;                            ///< centre-line point where the last sub-segment ends
    double endHeading = 0.0;
    double endZ = 0.0;
};

struct ModelResult {
    std::optional<TrackModel> model;
    Diagnostics diagnostics;
};

/// Builds the ring from a parsed track file. `defaultSurfaces` are the sections of TORCS's
/// `surfaces.xml` (used when the file references `&default-surfaces;`), or null when none was found.
/// Errors name the XML segment and its line; the ring is not built when there is any.
ModelResult buildTrackModel(const ParamSection& file, const ParamSection* defaultSurfaces, const std::string& fileLabel);

/// A point of the centre line inside a sub-segment, `u` in [0, 1] of its length.
struct CentrePoint {
    Vec2 position;
    double heading = 0.0;
    double z = 0.0;        ///< of the centre line, as TORCS's `RtTrackHeightL` interpolates it
    double banking = 0.0;  ///< rad, linear along the sub-segment
};

CentrePoint centrePointAt(const SubSegment& sub, double u, double trackWidth);

/// Side strip width at `u` along the sub-segment.
double sideWidthAt(const SideStrips& strips, double u);

/// Whether TORCS's physics stands a solid wall on the border (`collide.cpp`: `getFirstWallStart`,
/// `buildWalls`): a border of style wall with a side strip beyond it — TORCS's pit wall — is a block
/// `borderHeight` high from the track edge to the border's outer edge. TORCS builds no border of
/// width 0, and the importer takes one of height 0 for none either (none in the corpus).
bool isSolidWall(const SideStrips& strips);

} // namespace formats::torcs
