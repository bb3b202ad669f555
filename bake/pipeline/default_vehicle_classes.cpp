#include "bake/pipeline/default_vehicle_classes.h"

namespace bake {

formats::VehicleClass vehicleClassFor(runtime::VehiclePreset preset) {
    const runtime::VehicleParameters v = runtime::vehiclePreset(preset);
    // Tracked vehicles have no steered wheels; the class still needs a positive angle to be valid.
    return {runtime::vehiclePresetName(preset), v.lateralGrip, v.maxAcceleration, v.maxBraking, v.topSpeed, v.wheelbase,
            v.maxSteeringAngle > 0.0f ? v.maxSteeringAngle : 0.5f, v.width};
}

std::vector<formats::VehicleClass> defaultVehicleClasses() {
    std::vector<formats::VehicleClass> classes;
    for (runtime::VehiclePreset preset : runtime::kAllVehiclePresets) classes.push_back(vehicleClassFor(preset));
    return classes;
}

} // namespace bake
