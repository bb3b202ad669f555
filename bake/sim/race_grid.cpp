#include "bake/sim/race_grid.h"

#include <algorithm>
#include <numeric>

namespace bake {

std::optional<GridOrder> gridOrderByName(std::string_view name) {
    if (name == "ordered") return GridOrder::Ordered;
    if (name == "reversed") return GridOrder::Reversed;
    if (name == "random") return GridOrder::Random;
    return std::nullopt;
}

std::vector<std::uint32_t> gridSlots(const std::vector<DriverProfile>& drivers, GridOrder order, std::uint64_t seed) {
    std::vector<std::uint32_t> lineup(drivers.size());  // lineup[slot] = driver
    std::iota(lineup.begin(), lineup.end(), 0u);
    if (order == GridOrder::Random) {
        std::uint64_t state = seed ^ 0x6A09E667F3BCC909ull;  // a stream apart from the paces'
        for (std::size_t i = lineup.size(); i > 1; --i) std::swap(lineup[i - 1], lineup[trackwright::splitMix64(state) % i]);  // Fisher–Yates
    } else {
        // Fastest first: a lap takes about 1/(pace · strength) of the car's best.
        const auto speed = [&](std::uint32_t d) { return drivers[d].pace * drivers[d].strength; };
        std::stable_sort(lineup.begin(), lineup.end(), [&](std::uint32_t a, std::uint32_t b) { return speed(a) > speed(b); });
        if (order == GridOrder::Reversed) std::reverse(lineup.begin(), lineup.end());
    }
    std::vector<std::uint32_t> slots(drivers.size());
    for (std::uint32_t slot = 0; slot < lineup.size(); ++slot) slots[lineup[slot]] = slot;
    return slots;
}

std::vector<RaceEntry> gridEntries(const trackwright::BakedTrack& track, const std::vector<DriverProfile>& drivers,
                                   const std::vector<std::uint32_t>& slots, const CarSetup& base) {
    const trackwright::GridOptions grid = trackwright::designerGrid(track);
    std::vector<RaceEntry> entries;
    const trackwright::VehicleParameters vehicle = trackwright::vehiclePreset(base.vehicle);
    for (std::size_t i = 0; i < drivers.size(); ++i) {
        trackwright::VehicleState state;
        if (!trackwright::gridSlot(track, slots[i], grid, state)) return {};
        RaceEntry e;
        e.setup = base;
        e.driver = drivers[i];
        e.start = trackwright::startingBody(vehicle, state);
        entries.push_back(e);
    }
    return entries;
}

} // namespace bake
