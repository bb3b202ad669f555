#include "bake/pipeline/default_vehicle_classes.h"

namespace bake {

std::vector<formats::VehicleClass> defaultVehicleClasses() {
    // name, lateral, acceleration, braking (m/s²), top speed (m/s), wheelbase (m), steering (rad), width (m)
    return {
        {"gt", 12.0, 6.0, 12.0, 80.0, 2.6, 0.55, 1.95},
        {"road-car", 8.0, 3.5, 8.0, 55.0, 2.7, 0.6, 1.8},
        {"truck", 4.0, 1.5, 5.0, 30.0, 4.5, 0.6, 2.5},
    };
}

} // namespace bake
