#include "bake/sim/driver_profile.h"

namespace bake {

std::uint64_t splitMix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

std::vector<DriverProfile> spreadProfiles(int count, std::uint64_t seed, float minPace, float maxPace) {
    std::vector<DriverProfile> drivers(static_cast<std::size_t>(count > 0 ? count : 0));
    std::uint64_t state = seed;
    for (DriverProfile& d : drivers) {
        const double unit = static_cast<double>(splitMix64(state) >> 11) * 0x1.0p-53;  // [0, 1)
        d.pace = static_cast<float>(minPace + unit * (maxPace - minPace));
    }
    return drivers;
}

} // namespace bake
