#pragma once

#include "tests/support/baked_sample.h"
#include "trackwright/drive/race_world.h"
#include "trackwright/track/line_sampler.h"

#include <cstdint>
#include <memory>

namespace tw::test {

/// The Monza sample, baked once for the whole test program.
inline const BakedSample& bakedMonza() {
    static const std::unique_ptr<BakedSample> baked = bakeSampleFile("monza.twtrack");
    return *baked;
}

/// The kart sample (a short, twisty circuit), baked once for the whole test program.
inline const BakedSample& bakedKart() {
    static const std::unique_ptr<BakedSample> baked = bakeSampleFile("kart.twtrack");
    return *baked;
}

/// An AI car of the track's "car" class (or its first) on the racing line of route 0, at `pace`
/// with its own noise `seed`; the other driver settings are the profile's defaults.
inline trackwright::RaceCarSetup racingLineCar(const trackwright::BakedTrack& track, float pace, std::uint64_t seed) {
    trackwright::RaceCarSetup s;
    std::uint32_t index = 0;
    s.vehicleClass = trackwright::findVehicleClass(track, "car", index) ? index : 0;
    s.line = trackwright::findLine(track, 0, "racing", s.vehicleClass);
    s.driver.pace = pace;
    s.driver.seed = seed;
    return s;
}

} // namespace tw::test
