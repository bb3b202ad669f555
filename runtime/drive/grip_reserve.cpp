#include "trackwright/drive/grip_reserve.h"

#include <algorithm>
#include <cmath>

namespace trackwright {

void GripReserve::resize(std::uint32_t points) {
    m_share.assign(points, 1.0f);
    m_pace.assign(points, 1.0f);
}

float GripReserve::pace(std::uint32_t point) const {
    return point < m_pace.size() ? m_pace[point] : 1.0f;
}

void GripReserve::learn(std::uint32_t point, std::uint32_t behind, bool closed, float outward, float use, float dt) {
    const std::uint32_t n = static_cast<std::uint32_t>(m_share.size());
    if (point >= n || !(use > kHardCornering) || !(dt > 0.0f) || !std::isfinite(outward)) return;
    const auto set = [&](std::uint32_t k, float share) {
        m_share[k] = std::clamp(share, kLeast, 1.0f);
        m_pace[k] = std::sqrt(m_share[k]);
    };
    if (outward <= kTrackingTolerance) {
        set(point, m_share[point] + kRise * dt);
        return;
    }
    // Wide of the line here: the speed that put it there was set over the approach as well.
    const float fall = kFall * (outward - kTrackingTolerance) * dt;
    const std::uint32_t reach = std::min(behind, closed ? n - 1 : point);
    for (std::uint32_t back = 0; back <= reach; ++back) {
        const std::uint32_t k = point >= back ? point - back : point + n - back;
        set(k, m_share[k] - fall);
    }
}

} // namespace trackwright
