#include "trackwright/drive/race_world.h"
#include "trackwright/format/baked_limits.h"

#include "trackwright/traffic/race_craft.h"
#include "trackwright/traffic/slipstream.h"

#include "trackwright/track/line_sampler.h"
#include "trackwright/track/line_tracking.h"
#include "trackwright/track/prefetch.h"
#include "trackwright/track/track_point.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <new>
#include <stdexcept>

namespace trackwright {

namespace {

/// A car still racing has no place at the flag: any number ≥ the car count (race_timing.h); a
/// retired car ranks behind it.
constexpr std::uint32_t kRetired = std::numeric_limits<std::uint32_t>::max();
constexpr std::uint32_t kRacing = kRetired - 1;

bool finiteOrZero(float metres) { return std::isfinite(metres) && metres >= 0.0f; }

/// What an external car has for a follower: the game drives it, so nothing does here.
class ExternalDriver final : public Follower {
public:
    Controls update(const FollowerInput&) override { return {}; }
    void reset() override {}
    int stuckEvents() const override { return 0; }
};

/// s over which a predicted car's distance from its line eases onto the offset it steers to (the
/// runner closes a metre in about a second at racing speeds).
constexpr float kPredictedOffsetEasing = 1.0f;
/// s a predicted step covers at most.
constexpr float kPredictionStep = 1.0f / 30.0f;
/// m between the hints a prediction's braking check reads ahead.
constexpr float kPredictionHintSpacing = 5.0f;
/// Share of its braking a predicted car brakes at (the runner's RunnerParameters::brakingFraction).
constexpr float kPredictedBraking = 0.85f;
/// m/s: below this hint a speed says little of a pace (a hairpin, a standing start).
constexpr float kLeastPacedHint = 10.0f;
/// The range an observed pace is held to (a car braking hard or in a tow reads outside it).
constexpr float kLeastObservedPace = 0.5f, kMostObservedPace = 1.1f;
/// m kept along the route between a reset car and another car.
constexpr float kResetGap = 2.0f;

} // namespace

bool validRaceWorldOptions(const RaceWorldOptions& options) {
    const TrafficParameters& t = options.traffic;
    auto positive = [](float value) { return std::isfinite(value) && value > 0.0f; };
    return RaceTiming::validSettings(options.timingStep, options.timingSamples) && positive(t.aheadRange) && positive(t.behindRange) &&
           positive(t.lateralHorizon) && validCatchUpPolicy(options.catchUp);
}

RaceWorld::Car::Car(const BakedTrack& track, const RaceCarSetup& s, std::unique_ptr<Follower> f)
    : setup(s), follower(std::move(f)), registrar(track), laps(track) {
    registrar.assignRoute(track.view.lines[setup.line].route);
}

RaceWorld::RaceWorld(const BakedTrack& track, const RaceWorldOptions& options)
    : m_track(track), m_options(options), m_optionsValid(validRaceWorldOptions(options)), m_hasLaps(lapLayout(track).valid) {
    m_timing.reset(0, m_options.timingStep, m_options.timingSamples);
}

RaceWorldStatus RaceWorld::reserve(std::size_t cars) {
    try {
        reserveOrThrow(cars);
    } catch (const std::bad_alloc&) {
        return RaceWorldStatus::OutOfMemory;
    } catch (const std::length_error&) {
        return RaceWorldStatus::OutOfMemory;
    }
    return RaceWorldStatus::Ok;
}

void RaceWorld::reserveOrThrow(std::size_t cars) {
    m_cars.reserve(cars);
    m_inputs.reserve(cars);
    m_states.reserve(cars);
    m_controls.reserve(cars);
    m_retired.reserve(cars);
    m_view.reserve(cars);
    m_timing.reserve(cars);
    m_progress.reserve(cars);
    m_finishTime.reserve(cars);
    m_finishPlace.reserve(cars);
    m_catchUp.reserve(cars);
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
    if (!m_optionsValid || setup.line >= m_track.view.lines.size() || !validVehicleParameters(setup.vehicle) || !validDriverProfile(setup.driver) ||
        !finiteOrZero(setup.length) || !finiteOrZero(setup.width) || !(setup.catchUpLimit >= 0.0f && setup.catchUpLimit <= 1.0f) ||
        m_cars.size() >= kRacing - 1)
        return RaceWorldStatus::InvalidArgument;
    std::unique_ptr<Follower> follower;
    if (setup.external) {
        follower = std::make_unique<ExternalDriver>();
    } else {
        follower = makeFollower(setup.follower, m_track, setup.line, setup.vehicleClass, setup.vehicle);
        if (!follower) return RaceWorldStatus::InvalidArgument;  // a vehicle class the track does not have
        follower->setDriver(setup.driver);
        if (m_planner) follower->attachRecoveryPlanner(m_planner, setup.vehicle);
    }
    // Room first (what may throw), then the pushes, which cannot: a failed add adds nothing.
    const std::size_t n = m_cars.size();
    if (m_cars.capacity() == n) reserveOrThrow(n + n / 2 + 1);
    const auto car = static_cast<std::uint32_t>(n);
    m_cars.emplace_back(m_track, setup, std::move(follower));
    m_inputs.emplace_back();
    m_states.emplace_back();
    m_controls.emplace_back();
    m_retired.push_back(0);
    m_timing.addCar();
    m_progress.push_back(0.0);
    m_finishTime.push_back(-1.0);
    m_catchUp.push_back(1.0f);
    m_finishPlace.push_back(kRacing);
    m_standings.push_back({car, 0.0, 0, false, 0.0, 0.0, false});
    m_place.push_back(car);
    if (index) *index = car;
    return RaceWorldStatus::Ok;
}

void RaceWorld::attachRecoveryPlanner(RecoveryPlanner* planner) {
    m_planner = planner;
    for (Car& car : m_cars)
        if (!car.setup.external) car.follower->attachRecoveryPlanner(planner, car.setup.vehicle);
}

TeleportRequest RaceWorld::takeTeleportRequest(std::uint32_t car) {
    const TeleportRequest t = m_cars[car].follower->takeTeleportRequest();
    if (t.requested) m_cars[car].registrar.reset();  // the game puts it elsewhere: the next registration is cold
    return t;
}

RaceWorldStatus RaceWorld::step(std::span<const VehicleState> states, float dt, std::span<Controls> controls) {
    return step(states, {}, dt, controls);
}

RaceWorldStatus RaceWorld::step(std::span<const VehicleState> states, std::span<const float> heights, float dt, std::span<Controls> controls) {
    const std::size_t n = m_cars.size();
    bool valid = states.size() == n && controls.size() == n && (heights.empty() || heights.size() == n) && validTick(dt);
    for (std::size_t i = 0; valid && i < n; ++i) valid = m_retired[i] || isFinite(states[i]);
    if (!valid) {
        if (controls.size() == n)
            for (Controls& c : controls) c = {};  // neutral, for a caller that does not read the status
        return RaceWorldStatus::InvalidArgument;
    }
    if (m_paused) {
        std::copy(m_controls.begin(), m_controls.end(), controls.begin());
        return RaceWorldStatus::Ok;
    }
    // The states are the cars at the end of the last step's dt (at the start, time 0).
    const float elapsed = m_started ? m_lastDt : 0.0f;
    m_time += elapsed;
    const std::size_t firstNewFinisher = m_finishOrder.size();
    for (std::size_t i = 0; i < n; ++i) {
        Car& car = m_cars[i];
        if (m_retired[i]) {
            car.here = {};
            m_inputs[i].registered = false;  // seen by no one; its progress stays where it retired
            continue;
        }
        m_states[i] = states[i];
        // A pit stop: where the lane overlaps the main route, the car is on the route its stop names.
        if (const PitStop* pit = car.follower->pitStop();
            pit && pit->active() && pit->wantedRoute() != format::kNoRoute && car.lastRoute != pit->wantedRoute()) {
            car.registrar.reset();
            car.registrar.assignRoute(pit->wantedRoute());
        }
        const float height = heights.empty() ? std::numeric_limits<float>::quiet_NaN() : heights[i];
        car.here = std::isfinite(height) ? car.registrar.update(states[i].position, height) : car.registrar.update(states[i].position);
        const std::uint32_t lineRoute = m_track.view.lines[car.setup.line].route;
        if (car.here.defined) {
            car.lastRoute = car.here.route;
            if (car.here.route == lineRoute) car.lastOnLine = car.here;
        }
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
            if (car.here.defined && car.here.route == lineRoute) car.routeDistance = car.here.distance;
            m_progress[i] = car.routeDistance;
        }
        const VehicleParameters& v = car.setup.vehicle;
        const float length = car.setup.length > 0.0f ? car.setup.length : v.wheelbase + format::kBodyOverhang;
        const float width = car.setup.width > 0.0f ? car.setup.width : v.width;
        m_inputs[i] = trafficCar(m_track, states[i], car.here, length, width, v.maxBraking, v.maxAcceleration);
        m_inputs[i].raceDistance = static_cast<float>(m_progress[i]);
        if (car.setup.external) observePace(car, states[i], elapsed);
        m_inputs[i].pace = car.setup.external ? car.observedPace : racingPace(car.follower->driverPace(), car.follower->raceCraft());
        m_inputs[i].straightPace = car.setup.external ? car.observedPace : racingPace(car.follower->driverStraightPace(), car.follower->raceCraft());
        m_inputs[i].height = height;
    }
    for (std::size_t p = firstNewFinisher; p < m_finishOrder.size(); ++p) m_finishPlace[m_finishOrder[p]] = static_cast<std::uint32_t>(p);
    m_view.build(m_track, m_inputs, m_options.traffic);
    if (m_options.catchUp.enabled) updateCatchUp();
    for (std::size_t i = 0; i < n; ++i) {
        // Thousands of cars' state outgrows the caches: start loading the next ones' meanwhile
        // (a hint with no effect on the results; the bake's Race does the same, race.cpp).
        if (i + 4 < n) prefetchBytes(m_cars[i + 4].follower.get(), 64);
        if (i + 2 < n) {
            m_cars[i + 2].follower->prefetch();
            m_view.prefetch(i + 2);
        }
        Car& car = m_cars[i];
        if (m_retired[i] || car.setup.external) {
            controls[i] = {};
        } else {
            car.follower->setTraffic(&m_view.car(i));
            car.follower->setCatchUp(m_catchUp[i]);
            controls[i] = car.follower->update({states[i], car.here, dt});
        }
        m_controls[i] = controls[i];
    }
    m_lastDt = dt;
    m_started = true;
    m_steppedCars = n;
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
        s.retired = m_retired[s.car] != 0;
    }
    m_timing.rank(m_standings, m_finishPlace, m_finishTime, m_time);
    for (std::size_t p = 0; p < m_standings.size(); ++p) m_place[m_standings[p].car] = static_cast<std::uint32_t>(p);
}

