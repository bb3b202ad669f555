#include "trackwright/track/line_tracking.h"

namespace runtime {

float lineDistanceAt(const BakedTrack& track, std::uint32_t line, const Registration& r) {
    if (line >= track.view.lines.size()) return 0.0f;
    const formats::BakedLine& l = track.view.lines[line];
    const formats::BakedRoute& route = track.view.routes[l.route];
    if (!r.defined || r.route != l.route || r.segment >= route.nodeCount) return 0.0f;
    const formats::BakedLinePoint& a = track.view.linePoints[l.firstPoint + r.segment];
    const bool last = r.segment + 1 == route.nodeCount;
    const float next = last ? l.length : track.view.linePoints[l.firstPoint + r.segment + 1].distance;
    return a.distance + r.ratio * (next - a.distance);
}

} // namespace runtime
