#include "trackwright/drive/follower.h"

#include "trackwright/track/line_sampler.h"

#include <cmath>

namespace trackwright {

bool isFinite(const VehicleState& s) {
    return std::isfinite(s.position.x) && std::isfinite(s.position.y) && std::isfinite(s.heading) && std::isfinite(s.speed) &&
        std::isfinite(s.yawRate);
}

float wrapLength(const BakedTrack& track, std::uint32_t line) {
    if (line >= track.view.lines.size()) return 0.0f;
    const format::BakedRoute& route = track.view.routes[track.view.lines[line].route];
    return (route.flags & format::kRouteClosed) ? route.length : 0.0f;
}

TeleportRequest teleportOntoLine(const LineSampler& line, float distance) {
    const LineSample s = line.sample(distance);
    return {true, s.position, static_cast<float>(std::atan2(s.tangent.y, s.tangent.x))};
}

bool holdsStill(const FollowerInput& in, bool hasLine, Controls& out) {
    out = {};
    if (!isFinite(in.state) || !(in.dt > 0.0f) || !validTick(in.dt) || !hasLine) return true;  // neutral
    if (!in.countdown) return false;
    out.throttle = -1.0f;  // on the brakes until the start
    return true;
}

} // namespace trackwright
