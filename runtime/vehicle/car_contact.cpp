#include "trackwright/vehicle/car_contact.h"

#include <cmath>
#include <limits>

namespace trackwright {

namespace fmt = format;

namespace {

/// Half the extent of box `b` projected on unit `axis`.
double halfExtent(const CarBox& b, fmt::Vec2 forward, fmt::Vec2 axis) {
    const fmt::Vec2 left = fmt::leftPerpendicular(forward);
    return 0.5 * b.length * std::abs(fmt::dot(forward, axis)) + 0.5 * b.width * std::abs(fmt::dot(left, axis));
}

} // namespace

BoxOverlap overlapBoxes(const CarBox& a, const CarBox& b) {
    const fmt::Vec2 fa{std::cos(a.heading), std::sin(a.heading)};
    const fmt::Vec2 fb{std::cos(b.heading), std::sin(b.heading)};
    const fmt::Vec2 axes[4] = {fa, fmt::leftPerpendicular(fa), fb, fmt::leftPerpendicular(fb)};
    const fmt::Vec2 between = b.centre - a.centre;
    BoxOverlap best;
    best.depth = std::numeric_limits<double>::infinity();
    for (const fmt::Vec2& axis : axes) {
        const double distance = fmt::dot(between, axis);
        const double depth = halfExtent(a, fa, axis) + halfExtent(b, fb, axis) - std::abs(distance);
        if (depth <= 0.0) return {};
        if (depth < best.depth) {
            best.depth = depth;
            best.normal = distance >= 0.0 ? axis : axis * -1.0;
        }
    }
    best.overlapping = true;
    return best;
}

void resolveCarContact(VehicleBody& a, VehicleBody& b, const BoxOverlap& o) {
    if (!o.overlapping) return;
    const double push = 0.5 * o.depth + 1e-4;
    a.state.position = a.state.position - o.normal * push;
    b.state.position = b.state.position + o.normal * push;
    const double closing = fmt::dot(b.velocity - a.velocity, o.normal);  // negative: approaching
    if (closing < 0.0) {
        a.velocity = a.velocity + o.normal * (0.5 * closing);
        b.velocity = b.velocity - o.normal * (0.5 * closing);
    }
    for (VehicleBody* body : {&a, &b})
        body->state.speed = static_cast<float>(body->velocity.x * std::cos(body->state.heading) + body->velocity.y * std::sin(body->state.heading));
}

} // namespace trackwright
