#pragma once

#include "trackwright/track/baked_track.h"
#include "trackwright/track/road_surface.h"

#include "trackwright/format/vec.h"

#include <cstdint>

namespace trackwright {

/// A point of a line at a distance along it, interpolated between the baked points.
struct LineSample {
    format::Vec2 position;
    float z = 0.0f;
    format::Vec2 tangent;  ///< unit
    float curvature = 0.0f; ///< 1/m, signed (left positive)
    float speedHint = 0.0f; ///< m/s for the sampler's vehicle class; 0 when the line has no profile for it
    float distance = 0.0f;  ///< the distance actually sampled (wrapped or clamped), along the line's 3D segments
    /// The road the line runs on there: the line's own climb (tangentZ, along `tangent`) and
    /// vertical curvature, its nodes' banking and grip, interpolated between the baked points.
    RoadSurface road;
    /// m from the centre line to the line here, left positive (the baked points' offsets): where a
    /// car on the line is, in a registration's terms.
    float lateral = 0.0f;
    /// The baked point the sample lies after (the last whose distance is not beyond it): a walk
    /// over the points from the car onwards starts at point + 1.
    std::uint32_t point = 0;
};

/// Queries one line of a baked track for one vehicle class: position, tangent, curvature, speed
/// hint and the road at a distance along the line. Distances wrap on closed routes and clamp on open ones.
/// No allocation; a lookup is a binary search over the line's points, or, given a cursor, a few
/// steps from where the last lookup with that cursor ended (a follower samples near its last sample
/// every tick): the same sample either way.
class LineSampler {
public:
    /// A `line` the track does not have (findLine's kNoLine, say) gives an empty sampler:
    /// valid() is false and every sample is all zeros.
    LineSampler(const BakedTrack& track, std::uint32_t line, std::uint32_t vehicleClass);

    bool valid() const { return m_pointCount > 0; }
    LineSample sample(double distance) const;
    /// The same sample, searched from `*cursor` (a point index from this sampler's last lookup with
    /// it; any value is safe) and leaving it at this sample's point.
    LineSample sample(double distance, std::uint32_t* cursor) const;
    /// Only the curvature of sample(distance, cursor), for what needs no more of it.
    float curvatureAt(double distance, std::uint32_t* cursor) const;
    /// Only the lateral of sample(distance, cursor): where the line runs across the road there.
    float lateralAt(double distance, std::uint32_t* cursor) const;
    /// A hint, no effect on any sample: start loading `count` points from `cursor` on (a cursor
    /// of this sampler's), their nodes and speed hints, for a sample there soon (track/prefetch.h).
    void prefetch(std::uint32_t cursor, std::uint32_t count) const;
    float length() const { return m_length; }
    bool closed() const { return m_closed; }

private:
    /// The last point whose distance is not beyond `distance` (wrapped or clamped), searched from
    /// `hint` when it is a valid point index.
    std::uint32_t pointAt(float distance, std::uint32_t hint) const;
    LineSample sampleAt(double distance, std::uint32_t* cursor) const;
    /// One field of the points, interpolated at `distance` as sampleAt does.
    float interpolatedAt(double distance, std::uint32_t* cursor, float format::BakedLinePoint::*field) const;

    // Into the baked bytes (which the game keeps alive), not into a BakedTrack object: a sampler
    // outlives the copy of the track it was made from.
    const format::BakedLinePoint* m_points = nullptr;
    const format::BakedNode* m_nodes = nullptr;  ///< the route's nodes: point i lies on node i's perpendicular
    const float* m_hints = nullptr;  ///< this line's speed hints for the class; null without a profile
    std::uint32_t m_pointCount = 0;
    float m_length = 0.0f;
    bool m_closed = false;
};

/// What findLine answers when the track has no line of that name.
inline constexpr std::uint32_t kNoLine = format::kNoRoute;

/// The line named `name` on `route` for `vehicleClass` (a class-specific line first, then one for all
/// classes), or kNoLine when there is none (check: passing it on gives an empty sampler and no follower)
/// and for a `vehicleClass` the track does not have (format::kAllVehicleClasses asks for the line all
/// classes share).
std::uint32_t findLine(const BakedTrack& track, std::uint32_t route, const char* name, std::uint32_t vehicleClass);

} // namespace trackwright
