#include "bake/sim/race.h"

#include "trackwright/track/lap_counter.h"
#include "trackwright/track/prefetch.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace bake {

namespace {

/// How many cars ahead of the one stepped each prefetch stage runs (ReferenceCar::PrefetchStage:
/// record, line), far enough for its loads to land before the next stage reads them.
constexpr std::size_t kPrefetchRecordAhead = 4, kPrefetchLineAhead = 2;

trackwright::RaceWorldOptions worldOptions(int laps, const trackwright::CatchUpPolicy& catchUp) {
    trackwright::RaceWorldOptions o;
    o.laps = laps > 0 ? static_cast<std::uint32_t>(laps) : 0u;
    o.catchUp = catchUp;
    return o;
}

} // namespace

Race::Race(const trackwright::BakedTrack& track, const std::vector<RaceEntry>& entries, int laps, trackwright::RecoveryPlanner* sharedPlanner,
           const trackwright::CatchUpPolicy& catchUp)
    : m_world(track, worldOptions(laps, catchUp)), m_lapLength(trackwright::lapLayout(track).length) {
    const std::size_t n = entries.size();
    m_world.reserve(n);
    m_cars.reserve(n);
    m_setups.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        const RaceEntry& e = entries[i];
        trackwright::RaceCarSetup s;
        s.line = e.setup.line;
        s.vehicleClass = e.setup.vehicleClass;
        s.vehicle = vehicleOf(e.setup);
        s.driver = e.driver;
        s.length = e.length;
        s.follower = e.setup.follower;
        if (m_world.addCar(s) != trackwright::RaceWorldStatus::Ok)
            throw std::invalid_argument("race: car " + std::to_string(i + 1) + " cannot race on this track (its line, class, vehicle or driver is out of range)");
        // Where it stands on the grid, for the road under it until its first step.
        trackwright::Registrar registrar(track);
        registrar.assignRoute(track.view.lines[s.line].route);
        ReferenceCar& car = m_cars.emplace_back(track, s.line, s.vehicleClass, s.vehicle);
        car.place(e.start, registrar.update(e.start.state.position));
        m_setups.push_back(e.setup);
    }
    const bool planned = std::any_of(entries.begin(), entries.end(), [](const RaceEntry& e) { return e.setup.plannedRecovery; });
    if (planned && !sharedPlanner) {
        m_ownPlanner = std::make_unique<trackwright::RecoveryPlanner>(track);
        sharedPlanner = m_ownPlanner.get();
    }
    if (planned) m_world.attachRecoveryPlanner(sharedPlanner);
    m_states.resize(n);
    m_controls.resize(n);
    m_bodies.resize(n);
    m_lapsRecorded.assign(n, 0);
    m_contacts.reserve(n);
}

void Race::step(double dtSeconds) {
    const auto dt = static_cast<float>(dtSeconds);
    const std::size_t n = m_cars.size();
    for (std::size_t i = 0; i < n; ++i) m_states[i] = m_cars[i].body().state;
    // The race loop's ticks are the bake's own (kMaxTick at most, finite states from the model).
    static_cast<void>(m_world.step(m_states, dt, m_controls));
    for (std::size_t i = 0; i < n; ++i) {
        // With thousands of cars their state outgrows the caches: load the next ones' meanwhile.
        if (i + kPrefetchRecordAhead < n) m_cars[i + kPrefetchRecordAhead].prefetch(ReferenceCar::PrefetchStage::Record);
        if (i + kPrefetchLineAhead < n) m_cars[i + kPrefetchLineAhead].prefetch(ReferenceCar::PrefetchStage::Line);
        const auto car = static_cast<std::uint32_t>(i);
        ReferenceCar& c = m_cars[i];
        c.drive(m_controls[i], m_world.registration(car), m_world.slipstreamShare(car), dt);
        if (const trackwright::TeleportRequest t = m_world.takeTeleportRequest(car); t.requested) c.teleport(t.position, t.heading);
        const trackwright::LapStatus& laps = m_world.lapStatus(car);
        if (laps.lapsCompleted > m_lapsRecorded[i]) {
            m_lapsRecorded[i] = laps.lapsCompleted;
            c.recordLap(laps.lastLapTime);
        }
        m_bodies[i] = c.body();
    }
    m_time += dtSeconds;
    m_contacts.resolve(m_world, m_bodies, m_time);
    for (std::size_t i = 0; i < n; ++i) m_cars[i].body() = m_bodies[i];
}

} // namespace bake