RaceWorldStatus RaceWorld::setCatchUp(const CatchUpPolicy& policy) {
    if (!validCatchUpPolicy(policy)) return RaceWorldStatus::InvalidArgument;
    m_options.catchUp = policy;
    if (!policy.enabled)  // off: every car back to its own pace at once (what the next step's traffic view reads)
        for (std::size_t i = 0; i < m_cars.size(); ++i) {
            m_catchUp[i] = 1.0f;
            m_cars[i].follower->setCatchUp(1.0f);
        }
    return RaceWorldStatus::Ok;
}

RaceWorldStatus RaceWorld::setCatchUpLimit(std::uint32_t car, float limit) {
    if (car >= m_cars.size() || !(limit >= 0.0f && limit <= 1.0f)) return RaceWorldStatus::InvalidArgument;
    m_cars[car].setup.catchUpLimit = limit;
    return RaceWorldStatus::Ok;
}

void RaceWorld::updateCatchUp() {
    const CatchUpPolicy& p = m_options.catchUp;
    // The reference's gap to the leader: the policy's car, or the middle one of those still racing
    // (the tower lists retired cars last).
    double reference = NAN;
    if (p.reference >= 0) {
        const auto car = static_cast<std::size_t>(p.reference);
        if (car < m_cars.size() && !m_retired[car]) reference = standing(static_cast<std::uint32_t>(car)).gapToLeader;
    } else {
        std::size_t racing = m_standings.size();
        while (racing > 0 && m_standings[racing - 1].retired) --racing;
        if (racing > 0) reference = m_standings[(racing - 1) / 2].gapToLeader;
    }
    for (std::size_t i = 0; i < m_cars.size(); ++i) {
        const Car& car = m_cars[i];
        const auto index = static_cast<std::uint32_t>(i);
        const float factor = m_retired[i] || car.setup.external || finished(index) || std::isnan(reference)
            ? 1.0f
            : catchUpFactor(p, standing(index).gapToLeader - reference, car.setup.catchUpLimit);
        m_catchUp[i] = factor;  // handed to the follower as it updates, while its state is in the cache
    }
}

