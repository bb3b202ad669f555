#include "bake/pipeline/speed_profile.h"

#include "trackwright/vehicle/vehicle_limits.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace bake {

namespace {

double at(const std::vector<double>& values, std::size_t i, double otherwise) { return i < values.size() ? values[i] : otherwise; }

/// The slowest speed the passes hold a car to on a climb too steep to accelerate on, m/s: walking
/// pace, so a lap time stays finite.
constexpr double kCrawl = 1.0;

/// The speed a distance `d` on from `v` at constant `acceleration` (v² + 2 a d); where gravity
/// leaves a negative acceleration that would stop the car, it crawls on at kCrawl.
double reachable(double v, double acceleration, double d) {
    const double squared = v * v + 2.0 * acceleration * d;
    if (acceleration >= 0.0) return std::sqrt(squared);
    return std::sqrt(std::max(squared, kCrawl * kCrawl));
}

} // namespace

double cornerSpeedLimit(double curvature, double banking, double verticalCurvature, double sinGradient, double grip, double maxLateralAcceleration) {
    const double kappa = std::abs(curvature);
    const double cosGradient = std::sqrt(std::max(0.0, 1.0 - sinGradient * sinGradient));
    const double normal = kGravity * cosGradient;  // n at rest, m/s²
    double limit = std::numeric_limits<double>::infinity();
    if (verticalCurvature > 0.0) limit = std::sqrt((1.0 - kMinCrestLoad) * normal / verticalCurvature);
    if (kappa <= 0.0) return limit;
    if (banking == 0.0 && verticalCurvature == 0.0 && sinGradient == 0.0 && grip == 1.0)
        return std::min(limit, std::sqrt(maxLateralAcceleration / kappa));  // eq. 39.4 exactly: flat tracks bake as before
    // Banking towards the turn's centre: the outer edge higher. Left turns (κ > 0) lean on a road
    // whose right edge is up, i.e. negative banking in the .twtrack sense.
    const double theta = curvature > 0.0 ? -banking : banking;
    const double mu = maxLateralAcceleration * grip / kGravity;
    const double tanTheta = std::tan(theta);
    const double denominator = 1.0 - mu * tanTheta;
    if (denominator <= 0.0) return limit;  // banked steeply enough to hold the car at any speed
    const double factor = (tanTheta + mu) / denominator;
    // v² κ = (g cos φ − v² κ_v) · F  ⇒  v² = g cos φ · F / (κ + κ_v F)
    const double bottom = kappa + verticalCurvature * factor;
    if (factor <= 0.0) return 0.0;  // banked away from the turn more than the grip can hold
    if (bottom <= 0.0) return limit;
    return std::min(limit, std::sqrt(normal * factor / bottom));
}

double cornerSpeedLimit(double curvature, double banking, double verticalCurvature, double sinGradient, double grip,
                        const trackwright::VehicleParameters& car) {
    const double kappa = std::abs(curvature);
    const double cosGradient = std::sqrt(std::max(0.0, 1.0 - sinGradient * sinGradient));
    const double rest = kGravity * cosGradient;
    double limit = std::numeric_limits<double>::infinity();
    if (verticalCurvature > 0.0) limit = std::sqrt((1.0 - kMinCrestLoad) * rest / verticalCurvature);
    if (kappa <= 0.0) return limit;
    const double theta = curvature > 0.0 ? -banking : banking;
    // What the turn may ask at v less what it asks: positive while the car holds the curve.
    const auto spare = [&](double v) {
        const double load = rest - v * v * verticalCurvature;  // without aero
        return trackwright::bankedLateralLimit(car, v, theta, grip, load) - v * v * kappa;
    };
    // Well beyond any car's top speed: where the curve is held even there, nothing limits it.
    double high = 200.0;
    if (spare(high) >= 0.0) return limit;
    double low = 0.0;
    if (spare(low) < 0.0) return 0.0;
    for (int i = 0; i < 60 && high - low > 1e-6; ++i) {
        const double mid = 0.5 * (low + high);
        (spare(mid) >= 0.0 ? low : high) = mid;
    }
    return std::min(limit, low);
}

