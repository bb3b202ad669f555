#include "trackwright/traffic/driver_profile.h"

#include "trackwright/traffic/driver_strength.h"

#include <cmath>

namespace trackwright {

namespace {

constexpr double kStretch = 200.0;        ///< m over which one draw of the noise holds
constexpr float kInconsistentLoss = 0.02f; ///< pace lost at most by a driver of consistency 0

float draw(std::uint64_t seed, std::int64_t stretch) {
    std::uint64_t state = seed ^ (static_cast<std::uint64_t>(stretch) * 0x9E3779B97F4A7C15ull);
    return static_cast<float>(splitMix64(state) >> 40) / static_cast<float>(1u << 24);
}

} // namespace

std::uint64_t splitMix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

bool validDriverProfile(const DriverProfile& p) {
    const auto within = [](float v, float low, float high) { return std::isfinite(v) && v >= low && v <= high; };
    return std::isfinite(p.pace) && p.pace > 0.0f && p.pace <= 1.0f && within(p.aggression, 0.0f, 1.0f) && within(p.consistency, 0.0f, 1.0f) &&
           within(p.reactionTime, 0.0f, kMostReactionTime) && within(p.strength, kLeastStrength, 1.0f) && within(p.composure, 0.0f, 1.0f) &&
           within(p.optimism, 0.0f, 1.0f) && within(p.smoothness, 0.0f, 1.0f) && within(p.pitCrew, 0.0f, 1.0f) &&
           within(p.mistakes, 0.0f, kMostMistakes);
}

float pitCrewFactor(const DriverProfile& p) { return 1.25f - 0.5f * p.pitCrew; }

float optimismFactor(const DriverProfile& p) { return 1.0f + 0.8f * (p.optimism - 0.5f); }

float paceAt(const DriverProfile& p, double distance) {
    const float spread = (1.0f - p.consistency) * kInconsistentLoss;
    if (!(spread > 0.0f) || !std::isfinite(distance)) return p.pace;
    const double at = distance / kStretch;
    const double first = std::floor(at);
    const auto stretch = static_cast<std::int64_t>(first);
    // Smoothstep between this stretch's draw and the next's: no step in the target speed.
    const float f = static_cast<float>(at - first);
    const float s = f * f * (3.0f - 2.0f * f);
    const float u = draw(p.seed, stretch) + s * (draw(p.seed, stretch + 1) - draw(p.seed, stretch));
    return p.pace * (1.0f - spread * u);
}

} // namespace trackwright
