#pragma once

#include "trackwright/track/baked_track.h"
#include "trackwright/track/road_surface.h"

#include "trackwright/format/vec.h"

#include <cstdint>

namespace trackwright {

/// Where a position is in the track's frame (race-track chapter §39.3.1).
struct Registration {
    bool defined = false;      ///< false off the walls, far from the track, or beyond crossing perpendiculars
    std::uint32_t route = 0;
    std::uint32_t segment = 0; ///< index within the route of the segment's first node
    float ratio = 0.0f;        ///< eq. 39.2, in [0, 1) from the first node's perpendicular to the next one's
    float lateral = 0.0f;      ///< metres from the link between the segment's nodes, left positive
    float distance = 0.0f;     ///< metres along the route from its first node (along its 3D links)
    /// The road there: climb, banking, grip and vertical curvature interpolated between the
    /// segment's nodes by `ratio`, along the segment's link (level and nominal when undefined).
    RoadSurface road;
};

/// Registers positions against a baked track: one registrar per car. A segment holds a position
/// when the position lies between the perpendiculars of its two nodes, i.e. (R − N1)·t1 ≥ 0 and
/// (R − N2)·t2 < 0 (so never beyond their crossing point C), and within the walls; of several
/// such segments (overlapping routes, both legs of a hairpin) the one on the car's route nearest
/// the centre line wins, then the nearest on any route.
/// Coherent: starts from the car's last segment and steps along its route (across loop closures
/// and joins); cold (first call, after reset, or when stepping fails) it asks the grid.
/// No allocation, no exceptions.
class Registrar {
public:
    explicit Registrar(const BakedTrack& track) : m_track(track) {}
    /// The track it registers on (its own copy of the view).
    const BakedTrack& track() const { return m_track; }

    /// Registers `position` (metres, world x/y), updating the remembered segment.
    Registration update(format::Vec2 position);
    /// The same for a car at `height` (metres, the track's z) on a track whose parts pass over one
    /// another: a coherent update follows the car's route as always (a car on a bridge stays on the
    /// bridge); when it goes cold, the surface nearest below the car wins (see registerCold).
    Registration update(format::Vec2 position, float height);
    /// Registers without using or changing the remembered segment: the grid answer.
    Registration registerCold(format::Vec2 position) const;
    /// The grid answer for a car at `height`: of the segments that hold the position, the one whose
    /// road surface (the centre line's height there) is nearest below the car, up to
    /// kHeightTolerance above it (a wheel on a kerb, float rounding); when every surface is higher,
    /// the nearest. A non-finite height is ignored.
    Registration registerCold(format::Vec2 position, float height) const;
    /// Forgets the last segment; the next update is cold.
    void reset() { m_hasLast = false; }
    /// Tells a cold registrar which route the car is on (the route of the line it follows), so
    /// where routes overlap, as at a pit-lane fork, the first registration already picks it.
    void assignRoute(std::uint32_t route) {
        m_lastRoute = route;
        m_hasRoute = true;
    }

    /// How many segments a coherent update may step before it gives up and goes cold.
    static constexpr int kMaxCoherentSteps = 8;
    /// Metres a surface may lie above the car's height and still count as below it.
    static constexpr float kHeightTolerance = 1.0f;

private:
    Registration updateFrom(format::Vec2 position, const float* height);

    BakedTrack m_track;  ///< a copy of the view (cheap): the game keeps only the bytes alive
    bool m_hasLast = false;        ///< m_lastNode is valid
    bool m_hasRoute = false;       ///< m_lastRoute is the car's route
    std::uint32_t m_lastNode = 0;  ///< baked index of the last segment's first node
    std::uint32_t m_lastRoute = 0;
};

/// Tests one segment (by its first baked node): true and `out` filled when it holds `position`.
/// With `withinWallsOnly` false, a position beyond the walls but between the perpendiculars counts
/// too (wall contact uses it to find how far out a car went).
bool registerOnSegment(const BakedTrack& track, std::uint32_t route, std::uint32_t node, format::Vec2 position, Registration& out,
                       bool withinWallsOnly = true);


} // namespace trackwright
