#include "editor/preview/car_attitude.h"

#include <cmath>

namespace editor::preview {

CarAttitude attitudeOnRoad(const trackwright::RoadSurface& road, float heading, bool onTarmac, float height) {
    const float climb = trackwright::roadGradient(road), lean = onTarmac ? std::tan(road.banking) : 0.0f;
    // The surface's rise per metre in plan: climb along forward, lean along its left (−fy, fx).
    const float riseX = climb * road.forwardX - lean * road.forwardY, riseY = climb * road.forwardY + lean * road.forwardX;
    const float noseX = std::cos(heading), noseY = std::sin(heading);
    return {height, std::atan(riseX * noseX + riseY * noseY), std::atan(-riseX * noseY + riseY * noseX)};
}

CarAttitude eased(const CarAttitude& current, const CarAttitude& target, double dt, double lag) {
    const auto share = static_cast<float>(1.0 - std::exp(-dt / lag));
    return {target.height, current.pitch + (target.pitch - current.pitch) * share, current.roll + (target.roll - current.roll) * share};
}

} // namespace editor::preview
