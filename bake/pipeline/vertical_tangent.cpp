#include "bake/pipeline/vertical_tangent.h"

#include <cmath>

namespace bake {

double linkLength3d(double run, double rise) { return rise == 0.0 ? run : std::hypot(run, rise); }

double verticalTangent(const std::optional<formats::Vec3>& backward, const std::optional<formats::Vec3>& forward) {
    const formats::Vec3 none{};
    const formats::Vec3 b = backward.value_or(none), f = forward.value_or(none);
    formats::Vec3 t{b.x + f.x, b.y + f.y, b.z + f.z};
    if (t.x == 0.0 && t.y == 0.0) t = (f.x != 0.0 || f.y != 0.0) ? f : b;  // a reversal: the forward link
    const double length = std::sqrt(t.x * t.x + t.y * t.y + t.z * t.z);
    return length > 0.0 ? t.z / length : 0.0;
}

} // namespace bake
