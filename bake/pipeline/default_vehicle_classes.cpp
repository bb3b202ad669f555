#include "bake/pipeline/default_vehicle_classes.h"

namespace bake {

formats::VehicleClass vehicleClassFor(trackwright::VehiclePreset preset) {
    const trackwright::VehicleParameters v = trackwright::vehiclePreset(preset);
    // Tracked vehicles have no steered wheels; the class still needs a positive angle to be valid.
    return {trackwright::vehiclePresetName(preset), v.lateralGrip, v.maxAcceleration, v.maxBraking, v.topSpeed, v.wheelbase,
            v.maxSteeringAngle > 0.0f ? v.maxSteeringAngle : 0.5f, v.width};
}

void addVehicleClassFor(formats::TrackDocument& doc, trackwright::VehiclePreset preset) {
    for (const formats::VehicleClass& c : doc.vehicleClasses)
        if (c.name == trackwright::vehiclePresetName(preset)) return;
    doc.vehicleClasses.push_back(vehicleClassFor(preset));
}

std::vector<formats::VehicleClass> defaultVehicleClasses() {
    std::vector<formats::VehicleClass> classes;
    for (trackwright::VehiclePreset preset : trackwright::kAllVehiclePresets) classes.push_back(vehicleClassFor(preset));
    return classes;
}

} // namespace bake