float RaceWorld::slipstreamShare(std::uint32_t car) const {
    if (car >= m_inputs.size() || !m_inputs[car].registered) return 0.0f;
    return trackwright::slipstreamShare(m_view.car(car), m_inputs[car].speed, m_inputs[car].lateral);
}

void RaceWorld::observePace(Car& car, const VehicleState& state, float elapsed) {
    if (!car.here.defined || car.here.route != m_track.view.lines[car.setup.line].route || elapsed <= 0.0f) return;
    const LineSampler line(m_track, car.setup.line, car.setup.vehicleClass);
    const float hint = line.sample(lineDistanceAt(m_track, car.setup.line, car.here), &car.lineCursor).speedHint;
    if (hint < kLeastPacedHint) return;
    const float ratio = std::clamp(state.speed / hint, kLeastObservedPace, kMostObservedPace);
    car.observedPace += (ratio - car.observedPace) * (1.0f - std::exp(-elapsed / kObservedPaceWindow));
}

RaceWorldStatus RaceWorld::retireCar(std::uint32_t car) {
    if (car >= m_cars.size()) return RaceWorldStatus::InvalidArgument;
    if (m_retired[car]) return RaceWorldStatus::Retired;
    m_retired[car] = 1;
    // A car that has taken the flag keeps its place at it; one still racing goes to the back.
    if (m_finishPlace[car] == kRacing) m_finishPlace[car] = kRetired;
    m_inputs[car].registered = false;
    m_cars[car].here = {};
    m_controls[car] = {};
    rank();
    return RaceWorldStatus::Ok;
}

