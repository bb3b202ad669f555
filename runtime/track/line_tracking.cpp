#include "trackwright/track/line_tracking.h"

namespace trackwright {

float lineDistanceAt(const BakedTrack& track, std::uint32_t line, const Registration& r) {
    if (line >= track.view.lines.size()) return 0.0f;
    const format::BakedLine& l = track.view.lines[line];
    const format::BakedRoute& route = track.view.routes[l.route];
    if (!r.defined || r.route != l.route || r.segment >= route.nodeCount) return 0.0f;
    const format::BakedLinePoint& a = track.view.linePoints[l.firstPoint + r.segment];
    const bool last = r.segment + 1 == route.nodeCount;
    const float next = last ? l.length : track.view.linePoints[l.firstPoint + r.segment + 1].distance;
    return a.distance + r.ratio * (next - a.distance);
}

} // namespace trackwright
