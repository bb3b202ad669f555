#include "bake/sim/race_setup.h"

#include "trackwright/track/line_sampler.h"

#include <cstring>

namespace bake {

CarSetup raceCarSetup(const trackwright::BakedTrack& track, trackwright::VehiclePreset preset) {
    CarSetup setup;
    setup.vehicle = preset;
    for (std::uint32_t c = 0; c < track.view.vehicleClasses.size(); ++c)
        if (std::strcmp(trackwright::vehiclePresetName(preset), track.view.name(track.view.vehicleClasses[c].nameOffset)) == 0) setup.vehicleClass = c;
    setup.line = trackwright::findLine(track, 0, "racing", setup.vehicleClass);
    for (std::uint32_t l = 0; l < track.view.lines.size() && setup.line == trackwright::kNoLine; ++l)
        if (track.view.lines[l].route == 0) setup.line = l;
    return setup;
}

} // namespace bake