RaceWorldStatus RaceWorld::setDriver(std::uint32_t car, const DriverProfile& driver) {
    if (car >= m_cars.size() || !validDriverProfile(driver) || m_cars[car].setup.external) return RaceWorldStatus::InvalidArgument;
    if (m_retired[car]) return RaceWorldStatus::Retired;
    m_cars[car].setup.driver = driver;
    m_cars[car].follower->setDriver(driver);
    return RaceWorldStatus::Ok;
}

RaceWorldStatus RaceWorld::resetCar(std::uint32_t car, RacePose& placed) {
    if (car >= m_cars.size()) return RaceWorldStatus::InvalidArgument;
    if (m_retired[car]) return RaceWorldStatus::Retired;
    Car& c = m_cars[car];
    const std::uint32_t route = m_track.view.lines[c.setup.line].route;
    double distance = 0.0;
    float side = 1.0f;
    if (c.lastOnLine.defined) {
        distance = c.lastOnLine.distance;
        side = c.lastOnLine.lateral >= 0.0f ? 1.0f : -1.0f;
    } else {
        TrackPoint nearest;
        float off = 0.0f;
        if (nearestTrackPoint(m_track, m_states[car].position, nearest, off) && nearest.route == route) {
            distance = nearest.distance;
            side = format::dot(m_states[car].position - nearest.position, nearest.left) >= 0.0 ? 1.0f : -1.0f;
        }
    }
    placed = safePlace(car, distance, side);
    c.follower->reset();
    static_cast<void>(c.follower->takeTeleportRequest());  // the reset is the place now
    c.registrar.reset();
    c.registrar.assignRoute(route);
    c.here = {};
    m_states[car] = {placed.position, placed.heading, 0.0f, 0.0f};
    m_controls[car] = {};
    m_inputs[car].registered = false;  // where it was is not where it is: seen again from the next step
    return RaceWorldStatus::Ok;
}

RacePose RaceWorld::safePlace(std::uint32_t car, double distance, float side) const {
    const Car& c = m_cars[car];
    const std::uint32_t route = m_track.view.lines[c.setup.line].route;
    const format::BakedRoute& r = m_track.view.routes[route];
    const bool closed = (r.flags & format::kRouteClosed) != 0;
    const VehicleParameters& v = c.setup.vehicle;
    const float length = c.setup.length > 0.0f ? c.setup.length : v.wheelbase + format::kBodyOverhang;
    const float width = c.setup.width > 0.0f ? c.setup.width : v.width;
    TrackPoint point;
    float lateral = 0.0f;
    for (int attempt = 0; attempt <= kResetTries; ++attempt) {
        if (!routePointAt(m_track, route, distance, point)) break;
        const float edge = side > 0.0f ? point.leftTrack : point.rightTrack;
        lateral = side * std::max(0.0f, edge - 0.5f * width - kResetEdgeMargin);  // a road narrower than the car: its centre
        bool occupied = false;
        for (std::uint32_t j = 0; j < m_cars.size() && !occupied; ++j) {
            const TrafficCar& other = m_inputs[j];
            if (j == car || m_retired[j] || !other.registered || other.route != route) continue;
            double along = double(other.distance) - point.distance;
            if (closed && r.length > 0.0f) along = std::remainder(along, double(r.length));
            occupied = std::abs(along) < 0.5 * (length + other.length) + kResetGap && std::abs(other.lateral - lateral) < 0.5f * (width + other.width) + kResetEdgeMargin;
        }
        if (!occupied) break;
        distance = point.distance - (length + kResetGap);
        if (!closed) distance = std::max(0.0, distance);
    }
    RacePose pose;
    pose.position = point.position + point.left * double(lateral);
    pose.height = point.z;
    pose.heading = point.heading;
    pose.onTrack = true;
    return pose;
}

