#include "editor/preview/preview_simulation.h"

#include "bake/pipeline/default_vehicle_classes.h"
#include "bake/pipeline/bake_track.h"
#include "bake/sim/verification_laps.h"
#include "editor/preview/car_on_road.h"

#include "trackwright/track/line_sampler.h"

#include <algorithm>
#include <cmath>

namespace editor::preview {

std::shared_ptr<const bake::LoadedBake> PreviewSimulation::bakeForPreview(const formats::TrackDocument& document, std::string* error) {
    formats::TrackDocument withPresets = document;
    for (trackwright::VehiclePreset preset : trackwright::kAllVehiclePresets) {
        const std::string name = trackwright::vehiclePresetName(preset);
        if (std::none_of(withPresets.vehicleClasses.begin(), withPresets.vehicleClasses.end(), [&](const auto& c) { return c.name == name; }))
            withPresets.vehicleClasses.push_back(bake::vehicleClassFor(preset));
    }
    const bake::BakeResult result = bake::bakeTrack(withPresets);
    if (!result.data) {
        if (error) *error = result.diagnostics.empty() ? "the track did not bake" : result.diagnostics.front().message;
        return nullptr;
    }
    auto loaded = std::make_shared<bake::LoadedBake>();
    if (bake::loadBakedData(*result.data, *loaded) != trackwright::LoadStatus::Ok) {
        if (error) *error = "the baked track did not load";
        return nullptr;
    }
    return loaded;
}

std::pair<std::uint32_t, std::uint32_t> resolveCarSetup(const trackwright::BakedTrack& track, const PreviewCarSetup& setup) {
    const std::string className = setup.vehicleClass.empty() ? trackwright::vehiclePresetName(setup.vehicle) : setup.vehicleClass;
    std::uint32_t vehicleClass = 0;
    for (std::uint32_t c = 0; c < track.view.vehicleClasses.size(); ++c)
        if (className == track.view.name(track.view.vehicleClasses[c].nameOffset)) vehicleClass = c;
    std::uint32_t line = trackwright::findLine(track, 0, setup.line.c_str(), vehicleClass);
    if (line == formats::kNoRoute) line = 0;
    return {line, vehicleClass};
}

void PreviewSimulation::nameWhatResolved(PreviewCarSetup& setup) const {
    const auto [line, vehicleClass] = resolveCarSetup(m_track->track, setup);
    const formats::BakedTrackView& v = m_track->track.view;
    setup.line = v.name(v.lines[line].nameOffset);
    setup.vehicleClass = v.name(v.vehicleClasses[vehicleClass].nameOffset);
}

std::unique_ptr<bake::SimulatedCar> PreviewSimulation::makeCar(const PreviewCarSetup& setup, std::size_t gridSlot) const {
    const auto [line, vehicleClass] = resolveCarSetup(m_track->track, setup);
    bake::CarSetup car;
    car.follower = setup.follower;
    car.vehicle = setup.vehicle;
    car.line = line;
    car.vehicleClass = vehicleClass;
    const double length = m_track->track.view.lines[line].length;
    // Behind the start line, one slot per car; a closed route's laps then start flying.
    car.startDistance = std::fmod(length - kGridSpacing * static_cast<double>(gridSlot + 1) + 100.0 * length, length);
    return std::make_unique<bake::SimulatedCar>(m_track->track, car, m_planner.get());
}

void PreviewSimulation::sitOnRoad(PreviewCar& c, double dt) const { c.attitude = editor::preview::sitOnRoad(m_track->track, c.car->physics(), c.attitude, dt); }

void PreviewSimulation::setTrack(std::shared_ptr<const bake::LoadedBake> track) {
    if (!track || track->track.view.lines.empty()) return;
    auto planner = std::make_unique<trackwright::RecoveryPlanner>(track->track);
    std::swap(m_track, track);
    std::swap(m_planner, planner);
    for (PreviewCar& c : m_cars) {
        nameWhatResolved(c.setup);
        const auto [line, vehicleClass] = resolveCarSetup(m_track->track, c.setup);
        c.car->rebind(m_track->track, line, vehicleClass, m_planner.get());
    }
    // `track` and `planner` now hold the old data, released here after every car has moved off it.
}

std::size_t PreviewSimulation::addCar(const PreviewCarSetup& setup) {
    PreviewCar c;
    c.setup = setup;
    nameWhatResolved(c.setup);
    c.car = makeCar(c.setup, m_cars.size());
    sitOnRoad(c, 0.0);
    m_cars.push_back(std::move(c));
    return m_cars.size() - 1;
}

void PreviewSimulation::removeCar(std::size_t index) {
    if (index >= m_cars.size()) return;
    m_cars.erase(m_cars.begin() + static_cast<std::ptrdiff_t>(index));
    if (m_driven && *m_driven == index) m_driven.reset(), m_driverInput = nullptr;
    else if (m_driven && *m_driven > index) --*m_driven;
}

void PreviewSimulation::setCarSetup(std::size_t index, const PreviewCarSetup& setup) {
    if (index >= m_cars.size()) return;
    m_cars[index].setup = setup;
    nameWhatResolved(m_cars[index].setup);
    m_cars[index].car = makeCar(m_cars[index].setup, index);
    sitOnRoad(m_cars[index], 0.0);
    m_cars[index].trail.clear();
}

void PreviewSimulation::clear() {
    m_driven.reset();
    m_driverInput = nullptr;
    m_drivenPath.clear();
    m_cars.clear();  // first: the cars drive on the track and plan with the planner
    m_planner.reset();
    m_track.reset();
    m_time = 0.0;
    m_clock.banked = 0.0;
}

void PreviewSimulation::reset() {
    for (std::size_t i = 0; i < m_cars.size(); ++i) {
        m_cars[i].car = makeCar(m_cars[i].setup, i);
        sitOnRoad(m_cars[i], 0.0);
        m_cars[i].trail.clear();
        m_cars[i].ticksSinceTrailPoint = 0;
    }
    m_time = 0.0;
    m_clock.banked = 0.0;
}

void PreviewSimulation::step() {
    if (m_driven && *m_driven < m_cars.size()) m_cars[*m_driven].car->setManualControls(m_driverInput ? m_driverInput(kStep) : trackwright::Controls{});
    for (PreviewCar& c : m_cars) {
        c.car->step(kStep);
        sitOnRoad(c, kStep);
        if (++c.ticksSinceTrailPoint == kTrailTicks) {
            c.ticksSinceTrailPoint = 0;
            const trackwright::VehicleState& s = c.car->body().state;
            c.trail.push_back({static_cast<float>(s.position.x), static_cast<float>(s.position.y), c.attitude.height, std::abs(s.speed)});
            if (c.trail.size() > kTrailPoints) c.trail.pop_front();
        }
    }
    if (m_driven && *m_driven < m_cars.size()) {
        const trackwright::format::Vec2 at = m_cars[*m_driven].car->body().state.position;
        const formats::Vec3 origin = m_track->track.origin();
        m_drivenPath.push_back({at.x + origin.x, at.y + origin.y});
    }
    m_time += kStep;
}

void PreviewSimulation::drive(std::optional<std::size_t> index, std::function<trackwright::Controls(double)> input) {
    if (m_driven && *m_driven < m_cars.size()) m_cars[*m_driven].car->setManualControls(std::nullopt);
    m_driven = index && *index < m_cars.size() ? index : std::nullopt;
    m_driverInput = m_driven ? std::move(input) : nullptr;
    m_drivenPath.clear();
}

int PreviewSimulation::advance(double seconds, double speedFactor, int maxTicks) {
    if (!m_track) return 0;
    const int ticks = m_clock.ticks(seconds, speedFactor, maxTicks);
    for (int i = 0; i < ticks; ++i) step();
    return ticks;
}

std::vector<std::string> PreviewSimulation::lineNames() const {
    std::vector<std::string> names;
    if (!m_track) return names;
    const formats::BakedTrackView& v = m_track->track.view;
    for (const formats::BakedLine& l : v.lines) {
        const std::string name = v.name(l.nameOffset);
        if (l.route == 0 && std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    }
    return names;
}

std::vector<std::string> PreviewSimulation::classNames() const {
    std::vector<std::string> names;
    if (!m_track) return names;
    for (const formats::BakedVehicleClass& c : m_track->track.view.vehicleClasses) names.emplace_back(m_track->track.view.name(c.nameOffset));
    return names;
}

} // namespace editor::preview
