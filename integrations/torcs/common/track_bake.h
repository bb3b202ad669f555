#pragma once

// SPDX-License-Identifier: GPL-2.0-or-later
// A TORCS track baked for the runtime through the product's command line, as a game's pipeline
// would: `twbake import --from torcs`, `twbake raceline`, `twbake build`, cached by content.

#include <cstdint>
#include <string>
#include <vector>

namespace trackwright::torcs {

struct TrackBakeRequest {
    std::string twbake;        ///< the twbake executable
    std::string trackXml;      ///< the TORCS track file (absolute, or relative to the working folder)
    std::string torcsData;     ///< folder holding surfaces.xml ("" lets twbake look beside the track)
    std::string carJson;       ///< the car description (part of the cache key; written beside the bake)
    std::string cacheDir;      ///< where baked tracks are kept, one folder per key
    /// The class the car is added as (`twbake class --car car.json --name`, when this twbake has the
    /// command); empty: none. The racing line is then optimised for it.
    std::string carClass;
    std::string vehicleClass = "car";  ///< the class the racing line is optimised for without a car class
    bool lapTimeLine = true;   ///< `raceline --method laptime` (slower, better) rather than mincurv
};

struct TrackBakeResult {
    bool ok = false;
    bool cached = false;       ///< found in the cache, nothing run
    std::string folder;        ///< the cache folder of this key
    std::string baked;         ///< path of the .twbake
    std::string key;           ///< 16 hex digits
    bool carClassAdded = false; ///< the track has a class made from the car description
    std::string log;           ///< what was run and what it printed
    std::string error;         ///< why not, when !ok
};

/// What identifies a twbake build in the cache key: `twbake --version`'s output and the binary's
/// size and modification time (a rebuilt twbake of the same version bakes afresh).
std::string twbakeIdentity(const std::string& twbake);

/// The cache key: FNV-1a over the track XML's bytes, the car JSON, the twbake identity and the
/// line options.
std::string trackBakeKey(const std::string& xmlBytes, const TrackBakeRequest& request, const std::string& identity);

/// Bakes the track (or finds it baked): import, the car as a class (when twbake has `class`), then
/// the racing line (laptime, falling back to
/// mincurv, then to none: the centre line), then build. The folder holds car.json, track.twtrack,
/// raceline.twtrack, track.twbake and bake.log. Never throws.
TrackBakeResult bakeTorcsTrack(const TrackBakeRequest& request);

/// The file's bytes in 8-byte aligned storage (the runtime reads .twbake in place).
bool loadAligned(const std::string& path, std::vector<std::uint64_t>& storage, std::size_t& size);

} // namespace trackwright::torcs
