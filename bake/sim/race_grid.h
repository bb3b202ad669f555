#pragma once

#include "bake/sim/driver_profile.h"
#include "bake/sim/race.h"
#include "trackwright/vehicle/starting_grid.h"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace bake {

/// How drivers line up: by pace (fastest on pole), reversed (slowest on pole: the field must pass),
/// or shuffled from the seed.
enum class GridOrder : std::uint8_t { Ordered, Reversed, Random };
std::optional<GridOrder> gridOrderByName(std::string_view name);

/// The grid slot (0 = pole) of each driver.
std::vector<std::uint32_t> gridSlots(const std::vector<DriverProfile>& drivers, GridOrder order, std::uint64_t seed);

/// A race entry per driver, in driver order: `base` (follower, vehicle, line, class) with the
/// driver's pace on its slot of the track's own grid, as its designer laid it out
/// (trackwright::designerGrid, trackwright::gridSlot), at rest. Empty when a slot does not fit (an
/// open route without room). The grid is the track's, never a default: `race` and the editor's
/// preview raced every track from the default grid whatever its designer set (issue 47).
std::vector<RaceEntry> gridEntries(const trackwright::BakedTrack& track, const std::vector<DriverProfile>& drivers,
                                   const std::vector<std::uint32_t>& slots, const CarSetup& base);

} // namespace bake
