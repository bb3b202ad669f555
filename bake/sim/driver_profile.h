#pragma once

#include <cstdint>
#include <vector>

namespace bake {

/// A driver, minimal for the first traffic increment (issue 25 adds aggression, consistency and
/// reaction time later): how fast it drives.
struct DriverProfile {
    float pace = 1.0f;  ///< fraction of the speed hints, (0, 1]
};

/// `count` drivers with paces spread uniformly over [minPace, maxPace], drawn from `seed` with
/// SplitMix64 (the same numbers on every platform, unlike the standard library's distributions).
std::vector<DriverProfile> spreadProfiles(int count, std::uint64_t seed, float minPace = 0.90f, float maxPace = 1.00f);

/// SplitMix64: the next 64-bit number of the sequence whose state is `state` (advanced).
std::uint64_t splitMix64(std::uint64_t& state);

} // namespace bake
