#include "trackwright/traffic/driver_strength.h"

#include "trackwright/track/baked_track.h"

#include <algorithm>
#include <cmath>

namespace trackwright {

namespace {

/// A hint rising at this share of the car's acceleration or more is the engine's, not a corner's
/// (a corner's exit where its radius opens slowly rises slower).
constexpr float kEngineRise = 0.7f;
constexpr float kTopSpeedHint = 0.99f;
/// The corner factor below which the straights give up speed too: a driver this slow through the
/// corners and still slower than that is a slow car everywhere.
constexpr float kCornerFloor = 0.75f;
constexpr float kLeastShare = 0.2f;
constexpr int kBisectionSteps = 32;
constexpr float kGravityF = static_cast<float>(kGravity);

float forwardAcceleration(const VehicleParameters& vehicle, float speed) {
    return driveLimit(vehicle, speed) - vehicle.drag * speed * speed - vehicle.rollingResistance;
}

float segmentLength(const LineHints& line, std::uint32_t from, std::uint32_t to) {
    float ds = line.distance(to) - line.distance(from);
    if (to <= from) ds += line.length;  // over the closing link
    return std::max(0.0f, ds);
}

} // namespace

std::vector<std::uint64_t> engineBoundPoints(const LineHints& line, const VehicleParameters& vehicle) {
    std::vector<std::uint64_t> bits((line.count + 63) / 64, 0);
    for (std::uint32_t i = 0; i < line.count; ++i) {
        const float h = line.hints[i];
        bool engine = h >= kTopSpeedHint * vehicle.topSpeed;
        if (!engine && (i > 0 || line.closed)) {
            const std::uint32_t previous = i > 0 ? i - 1 : line.count - 1;
            const float before = line.hints[previous];
            const float ds = segmentLength(line, previous, i);
            const float rise = ds > 0.0f ? (h * h - before * before) / (2.0f * ds) : 0.0f;
            engine = h > before && rise >= kEngineRise * forwardAcceleration(vehicle, before);
        }
        if (engine) bits[i >> 6] |= std::uint64_t{1} << (i & 63u);
    }
    return bits;
}

namespace {

void applyShare(StrengthPlan& plan, float share) {
    plan.cornerFactor = share;
    plan.topSpeedFactor = std::min(1.0f, share / kCornerFloor);
}

} // namespace

LineHints lineHints(const BakedTrack& track, std::uint32_t line, std::uint32_t vehicleClass) {
    LineHints h;
    if (line >= track.view.lines.size()) return h;
    const format::BakedLine& l = track.view.lines[line];
    for (const format::BakedSpeedProfile& p : track.view.speedProfiles) {
        if (p.line != line || p.vehicleClass != vehicleClass) continue;
        const format::BakedRoute& route = track.view.routes[l.route];
        h.hints = track.view.speedHints.data() + p.firstHint;
        h.distances = &track.view.linePoints[l.firstPoint].distance;
        h.climbs = &track.view.linePoints[l.firstPoint].tangentZ;
        h.stride = sizeof(format::BakedLinePoint) / sizeof(float);
        h.count = route.nodeCount;
        h.length = l.length;
        h.closed = (route.flags & format::kRouteClosed) != 0;
        break;
    }
    return h;
}

double plannedLapTime(const LineHints& line, const VehicleParameters& vehicle, float brakingShare, const StrengthPlan& plan) {
    const std::uint32_t n = line.count;
    if (n < 2) return 0.0;
    std::vector<float> v(n);
    std::uint32_t slowest = 0;
    for (std::uint32_t i = 0; i < n; ++i) {
        v[i] = std::max(0.1f, plan.factor(i) * line.hints[i]);
        if (v[i] < v[slowest]) slowest = i;
    }
    const std::uint32_t start = line.closed ? slowest : 0;
    const std::uint32_t steps = line.closed ? n : n - 1;
    // Out of each corner at the car's drive limit…
    for (std::uint32_t k = 1; k <= steps; ++k) {
        const std::uint32_t j = (start + k) % n, previous = (start + k - 1) % n;
        const float u = v[previous];
        const float gravity = kGravityF * line.climb(previous);
        v[j] = std::min(v[j], std::sqrt(u * u + 2.0f * std::max(0.0f, forwardAcceleration(vehicle, u) - gravity) * segmentLength(line, previous, j)));
    }
    // …and into each at the follower's share of its braking.
    const std::uint32_t end = line.closed ? slowest : n - 1;
    for (std::uint32_t k = 1; k <= steps; ++k) {
        const std::uint32_t j = (end + n - k) % n, next = (end + n - k + 1) % n;
        const float u = v[next];
        const float gravity = kGravityF * line.climb(j);
        v[j] = std::min(v[j], std::sqrt(u * u + 2.0f * std::max(0.0f, brakingShare * brakingLimit(vehicle, u) + gravity) * segmentLength(line, j, next)));
    }
    double time = 0.0;
    for (std::uint32_t i = 0; i + 1 < n || (line.closed && i < n); ++i) {
        const std::uint32_t next = (i + 1) % n;
        time += segmentLength(line, i, next) / std::max(0.1, 0.5 * (static_cast<double>(v[i]) + v[next]));
    }
    return time;
}

StrengthPlan planStrength(const LineHints& line, const VehicleParameters& vehicle, float brakingShare, float strength) {
    StrengthPlan plan;
    if (line.count < 2 || !line.hints) return plan;
    plan.engineBound = engineBoundPoints(line, vehicle);
    if (!std::isfinite(strength) || strength >= 1.0f) return plan;
    plan.strength = std::max(kLeastStrength, strength);
    const double ideal = plannedLapTime(line, vehicle, brakingShare, StrengthPlan{});
    const double wanted = ideal * strengthLapRatio(plan.strength);
    // The lap time falls as the share rises: bisect for the share that laps in the wanted time.
    float slow = kLeastShare, fast = 1.0f;
    for (int step = 0; step < kBisectionSteps; ++step) {
        const float mid = 0.5f * (slow + fast);
        applyShare(plan, mid);
        (plannedLapTime(line, vehicle, brakingShare, plan) > wanted ? slow : fast) = mid;
    }
    applyShare(plan, 0.5f * (slow + fast));
    return plan;
}

float strengthForLapTime(double strengthOneSeconds, double targetSeconds) {
    if (!(std::isfinite(strengthOneSeconds) && strengthOneSeconds > 0.0 && std::isfinite(targetSeconds) && targetSeconds > 0.0)) return 0.0f;
    return static_cast<float>(std::clamp(strengthOneSeconds / targetSeconds, static_cast<double>(kLeastStrength), 1.0));
}

} // namespace trackwright
