#pragma once

#include "trackwright/traffic/driver_profile.h"

#include <cstdint>
#include <vector>

namespace bake {

using trackwright::DriverProfile;

/// How far a field's drivers spread (issue 25: "so a field spreads out as a real one does").
struct ProfileSpread {
    float minPace = 0.90f, maxPace = 1.00f;
    float minAggression = 0.2f, maxAggression = 0.9f;
    float minConsistency = 0.8f, maxConsistency = 1.0f;
    float minReaction = 0.2f, maxReaction = 0.5f;  ///< s
};

/// `count` drivers with each field drawn uniformly over its range from `seed` with SplitMix64 (the
/// same numbers on every platform, unlike the standard library's distributions). Paces are drawn
/// first from the seed itself, so a seed gives the same paces whatever the other ranges.
std::vector<DriverProfile> spreadProfiles(int count, std::uint64_t seed, const ProfileSpread& spread = {});

} // namespace bake
