#include "editor/preview/car_on_road.h"

#include "editor/preview/surface_height.h"

#include <optional>

namespace editor::preview {

CarAttitude sitOnRoad(const trackwright::BakedTrack& track, const bake::ReferenceCar& car, const CarAttitude& current, double dt) {
    const trackwright::VehicleState& s = car.body().state;
    // The line's height where the car is picks the deck it drives on where the track passes over itself.
    const std::optional<SurfaceUnder> under = surfaceUnder(track, s.position, car.height());
    const CarAttitude target = attitudeOnRoad(car.road(), s.heading, !under || under->onTarmac, under ? under->height : car.height());
    return dt > 0.0 ? eased(current, target, dt, kAttitudeLag) : target;
}

} // namespace editor::preview
