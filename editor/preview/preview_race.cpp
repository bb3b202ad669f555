#include "editor/preview/preview_race.h"

#include "bake/sim/driver_profile.h"
#include "editor/preview/car_on_road.h"
#include "editor/preview/preview_simulation.h"

#include <algorithm>

namespace editor::preview {

std::unique_ptr<PreviewRace> PreviewRace::start(std::shared_ptr<const bake::LoadedBake> track, const RaceSettings& settings, std::string* error) {
    auto fail = [&](const char* why) {
        if (error) *error = why;
        return std::unique_ptr<PreviewRace>();
    };
    if (!track || track->track.view.lines.empty()) return fail("no baked track to race on");
    const trackwright::BakedTrack& baked = track->track;
    // The ghost cars' default: the car preset on its class's racing line (or the first line), runner.
    const auto [line, vehicleClass] = resolveCarSetup(baked, PreviewCarSetup{});
    const formats::BakedLine& raced = baked.view.lines[line];
    if (!(baked.view.routes[raced.route].flags & formats::kRouteClosed)) return fail("a race needs a closed main route (laps)");
    bake::CarSetup base;
    base.line = line;
    base.vehicleClass = vehicleClass;
    const int cars = std::clamp(settings.cars, RaceSettings::kMinCars, RaceSettings::kMaxCars);
    const std::vector<bake::DriverProfile> drivers = bake::spreadProfiles(cars, settings.seed);
    std::vector<std::uint32_t> slots = bake::gridSlots(drivers, settings.grid, settings.seed);
    const std::vector<bake::RaceEntry> entries = bake::gridEntries(baked, drivers, slots, base);
    if (entries.empty()) return fail("the field does not fit on the grid");

    std::unique_ptr<PreviewRace> r(new PreviewRace);
    r->m_track = std::move(track);
    r->m_settings = settings;
    r->m_settings.cars = cars;
    r->m_settings.laps = std::clamp(settings.laps, RaceSettings::kMinLaps, RaceSettings::kMaxLaps);
    r->m_planner = std::make_unique<trackwright::RecoveryPlanner>(baked);
    r->m_slots = std::move(slots);
    r->m_race = std::make_unique<bake::Race>(baked, entries, r->m_settings.laps, r->m_planner.get());
    r->m_tally = std::make_unique<bake::RaceTally>(*r->m_race, r->m_slots);
    r->m_attitudes.resize(r->m_race->size());
    for (std::size_t i = 0; i < r->m_race->size(); ++i) r->m_attitudes[i] = sitOnRoad(baked, r->m_race->car(i), {}, 0.0);
    return r;
}

int PreviewRace::advance(double seconds, double speedFactor, int maxTicks) {
    const int ticks = m_clock.ticks(seconds, speedFactor, maxTicks);
    for (int i = 0; i < ticks; ++i) step();
    return ticks;
}

void PreviewRace::step() {
    m_race->step(kStep);
    m_tally->update(*m_race);
    for (std::size_t i = 0; i < m_race->size(); ++i) m_attitudes[i] = sitOnRoad(m_track->track, m_race->car(i), m_attitudes[i], kStep);
}

double PreviewRace::bestLap(std::size_t car) const {
    const std::vector<double>& laps = m_race->car(car).totals().lapTimes;
    const auto raced = laps.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(laps.size(), static_cast<std::size_t>(m_settings.laps)));
    return laps.begin() == raced ? 0.0 : *std::min_element(laps.begin(), raced);
}

double PreviewRace::expectedDuration() const {
    const double ideal = m_race->car(0).idealLapTime();
    const double lap = ideal > 0.0 ? ideal : 60.0;
    return lap * m_settings.laps * 1.1 + 10.0;
}

bool PreviewRace::over() const {
    if (m_race->allFinished()) return true;
    const trackwright::RaceWorld& world = m_race->world();
    const bake::Standing& leader = world.standings().front();
    if (!leader.finished) return false;
    const double wait = std::max(60.0, 2.0 * m_race->car(0).idealLapTime());
    return time() - world.finishTime(leader.car) > wait;
}

} // namespace editor::preview
