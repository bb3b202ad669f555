#include "trackwright/plan/plan_speed_profile.h"

#include <algorithm>
#include <cmath>

namespace trackwright {
namespace {

/// Slack for rounding when speeds are compared as v² (relative, and absolute near standstill): a
/// speed exactly at a cap (a radius chosen for it) must not fail by the last bit.
constexpr double kRelativeSlack = 1e-9;
constexpr double kSquaredSlack = 1e-9;
double slackOf(double u) { return kSquaredSlack + kRelativeSlack * u; }

bool finiteNonNegative(double v) { return std::isfinite(v) && v >= 0.0; }

} // namespace

void SpeedProfile::push(double s, double u) {
    u = std::max(0.0, u);
    if (m_count == 0) {
        m_knots[m_count++] = {s, u, 0.0};
        return;
    }
    const Knot& last = m_knots[m_count - 1];
    const double ds = s - last.s;
    if (ds <= 0.0 && std::abs(u - last.u) <= slackOf(u)) return;  // the same knot again
    // Uniform acceleration between knots (v² linear in s): t = 2ℓ / (v₁ + v₂), exact.
    const double speeds = std::sqrt(last.u) + std::sqrt(u);
    const double t = ds > 0.0 ? last.t + 2.0 * ds / speeds : last.t;
    m_knots[m_count++] = {std::max(s, last.s), u, t};
}

bool SpeedProfile::build(std::span<const SpeedPiece> pieces, double startSpeed, double endSpeed, double a, double d) {
    m_count = 0;
    const auto n = static_cast<int>(pieces.size());
    if (n == 0 || n > kMaxPieces || !finiteNonNegative(startSpeed) || !finiteNonNegative(endSpeed) || !(a > 0.0) || !(d > 0.0) ||
        !std::isfinite(a) || !std::isfinite(d))
        return false;
    for (const SpeedPiece& p : pieces)
        if (!finiteNonNegative(p.length) || !finiteNonNegative(p.cap) || !finiteNonNegative(p.standstill)) return false;

    // The highest v² at each boundary: the lower of the two pieces' caps, 0 before a turn on the spot.
    double boundary[kMaxPieces + 1];
    for (int j = 0; j <= n; ++j) {
        const double before = j > 0 ? pieces[j - 1].cap : pieces[0].cap;
        const double after = j < n ? pieces[j].cap : pieces[n - 1].cap;
        boundary[j] = std::min(before, after) * std::min(before, after);
        if (j < n && (pieces[j].standstill > 0.0 || pieces[j].stopBefore)) boundary[j] = 0.0;
    }
    const double u0 = startSpeed * startSpeed, uEnd = endSpeed * endSpeed;
    if (u0 > boundary[0] + slackOf(u0) || uEnd > boundary[n] + slackOf(uEnd)) return false;

    // The fastest forward from the start speed and backward from the end speed, at the boundaries.
    double forward[kMaxPieces + 1], backward[kMaxPieces + 1];
    forward[0] = std::min(u0, boundary[0]);
    for (int j = 0; j < n; ++j) {
        const double cap = pieces[j].cap * pieces[j].cap;
        forward[j + 1] = std::min({cap, forward[j] + 2.0 * a * pieces[j].length, boundary[j + 1]});
    }
    backward[n] = std::min(uEnd, boundary[n]);
    for (int j = n - 1; j >= 0; --j) {
        const double cap = pieces[j].cap * pieces[j].cap;
        backward[j] = std::min({cap, backward[j + 1] + 2.0 * d * pieces[j].length, boundary[j]});
    }
    if (forward[n] < uEnd - slackOf(uEnd) || backward[0] < u0 - slackOf(u0)) return false;

    // Within a piece v² is min(cap, the forward ramp, the backward ramp): speeding up, cruising,
    // braking, each possibly absent, in that order.
    double s = 0.0;
    push(0.0, std::min(forward[0], backward[0]));
    for (int j = 0; j < n; ++j) {
        const SpeedPiece& p = pieces[j];
        if (p.standstill > 0.0) {
            // Arriving at rest, then a second knot at the same place after the turn.
            push(s, 0.0);
            m_knots[m_count] = m_knots[m_count - 1];
            m_knots[m_count++].t += p.standstill;
        }
        const double length = p.length, cap = p.cap * p.cap;
        const double up = forward[j], down = backward[j + 1];
        auto value = [&](double x) { return std::min({cap, up + 2.0 * a * x, down + 2.0 * d * (length - x)}); };
        const double reachCap = std::clamp((cap - up) / (2.0 * a), 0.0, length);
        const double leaveCap = std::clamp(length - (cap - down) / (2.0 * d), 0.0, length);
        if (reachCap < leaveCap) {
            push(s + reachCap, value(reachCap));
            push(s + leaveCap, value(leaveCap));
        } else {
            const double meet = std::clamp((down + 2.0 * d * length - up) / (2.0 * (a + d)), 0.0, length);
            push(s + meet, value(meet));
        }
        s += length;
        push(s, value(length));
    }
    // A stretch with no speed at either end cannot be driven (a cap of 0 on a piece with length).
    for (int k = 1; k < m_count; ++k) {
        if (!std::isfinite(m_knots[k].t)) {
            m_count = 0;
            return false;
        }
    }
    return true;
}

void SpeedProfile::at(double distance, double& speed, double& time, bool afterStandstill) const {
    speed = 0.0;
    time = 0.0;
    if (m_count == 0) return;
    const double x = std::clamp(distance, 0.0, m_knots[m_count - 1].s);
    // The last knot at or before x; of two at one place (a turn on the spot), the later one only
    // when the turn is over.
    int k = 0;
    while (k + 1 < m_count && (m_knots[k + 1].s < x || (m_knots[k + 1].s <= x && (afterStandstill || m_knots[k + 1].s > m_knots[k].s)))) ++k;
    const Knot& a = m_knots[k];
    if (k + 1 >= m_count || x <= a.s) {
        speed = std::sqrt(a.u);
        time = a.t;
        return;
    }
    const Knot& b = m_knots[k + 1];
    const double u = a.u + (b.u - a.u) * (x - a.s) / (b.s - a.s);
    speed = std::sqrt(std::max(0.0, u));
    const double speeds = std::sqrt(a.u) + speed;
    time = a.t + (speeds > 0.0 ? 2.0 * (x - a.s) / speeds : 0.0);
}

} // namespace trackwright
