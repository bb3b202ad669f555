#include "bake/sim/race_setup.h"

#include "trackwright/track/line_sampler.h"

#include <cstring>

namespace bake {

namespace {

/// The baked class `name` (else the first) and its racing line on the main route, else the main
/// route's first line.
void classAndLine(const trackwright::BakedTrack& track, const char* name, CarSetup& setup) {
    for (std::uint32_t c = 0; c < track.view.vehicleClasses.size(); ++c)
        if (std::strcmp(name, track.view.name(track.view.vehicleClasses[c].nameOffset)) == 0) setup.vehicleClass = c;
    setup.line = trackwright::findLine(track, 0, "racing", setup.vehicleClass);
    for (std::uint32_t l = 0; l < track.view.lines.size() && setup.line == trackwright::kNoLine; ++l)
        if (track.view.lines[l].route == 0) setup.line = l;
}

} // namespace

CarSetup raceCarSetup(const trackwright::BakedTrack& track, trackwright::VehiclePreset preset) {
    CarSetup setup;
    setup.vehicle = preset;
    classAndLine(track, trackwright::vehiclePresetName(preset), setup);
    return setup;
}

CarSetup raceCarSetup(const trackwright::BakedTrack& track, const std::string& className, const trackwright::VehicleParameters& vehicle) {
    CarSetup setup;
    setup.parameters = vehicle;
    classAndLine(track, className.c_str(), setup);
    return setup;
}

} // namespace bake