namespace {

/// The passes for a car with an envelope: its braking and drive at each speed (the speed at the
/// segment's known end), braking within the friction ellipse of the lateral acceleration the curve
/// asks there, drag and rolling resistance on both.
void envelopePasses(const SpeedProfileInput& input, const trackwright::VehicleParameters& car, std::vector<double>& speed, std::size_t segments, int laps) {
    const std::size_t n = speed.size();
    const auto curvatureAt = [&](std::size_t i) { return std::abs(input.curvature[i]); };
    for (int lap = 0; lap < laps; ++lap) {
        for (std::size_t k = segments; k-- > 0;) {
            const std::size_t next = (k + 1) % n;
            const double v = speed[next];
            const double grip = at(input.grip, k, 1.0);
            const double kappa = 0.5 * (curvatureAt(k) + curvatureAt(next));
            const double tyres = trackwright::brakingLimit(car, float(v)) - car.drag * v * v;
            const double lateral = trackwright::lateralLimit(car, float(v)) * grip;
            const double braking = trackwright::frictionEllipse(float(tyres * grip), float(v * v * kappa), float(lateral)) + car.drag * v * v +
                car.rollingResistance + kGravity * at(input.sinGradient, k, 0.0);
            const double reached = reachable(v, braking, input.segmentLength[k]);
            if (reached < speed[k]) speed[k] = reached;
            else if (lap > 0) break;
        }
    }
    for (int lap = 0; lap < laps; ++lap) {
        for (std::size_t k = 0; k < segments; ++k) {
            const std::size_t next = (k + 1) % n;
            const double v = speed[k];
            const double acceleration = trackwright::driveLimit(car, float(v)) * tractionFactor(at(input.grip, k, 1.0)) - car.drag * v * v -
                car.rollingResistance - kGravity * at(input.sinGradient, k, 0.0);
            const double reached = reachable(v, acceleration, input.segmentLength[k]);
            if (reached < speed[next]) speed[next] = reached;
            else if (lap > 0) break;
        }
    }
}

} // namespace

SpeedProfile computeSpeedProfile(const SpeedProfileInput& input, const SpeedLimits& limits) {
    const std::size_t n = input.curvature.size();
    SpeedProfile profile;
    profile.speed.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        double v = limits.car ? cornerSpeedLimit(input.curvature[i], at(input.banking, i, 0.0), at(input.verticalCurvature, i, 0.0),
                                                 at(input.sinGradient, i, 0.0), at(input.grip, i, 1.0), *limits.car)
                              : cornerSpeedLimit(input.curvature[i], at(input.banking, i, 0.0), at(input.verticalCurvature, i, 0.0),
                                                 at(input.sinGradient, i, 0.0), at(input.grip, i, 1.0), limits.maxLateralAcceleration);
        v = std::min(v, limits.topSpeed);
        if (i < input.overrides.size() && input.overrides[i]) v = *input.overrides[i];
        profile.speed[i] = v;
    }
    if (n < 2) return profile;

    const std::size_t segments = input.closed ? n : n - 1;
    auto segment = [&](std::size_t i) { return input.segmentLength[i]; };
    // Each pass only lowers speeds, so the passes converge; a closed line needs at most a second lap
    // of each for a limit to propagate all the way round, and that lap ends where a speed stays as
    // it was: everything beyond depends on it alone, so stays too.
    const int laps = input.closed ? 2 : 1;
    if (limits.car) envelopePasses(input, *limits.car, profile.speed, segments, laps);
    for (int lap = 0; lap < laps && !limits.car; ++lap) {
        for (std::size_t k = segments; k-- > 0;) {
            const std::size_t next = (k + 1) % n;
            const double braking = limits.maxBraking * at(input.grip, k, 1.0) + kGravity * at(input.sinGradient, k, 0.0);
            const double v = reachable(profile.speed[next], braking, segment(k));
            if (v < profile.speed[k]) profile.speed[k] = v;
            else if (lap > 0) break;
        }
    }
    for (int lap = 0; lap < laps && !limits.car; ++lap) {
        for (std::size_t k = 0; k < segments; ++k) {
            const std::size_t next = (k + 1) % n;
            const double acceleration = limits.maxAcceleration * tractionFactor(at(input.grip, k, 1.0)) - kGravity * at(input.sinGradient, k, 0.0);
            const double v = reachable(profile.speed[k], acceleration, segment(k));
            if (v < profile.speed[next]) profile.speed[next] = v;
            else if (lap > 0) break;
        }
    }
    for (std::size_t k = 0; k < segments; ++k) {
        const double mean = profile.speed[k] + profile.speed[(k + 1) % n];
        profile.lapTime += mean > 0.0 ? 2.0 * segment(k) / mean : 0.0;
    }
    return profile;
}

} // namespace bake
