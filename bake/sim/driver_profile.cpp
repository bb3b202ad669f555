#include "bake/sim/driver_profile.h"

namespace bake {

namespace {

float uniform(std::uint64_t& state, float low, float high) {
    const double unit = static_cast<double>(trackwright::splitMix64(state) >> 11) * 0x1.0p-53;  // [0, 1)
    return static_cast<float>(low + unit * (high - low));
}

} // namespace

std::vector<DriverProfile> spreadProfiles(int count, std::uint64_t seed, const ProfileSpread& s) {
    std::vector<DriverProfile> drivers(static_cast<std::size_t>(count > 0 ? count : 0));
    std::uint64_t paces = seed;
    for (DriverProfile& d : drivers) d.pace = uniform(paces, s.minPace, s.maxPace);
    std::uint64_t rest = seed ^ 0xD1B54A32D192ED03ull;  // a second stream: the paces stay as they were
    for (DriverProfile& d : drivers) {
        d.aggression = uniform(rest, s.minAggression, s.maxAggression);
        d.consistency = uniform(rest, s.minConsistency, s.maxConsistency);
        d.reactionTime = uniform(rest, s.minReaction, s.maxReaction);
        d.seed = trackwright::splitMix64(rest);
    }
    return drivers;
}

} // namespace bake
