#include "trackwright/drive/race_world.h"
#include "trackwright/format/baked_limits.h"

#include "trackwright/traffic/race_craft.h"
#include "trackwright/traffic/slipstream.h"

#include "trackwright/track/prefetch.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <new>
#include <stdexcept>

namespace trackwright {

namespace {

/// A car still racing has no place at the flag: any number ≥ the car count (race_timing.h).
constexpr std::uint32_t kRacing = std::numeric_limits<std::uint32_t>::max();

bool finiteOrZero(float metres) { return std::isfinite(metres) && metres >= 0.0f; }

} // namespace

bool validRaceWorldOptions(const RaceWorldOptions& options) {
    const TrafficParameters& t = options.traffic;
    auto positive = [](float value) { return std::isfinite(value) && value > 0.0f; };
    return RaceTiming::validSettings(options.timingStep, options.timingSamples) && positive(t.aheadRange) && positive(t.behindRange) &&
           positive(t.lateralHorizon);
}

RaceWorld::Car::Car(const BakedTrack& track, const RaceCarSetup& s, std::unique_ptr<Follower> f)
    : setup(s), follower(std::move(f)), registrar(track), laps(track) {
    registrar.assignRoute(track.view.lines[setup.line].route);
}

RaceWorld::RaceWorld(const BakedTrack& track, const RaceWorldOptions& options)
    : m_track(track), m_options(options), m_optionsValid(validRaceWorldOptions(options)), m_hasLaps(lapLayout(track).valid) {
    m_timing.reset(0, m_options.timingStep, m_options.timingSamples);
}

void RaceWorld::reserve(std::size_t cars) {
    m_cars.reserve(cars);
    m_inputs.reserve(cars);
    m_view.reserve(cars);
    m_timing.reserve(cars);
    m_progress.reserve(cars);
    m_finishTime.reserve(cars);
    m_finishPlace.reserve(cars);
    m_finishOrder.reserve(cars);
    m_standings.reserve(cars);
    m_place.reserve(cars);
}

RaceWorldStatus RaceWorld::addCar(const RaceCarSetup& setup, std::uint32_t* index) {
    // The API promises no exceptions: an allocation that fails adds nothing and says so.
    try {
        return addCarOrThrow(setup, index);
    } catch (const std::bad_alloc&) {
        return RaceWorldStatus::OutOfMemory;
    } catch (const std::length_error&) {
        return RaceWorldStatus::OutOfMemory;
    }
}

RaceWorldStatus RaceWorld::addCarOrThrow(const RaceCarSetup& setup, std::uint32_t* index) {
    if (m_started) return RaceWorldStatus::AlreadyStarted;
    if (!m_optionsValid || setup.line >= m_track.view.lines.size() || !validVehicleParameters(setup.vehicle) || !validDriverProfile(setup.driver) ||
        !finiteOrZero(setup.length) || !finiteOrZero(setup.width) || m_cars.size() >= kRacing - 1)
        return RaceWorldStatus::InvalidArgument;
    std::unique_ptr<Follower> follower = makeFollower(setup.follower, m_track, setup.line, setup.vehicleClass, setup.vehicle);
    if (!follower) return RaceWorldStatus::InvalidArgument;  // a vehicle class the track does not have
    follower->setDriver(setup.driver);
    if (m_planner) follower->attachRecoveryPlanner(m_planner, setup.vehicle);
    // Room first (what may throw), then the pushes, which cannot: a failed add adds nothing.
    const std::size_t n = m_cars.size();
    if (m_cars.capacity() == n) reserve(n + n / 2 + 1);
    const auto car = static_cast<std::uint32_t>(n);
    m_cars.emplace_back(m_track, setup, std::move(follower));
    m_inputs.emplace_back();
    m_timing.addCar();
    m_progress.push_back(0.0);
    m_finishTime.push_back(-1.0);
    m_finishPlace.push_back(kRacing);
    m_standings.push_back({car, 0.0, 0, false, 0.0, 0.0});
    m_place.push_back(car);
    if (index) *index = car;
    return RaceWorldStatus::Ok;
}

void RaceWorld::attachRecoveryPlanner(RecoveryPlanner* planner) {
    m_planner = planner;
    for (Car& car : m_cars) car.follower->attachRecoveryPlanner(planner, car.setup.vehicle);
}

TeleportRequest RaceWorld::takeTeleportRequest(std::uint32_t car) {
    const TeleportRequest t = m_cars[car].follower->takeTeleportRequest();
    if (t.requested) m_cars[car].registrar.reset();  // the game puts it elsewhere: the next registration is cold
    return t;
}

RaceWorldStatus RaceWorld::step(std::span<const VehicleState> states, float dt, std::span<Controls> controls) {
    const std::size_t n = m_cars.size();
    bool valid = states.size() == n && controls.size() == n && validTick(dt);
    for (std::size_t i = 0; valid && i < n; ++i) valid = isFinite(states[i]);
    if (!valid) {
        if (controls.size() == n)
            for (Controls& c : controls) c = {};  // neutral, for a caller that does not read the status
        return RaceWorldStatus::InvalidArgument;
    }
    // The states are the cars at the end of the last step's dt (at the start, time 0).
    const float elapsed = m_started ? m_lastDt : 0.0f;
    m_time += elapsed;
    const std::size_t firstNewFinisher = m_finishOrder.size();
    for (std::size_t i = 0; i < n; ++i) {
        Car& car = m_cars[i];
        // A pit stop: where the lane overlaps the main route, the car is on the route its stop names.
        if (const PitStop* pit = car.follower->pitStop();
            pit && pit->active() && pit->wantedRoute() != format::kNoRoute && car.lastRoute != pit->wantedRoute()) {
            car.registrar.reset();
            car.registrar.assignRoute(pit->wantedRoute());
        }
        car.here = car.registrar.update(states[i].position);
        if (car.here.defined) car.lastRoute = car.here.route;
        if (m_hasLaps) {
            car.laps.update(car.here, elapsed);
            const LapStatus& status = car.laps.status();
            m_progress[i] = status.raceDistance;
            if (m_options.laps > 0 && m_finishTime[i] < 0.0 && status.lapsCompleted >= m_options.laps) {
                // The crossing itself, interpolated within the tick: the lap began there.
                m_finishTime[i] = status.raceTime - status.currentLapTime;
                // Cars over the line in the same tick take the flag in the order they crossed it.
                std::size_t at = m_finishOrder.size();
                m_finishOrder.push_back(static_cast<std::uint32_t>(i));
                for (; at > firstNewFinisher && m_finishTime[m_finishOrder[at - 1]] > m_finishTime[i]; --at) m_finishOrder[at] = m_finishOrder[at - 1];
                m_finishOrder[at] = static_cast<std::uint32_t>(i);
            }
        } else {
            // No closed route: the distance along the car's own route orders the field.
            if (car.here.defined && car.here.route == m_track.view.lines[car.setup.line].route) car.routeDistance = car.here.distance;
            m_progress[i] = car.routeDistance;
        }
        const VehicleParameters& v = car.setup.vehicle;
        const float length = car.setup.length > 0.0f ? car.setup.length : v.wheelbase + format::kBodyOverhang;
        const float width = car.setup.width > 0.0f ? car.setup.width : v.width;
        m_inputs[i] = trafficCar(m_track, states[i], car.here, length, width, v.maxBraking, v.maxAcceleration);
        m_inputs[i].raceDistance = static_cast<float>(m_progress[i]);
        m_inputs[i].pace = racingPace(car.setup.driver.pace, car.follower->raceCraft());
    }
    for (std::size_t p = firstNewFinisher; p < m_finishOrder.size(); ++p) m_finishPlace[m_finishOrder[p]] = static_cast<std::uint32_t>(p);
    m_view.build(m_track, m_inputs, m_options.traffic);
    for (std::size_t i = 0; i < n; ++i) {
        // Thousands of cars' state outgrows the caches: start loading the next ones' meanwhile
        // (a hint with no effect on the results; the bake's Race does the same, race.cpp).
        if (i + 4 < n) prefetchBytes(m_cars[i + 4].follower.get(), 64);
        if (i + 2 < n) {
            m_cars[i + 2].follower->prefetch();
            m_view.prefetch(i + 2);
        }
        Car& car = m_cars[i];
        car.follower->setTraffic(&m_view.car(i));
        controls[i] = car.follower->update({states[i], car.here, dt});
    }
    m_lastDt = dt;
    m_started = true;
    m_timing.record(m_time, m_progress);
    rank();
    return RaceWorldStatus::Ok;
}

void RaceWorld::rank() {
    // Last tick's order in, so the sort has little to do.
    for (RaceStanding& s : m_standings) {
        const LapStatus& status = m_cars[s.car].laps.status();
        s.progress = m_progress[s.car];
        s.laps = static_cast<int>(m_options.laps > 0 ? std::min(status.lapsCompleted, m_options.laps) : status.lapsCompleted);
        s.finished = m_finishTime[s.car] >= 0.0;
    }
    m_timing.rank(m_standings, m_finishPlace, m_finishTime, m_time);
    for (std::size_t p = 0; p < m_standings.size(); ++p) m_place[m_standings[p].car] = static_cast<std::uint32_t>(p);
}

float RaceWorld::slipstreamShare(std::uint32_t car) const {
    if (car >= m_inputs.size() || !m_inputs[car].registered) return 0.0f;
    return trackwright::slipstreamShare(m_view.car(car), m_inputs[car].speed, m_inputs[car].lateral);
}

} // namespace trackwright
