#pragma once

#include "trackwright/track/registrar.h"
#include "trackwright/vehicle/vehicle_model.h"

namespace trackwright {

/// Keeps a simulated body inside the walls (the wall widths of the baked track). When the body is
/// beyond the wall of the segment it was last registered on (or a neighbour), it is put back just
/// inside and the velocity component into the wall is removed: walls stop it along their normal,
/// and scraping along them costs some speed. Returns true on contact.
bool resolveWallContact(const BakedTrack& track, const Registration& lastDefined, VehicleBody& body);

} // namespace trackwright
