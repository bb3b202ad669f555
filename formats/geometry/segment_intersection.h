#pragma once

#include "formats/baked/format_names.h"

#include <algorithm>
#include <cmath>
#include <optional>

/// 2D segment intersection in the ground plane, shared by validation (crossing perpendiculars,
/// self-intersecting edges), the segment grid and the importers.
namespace formats {

namespace segment_detail {

inline int sign(double v) { return (v > 0.0) - (v < 0.0); }

/// p lies in the bounding box of [a, b]; with p collinear to a and b this means on the segment.
inline bool inBox(Vec2 a, Vec2 b, Vec2 p) {
    return std::min(a.x, b.x) <= p.x && p.x <= std::max(a.x, b.x) && std::min(a.y, b.y) <= p.y && p.y <= std::max(a.y, b.y);
}

} // namespace segment_detail

/// True when segments [a, b] and [c, d] intersect or touch, collinear overlaps included. Decided by
/// the signs of orientation determinants, so a shared end point always counts. Segments with a
/// non-finite coordinate (or so large that a determinant overflows) never intersect anything.
inline bool segmentsIntersect(Vec2 a, Vec2 b, Vec2 c, Vec2 d) {
    using namespace segment_detail;
    const double abc = cross(b - a, c - a);
    const double abd = cross(b - a, d - a);
    const double cda = cross(d - c, a - c);
    const double cdb = cross(d - c, b - c);
    if (!std::isfinite(abc) || !std::isfinite(abd) || !std::isfinite(cda) || !std::isfinite(cdb)) return false;
    const int o1 = sign(abc), o2 = sign(abd), o3 = sign(cda), o4 = sign(cdb);
    if (o1 != o2 && o3 != o4) return true;
    return (o1 == 0 && inBox(a, b, c)) || (o2 == 0 && inBox(a, b, d)) || (o3 == 0 && inBox(c, d, a)) ||
        (o4 == 0 && inBox(c, d, b));
}

/// Where two segments cross: `point = a + s (b - a) = c + t (d - c)`.
struct SegmentCrossing {
    double s = 0.0;  ///< along [a, b], 0..1
    double t = 0.0;  ///< along [c, d], 0..1
    Vec2 point;
};

/// The single crossing point of [a, b] and [c, d], or nothing when they are apart, parallel or
/// collinear (a collinear overlap has no single point; `segmentsIntersect` still reports it).
inline std::optional<SegmentCrossing> segmentCrossing(Vec2 a, Vec2 b, Vec2 c, Vec2 d) {
    const Vec2 ab = b - a;
    const Vec2 cd = d - c;
    const double denominator = cross(ab, cd);
    if (denominator == 0.0 || !std::isfinite(denominator)) return std::nullopt;
    const Vec2 ac = c - a;
    const double s = cross(ac, cd) / denominator;
    const double t = cross(ac, ab) / denominator;
    if (!(s >= 0.0 && s <= 1.0 && t >= 0.0 && t <= 1.0)) return std::nullopt;
    return SegmentCrossing{s, t, a + ab * s};
}

} // namespace formats
