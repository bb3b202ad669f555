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
/// The planned lap's relative error in time (and the bracket's width in share) planStrength stops at,
/// and the most laps it drives to get there.
constexpr double kPlanTolerance = 1e-6;
constexpr int kMostPlanLaps = 60;
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

namespace {

/// The line laid out once for the many laps planStrength drives on it: each point's link to the
/// next (m) and gravity along the line there (m/s², positive uphill). The same sums as the line's
/// own accessors, without their stride and modulo in the inner loops.
struct PlannedRoad {
    std::vector<float> link;     ///< m from point i to point i + 1 (the closing link last when closed)
    std::vector<float> gravity;  ///< m/s² at point i
};

PlannedRoad plannedRoad(const LineHints& line) {
    const std::uint32_t n = line.count;
    PlannedRoad road{std::vector<float>(n, 0.0f), std::vector<float>(n)};
    for (std::uint32_t i = 0; i < n; ++i) {
        const std::uint32_t next = i + 1 < n ? i + 1 : 0;
        if (i + 1 < n || line.closed) road.link[i] = segmentLength(line, i, next);
        road.gravity[i] = kGravityF * line.climb(i);
    }
    return road;
}

/// plannedLapTime on a road laid out; `v` is the caller's scratch of `line.count` speeds.
double lapTime(const LineHints& line, const PlannedRoad& road, const VehicleParameters& vehicle, float brakingShare, const StrengthPlan& plan,
               std::vector<float>& v) {
    const std::uint32_t n = line.count;
    v.resize(n);
    std::uint32_t slowest = 0;
    for (std::uint32_t i = 0; i < n; ++i) {
        v[i] = std::max(0.1f, plan.factor(i) * line.hints[i]);
        if (v[i] < v[slowest]) slowest = i;
    }
    const std::uint32_t start = line.closed ? slowest : 0;
    const std::uint32_t steps = line.closed ? n : n - 1;
    // Out of each corner at the car's drive limit…
    for (std::uint32_t k = 1, previous = start; k <= steps; ++k) {
        const std::uint32_t j = previous + 1 < n ? previous + 1 : 0;
        const float u = v[previous];
        v[j] = std::min(v[j], std::sqrt(u * u + 2.0f * std::max(0.0f, forwardAcceleration(vehicle, u) - road.gravity[previous]) * road.link[previous]));
        previous = j;
    }
    // …and into each at the follower's share of its braking.
    const std::uint32_t end = line.closed ? slowest : n - 1;
    for (std::uint32_t k = 1, next = end; k <= steps; ++k) {
        const std::uint32_t j = next > 0 ? next - 1 : n - 1;
        const float u = v[next];
        v[j] = std::min(v[j], std::sqrt(u * u + 2.0f * std::max(0.0f, brakingShare * brakingLimit(vehicle, u) + road.gravity[j]) * road.link[j]));
        next = j;
    }
    double time = 0.0;
    for (std::uint32_t i = 0; i + 1 < n || (line.closed && i < n); ++i) {
        const std::uint32_t next = i + 1 < n ? i + 1 : 0;
        time += road.link[i] / std::max(0.1, 0.5 * (static_cast<double>(v[i]) + v[next]));
    }
    return time;
}

} // namespace

double plannedLapTime(const LineHints& line, const VehicleParameters& vehicle, float brakingShare, const StrengthPlan& plan) {
    if (line.count < 2) return 0.0;
    std::vector<float> scratch;
    return lapTime(line, plannedRoad(line), vehicle, brakingShare, plan, scratch);
}

StrengthPlan planStrength(const LineHints& line, const VehicleParameters& vehicle, float brakingShare, float strength) {
    StrengthPlan plan;
    if (line.count < 2 || !line.hints) return plan;
    plan.engineBound = engineBoundPoints(line, vehicle);
    if (!std::isfinite(strength) || strength >= 1.0f) return plan;
    plan.strength = std::max(kLeastStrength, strength);
    const PlannedRoad road = plannedRoad(line);
    std::vector<float> scratch;
    const auto lap = [&](float share) {  // s a lap at `share` takes
        applyShare(plan, share);
        return lapTime(line, road, vehicle, brakingShare, plan, scratch);
    };
    const double ideal = lap(1.0f);
    const double wanted = ideal * strengthLapRatio(plan.strength);
    // The lap time falls as the share rises: the share that laps in the wanted time, bracketed
    // between the least share (too slow a lap) and 1 (too fast) and found by regula falsi with the
    // Illinois step — 9–11 laps where bisection drove 33, and a game adding 10 000 drivers of
    // strength on a long track waited minutes for them.
    float slow = kLeastShare, fast = 1.0f, share = kLeastShare;
    double slowError = lap(slow) - wanted, fastError = ideal - wanted;
    int kept = 0;  // the end the last step kept: +1 slow, -1 fast
    for (int step = 0; step < kMostPlanLaps && slowError > 0.0; ++step) {
        share = static_cast<float>((slow * fastError - fast * slowError) / (fastError - slowError));
        if (!(share > slow && share < fast)) share = 0.5f * (slow + fast);
        const double error = lap(share) - wanted;
        if (std::abs(error) <= kPlanTolerance * wanted) break;
        if (error > 0.0) {
            slow = share, slowError = error;
            if (kept == -1) fastError *= 0.5;  // Illinois: the end kept twice counts for half
            kept = -1;
        } else {
            fast = share, fastError = error;
            if (kept == 1) slowError *= 0.5;
            kept = 1;
        }
        if (fast - slow <= kPlanTolerance) break;
    }
    applyShare(plan, share);
    return plan;
}

float strengthForLapTime(double strengthOneSeconds, double targetSeconds) {
    if (!(std::isfinite(strengthOneSeconds) && strengthOneSeconds > 0.0 && std::isfinite(targetSeconds) && targetSeconds > 0.0)) return 0.0f;
    return static_cast<float>(std::clamp(strengthOneSeconds / targetSeconds, static_cast<double>(kLeastStrength), 1.0));
}

} // namespace trackwright
