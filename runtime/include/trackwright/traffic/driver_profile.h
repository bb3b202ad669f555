#pragma once

#include <cstdint>

namespace trackwright {

/// How one AI driver races (issue 25), so that a field spreads out as a real one does.
struct DriverProfile {
    float pace = 1.0f;         ///< fraction of the speed hints it drives at, (0, 1]
    /// 0…1: how hard it defends (the size of its defending move) and how readily it tries a pass
    /// (the catch time it commits at). 0 never defends.
    float aggression = 0.5f;
    /// 0…1: how evenly it laps. Its pace drops by up to (1 − consistency) · 2 % on stretches of
    /// ~200 m drawn from `seed`, so no two laps are the same; 1 laps like a metronome.
    float consistency = 0.9f;
    float reactionTime = 0.3f;  ///< s from the start signal to its throttle
    std::uint64_t seed = 0;     ///< its own noise (a race draws one per driver)
    /// [0.5, 1]: how fast it laps. 1 drives the car's ideal lap on its line; its clean lap takes
    /// 1/strength of the strength-1 lap's time, reached by taking corners and braking zones slower
    /// (traffic/driver_strength.h). `pace` scales that uniformly: a race's field still spreads by
    /// pace until race craft predicts cars that differ in the corners only (issue 50).
    float strength = 1.0f;
};

/// True when every field is finite and in range (pace in (0, 1], aggression and consistency in
/// [0, 1], reaction time in [0, 5] s, strength in [0.5, 1]).
bool validDriverProfile(const DriverProfile& profile);

/// The pace factor of `profile` on the stretch around `distance` m of the race (laps included):
/// pace · (1 − (1 − consistency) · 0.02 · u), u ∈ [0, 1) drawn from (seed, stretch) with SplitMix64,
/// eased between neighbouring stretches so the speed never steps. Deterministic, no state.
float paceAt(const DriverProfile& profile, double distance);

/// SplitMix64: the next 64-bit number of the sequence whose state is `state` (advanced). The same
/// numbers on every platform, unlike the standard library's distributions.
std::uint64_t splitMix64(std::uint64_t& state);

} // namespace trackwright
