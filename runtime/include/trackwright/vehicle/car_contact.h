#pragma once

#include "trackwright/vehicle/vehicle_model.h"

namespace trackwright {

/// Car-to-car contact on a simple body model, beside wall contact (wall_contact.h): an optional
/// helper a game may use or replace (its own physics engine usually has one). The bake's races
/// resolve their cars' contacts with it, through CarContacts (drive/car_contacts.h).

/// A car's footprint: an oriented box in the ground plane. Metres, radians.
struct CarBox {
    format::Vec2 centre;
    double heading = 0.0;
    double length = 4.6;
    double width = 1.9;
};

/// How two boxes overlap: along `normal` (unit, from the first box towards the second) by `depth` m.
struct BoxOverlap {
    bool overlapping = false;
    format::Vec2 normal;
    double depth = 0.0;
};

/// The separating-axis test on the four edge normals of two oriented boxes: the minimum
/// penetration axis and depth when they overlap. Vehicle-to-vehicle contact in world coordinates,
/// not in the track frame (race-track chapter §39.3.3: the track frame is approximate, "for
/// vehicle-to-vehicle avoidance, always use physical world coordinates"; §39.2.2: overlapping
/// routes must not make cars immune to collision).
BoxOverlap overlapBoxes(const CarBox& a, const CarBox& b);

/// Resolves an overlap: both bodies are pushed apart along the normal by half the depth each (equal
/// masses), and the part of their relative velocity that closes along the normal is removed, each
/// taking half of it — a perfectly inelastic exchange, so the cars move on together along that axis
/// and no car passes through another. Speeds along the headings follow the new velocities.
void resolveCarContact(VehicleBody& a, VehicleBody& b, const BoxOverlap& overlap);

} // namespace trackwright
