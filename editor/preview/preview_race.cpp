#include "editor/preview/preview_race.h"

#include "editor/preview/car_on_road.h"
#include "editor/preview/preview_simulation.h"

#include "trackwright/traffic/driver_mistakes.h"
#include "trackwright/traffic/driver_strength.h"

#include <algorithm>

namespace editor::preview {

static_assert(RaceSettings::kMinLevel == trackwright::kLeastStrength && RaceSettings::kMaxMistakes == trackwright::kMostMistakes);

bool loadRoster(const std::filesystem::path& path, RaceSettings& settings, std::string* error) {
    bake::RosterFile file = bake::readRosterFile(path);
    const std::string name = path.filename().string();
    if (!file.valid()) {
        if (!error) return false;
        *error = file.ioError;
        for (const formats::Diagnostic& d : file.problems) {
            if (!error->empty()) *error += '\n';
            *error += name;
            if (d.line) *error += ':' + std::to_string(*d.line) + (d.column ? ':' + std::to_string(*d.column) : std::string());
            *error += ": " + d.message + (d.jsonPath.empty() ? std::string() : " (at " + d.jsonPath + ')');
        }
        return false;
    }
    settings.roster = std::move(file.drivers);
    settings.rosterFile = name;
    return true;
}

bake::RaceOptions raceOptions(const RaceSettings& settings, const bake::CarSetup& base) {
    bake::RaceOptions o;
    o.cars = std::clamp(settings.cars, RaceSettings::kMinCars, RaceSettings::kMaxCars);
    o.laps = std::clamp(settings.laps, RaceSettings::kMinLaps, RaceSettings::kMaxLaps);
    o.grid = settings.grid;
    o.seed = settings.seed;
    for (const bake::RosterDriver& d : settings.roster) {
        o.profiles.push_back(d.profile);
        o.ownStrength.push_back(d.setsStrength);
    }
    o.strength = std::clamp(settings.level, RaceSettings::kMinLevel, RaceSettings::kMaxLevel);
    if (settings.mistakes) o.mistakes = std::clamp(*settings.mistakes, 0.0f, RaceSettings::kMaxMistakes);
    o.catchUp.enabled = settings.catchUp;
    o.base = base;
    o.alone = false;
    return o;
}

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
    const bake::RaceOptions options = raceOptions(settings, base);
    bake::RaceField field = bake::lineUp(baked, options);
    if (field.entries.empty()) return fail("the field does not fit on the grid");

    std::unique_ptr<PreviewRace> r(new PreviewRace);
    r->m_track = std::move(track);
    r->m_settings = settings;
    r->m_settings.cars = options.cars;
    r->m_settings.laps = options.laps;
    r->m_settings.level = *options.strength;
    r->m_settings.mistakes = options.mistakes;
    r->m_planner = std::make_unique<trackwright::RecoveryPlanner>(baked);
    r->m_slots = std::move(field.carSlots);
    r->m_race = std::make_unique<bake::Race>(baked, field.entries, options.laps, r->m_planner.get(), options.catchUp);
    r->m_tally = std::make_unique<bake::RaceTally>(*r->m_race, r->m_slots);
    r->m_attitudes.resize(r->m_race->size());
    r->m_lapTimes.resize(r->m_race->size());
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
    for (std::size_t i = 0; i < m_race->size(); ++i) {
        m_attitudes[i] = sitOnRoad(m_track->track, m_race->car(i), m_attitudes[i], kStep);
        // Up to the lap it took the flag on: the laps it drives on as traffic are not the race's.
        const trackwright::LapStatus& laps = m_race->world().lapStatus(static_cast<std::uint32_t>(i));
        if (laps.lapsCompleted <= static_cast<std::uint32_t>(m_settings.laps)) m_lapTimes[i] = {laps.lastLapTime, laps.bestLapTime};
    }
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