RaceWorldStatus RaceWorld::predict(std::uint32_t car, float seconds, RacePose& out) const {
    // A car added since the last step has no state to start from yet.
    if (car >= m_steppedCars || !(seconds >= 0.0f && seconds <= kMaxPrediction)) return RaceWorldStatus::InvalidArgument;
    if (m_retired[car]) return RaceWorldStatus::Retired;
    const Car& c = m_cars[car];
    const bool onLine = !c.setup.external && c.here.defined && c.here.route == m_track.view.lines[c.setup.line].route &&
                        c.follower->pitState() == PitState::None;
    out = onLine ? predictOnLine(car, seconds) : predictOnRoute(car, seconds);
    return RaceWorldStatus::Ok;
}

RacePose RaceWorld::predictOnLine(std::uint32_t car, float seconds) const {
    const Car& c = m_cars[car];
    const LineSampler line(m_track, c.setup.line, c.setup.vehicleClass);
    std::uint32_t cursor = ~0u, aheadCursor = ~0u;
    double distance = lineDistanceAt(m_track, c.setup.line, c.here);
    float speed = std::max(0.0f, m_states[car].speed);
    // The share of each hint it drives at: an AI car's from its driver and race craft now, an
    // external car's as observed.
    const auto share = [&](const LineSample& at) { return c.setup.external ? m_inputs[car].pace : c.follower->speedHintShare(at.point); };
    const float braking = kPredictedBraking * c.setup.vehicle.maxBraking;
    const float acceleration = c.setup.vehicle.maxAcceleration;
    const float offset = c.follower->plannedOffset();
    const float deviation = c.here.lateral - (line.sample(distance, &cursor).lateral + offset);
    const int steps = std::max(1, static_cast<int>(std::ceil(seconds / kPredictionStep)));
    const float h = seconds / static_cast<float>(steps);
    for (int k = 0; k < steps && seconds > 0.0f; ++k) {
        // The hint here, and every later one within braking reach the car must slow for.
        const LineSample here = line.sample(distance, &cursor);
        float limit = here.speedHint * share(here);
        if (limit <= 0.0f) limit = speed;  // no speed profile for its class: it keeps its speed
        const float reach = speed * speed / (2.0f * braking) + kPredictionHintSpacing;
        aheadCursor = cursor;
        for (float s = kPredictionHintSpacing; s <= reach; s += kPredictionHintSpacing) {
            const LineSample ahead = line.sample(distance + s, &aheadCursor);
            const float hint = ahead.speedHint * share(ahead);
            if (hint > 0.0f) limit = std::min(limit, std::sqrt(hint * hint + 2.0f * braking * s));
        }
        const float next = speed > limit ? std::max(limit, speed - braking * h) : std::min(limit, speed + acceleration * h);
        distance += 0.5 * double(speed + next) * h;
        speed = next;
    }
    const LineSample there = line.sample(distance, &cursor);
    const float lateral = offset + deviation * std::exp(-seconds / kPredictedOffsetEasing);
    RacePose pose;
    pose.position = there.position + format::Vec2{-there.tangent.y, there.tangent.x} * double(lateral);
    pose.height = there.z;
    pose.heading = static_cast<float>(std::atan2(there.tangent.y, there.tangent.x));
    pose.speed = speed;
    pose.onTrack = true;
    return pose;
}

RacePose RaceWorld::predictOnRoute(std::uint32_t car, float seconds) const {
    const TrafficCar& in = m_inputs[car];
    const VehicleState& state = m_states[car];
    RacePose pose;
    pose.speed = state.speed;
    pose.heading = state.heading;
    TrackPoint here, there;
    if (!in.registered || !routePointAt(m_track, in.route, in.distance, here)) {
        const format::Vec2 forward{std::cos(double(state.heading)), std::sin(double(state.heading))};
        pose.position = state.position + forward * double(state.speed * seconds);
        pose.height = std::isfinite(in.height) ? in.height : 0.0f;
        return pose;
    }
    // Its heading from the route's stays what it is; its speed along the route carries it.
    const float relative = state.heading - here.heading;
    const double along = double(state.speed) * std::cos(double(relative)) * seconds;
    if (!routePointAt(m_track, in.route, double(in.distance) + along, there)) there = here;
    pose.position = there.position + there.left * double(in.lateral);
    pose.height = there.z;
    pose.heading = there.heading + relative;
    pose.onTrack = true;
    return pose;
}

} // namespace trackwright
