#include "trackwright/drive/runner_follower.h"

#include "trackwright/track/line_tracking.h"
#include "trackwright/track/race_zones.h"
#include "trackwright/track/prefetch.h"
#include "trackwright/drive/steering.h"
#include "trackwright/vehicle/vehicle_limits.h"

#include <limits>

#include <algorithm>
#include <cmath>

namespace trackwright {

namespace {

/// The speed factor of a line's hint `offset` m beside it where it curves by `curvature`: the
/// lateral limit v²·κ = a holds on the offset path, whose radius is 1/κ − offset on the inside, so
/// v scales by √(1 − κ·offset). Outside the line the hint stays (the line is the faster way).
/// A hint at least this share of the top speed is the top speed (the straight is run flat out).
constexpr float kTopSpeedHint = 0.99f;

float square(float x) { return x * x; }

float offsetSpeedFactor(float curvature, float offset) {
    return std::sqrt(std::clamp(1.0f - curvature * offset, 0.25f, 1.0f));
}

} // namespace

RunnerFollower::RunnerFollower(const BakedTrack& track, std::uint32_t line, std::uint32_t vehicleClass, const RunnerParameters& parameters)
    : m_line(line), m_vehicleClass(vehicleClass), m_sampler(track, line, vehicleClass), m_predictor(track), m_p(parameters),
      m_stopping(parameters.vehicle, parameters.brakingFraction, kStoppingTableSpeed * parameters.vehicle.topSpeed),
      m_lateStopping(parameters.vehicle, parameters.lateBrakingFraction, kStoppingTableSpeed * parameters.vehicle.topSpeed),
      m_envelope(hasEnvelope(parameters.vehicle)), m_stuck(parameters.stuck) {
    if (line < track.view.lines.size()) m_predictor.assignRoute(track.view.lines[line].route);
    const LineHints hints = lineHints(track, line, vehicleClass);
    m_strength = planStrength(hints, parameters.vehicle, parameters.brakingFraction, 1.0f);
    m_corners = lineCorners(hints, m_strength);
    // A car described by its physics learns where it cannot hold the hints (GripReserve); the
    // presets' reference model holds them by construction.
    if (m_envelope && line < track.view.lines.size()) m_reserve.resize(track.view.routes[track.view.lines[line].route].nodeCount);
    for (const format::BakedSpeedProfile& p : track.view.speedProfiles)
        if (p.line == line && p.vehicleClass == vehicleClass) m_firstHint = p.firstHint;
}

void RunnerFollower::reset() {
    // The grip reserve is what the car has learnt of this track and stays: a car reset after a crash
    // or a teleport is the same car on the same road.
    m_hasRunner = false;
    m_brakingHeld = false;
    m_understeer = {};
    m_stuck.reset();
    m_craft.reset();
    m_corner = {};
    m_offset = 0.0f;
    m_started = false;
    m_stretch.steps = 0;
    m_hasLastPosition = false;
    m_slipAngle = 0.0f;
    forgetMistake();
}

void RunnerFollower::setDriver(const DriverProfile& driver) {
    if (!validDriverProfile(driver)) return;
    if (!m_hasDriver || driver.seed != m_driver.seed) m_schedule.start(driver.seed);
    if (driver.strength != m_strength.strength)  // the constructor planned strength 1: its engine-set points
        m_strength = planStrength(lineHints(track(), m_line, m_vehicleClass), m_p.vehicle, m_p.brakingFraction, driver.strength);
    m_driver = driver;
    m_hasDriver = true;
}

float RunnerFollower::trackWidthAt(const Registration& r, float lateral) const {
    const format::BakedRoute& route = track().view.routes[r.route];
    const format::BakedNode& a = track().view.nodes[route.firstNode + r.segment];
    const format::BakedNode& b = track().view.nodes[route.firstNode + (r.segment + 1) % route.nodeCount];
    const float wa = lateral >= 0.0f ? a.leftTrack : a.rightTrack;
    const float wb = lateral >= 0.0f ? b.leftTrack : b.rightTrack;
    return wa + r.ratio * (wb - wa);
}

std::uint32_t RunnerFollower::firstPointAfterCar() const {
    const format::BakedLinePoint& p = track().view.linePoints[track().view.lines[m_line].firstPoint + m_atCar.point];
    return p.distance > m_atCar.distance ? m_atCar.point : m_atCar.point + 1;  // before the first point, or after m_atCar.point
}

float RunnerFollower::routeCurvatureAt(const Registration& r) const {
    const format::BakedRoute& route = track().view.routes[r.route];
    const format::BakedNode& a = track().view.nodes[route.firstNode + r.segment];
    const format::BakedNode& b = track().view.nodes[route.firstNode + (r.segment + 1) % route.nodeCount];
    return a.curvature + r.ratio * (b.curvature - a.curvature);
}

float RunnerFollower::towed(float hint, std::uint32_t point) const {
    // Where the hint is the top speed, the straight is run flat out, and the tow raises that; where
    // grip or braking sets it, the tow changes nothing and the grip reserve learnt there holds.
    return hint >= kTopSpeedHint * m_p.vehicle.topSpeed ? hint * m_towFactor : hint * m_reserve.pace(point);
}

void RunnerFollower::learnGripReserve(const FollowerInput& in, float speed) {
    // How wide of its line the car runs on the outside of the bend, and how hard it turns for the
    // grip planned here (GripReserve).
    const float side = m_atCar.curvature > 0.0f ? 1.0f : m_atCar.curvature < 0.0f ? -1.0f : 0.0f;
    if (side == 0.0f) return;
    const float outward = -(in.registration.lateral - (m_atCar.lateral + m_offset)) * side;
    const float grip = std::isfinite(in.registration.road.grip) && in.registration.road.grip > 0.0f ? in.registration.road.grip : 1.0f;
    const float planned = lateralLimit(m_p.vehicle, speed) * grip * square(m_reserve.pace(m_atCar.point));
    const float use = planned > 0.0f ? std::abs(speed * in.state.yawRate) / planned : 0.0f;
    const float spacing = m_sampler.length() / static_cast<float>(std::max<std::uint32_t>(1, track().view.routes[track().view.lines[m_line].route].nodeCount));
    const std::uint32_t behind = spacing > 0.0f ? static_cast<std::uint32_t>(std::min(64.0f, speed * kReserveReach / spacing)) : 0;
    m_reserve.learn(m_atCar.point, behind, m_sampler.closed(), outward, use, in.dt);
}

float RunnerFollower::speedFromHints(float speed, bool& mustBrake) {
    mustBrake = false;
    if (m_firstHint < 0) return speed;  // no profile for this class: hold speed
    const LineSample& atCar = m_atCar;
    const float hintHere = towed(atCar.speedHint, atCar.point) * offsetSpeedFactor(atCar.curvature, m_offset);
    const float shareHere = hintShare(atCar.point, m_paceNow);
    // Braking check (§39.4.2): would full braking from here still be too fast at a later point? The
    // walk goes over the baked points themselves, where the hints are, as far as braking reaches.
    const format::BakedLine& line = track().view.lines[m_line];
    const std::uint32_t count = track().view.routes[line.route].nodeCount;
    const format::BakedLinePoint* points = track().view.linePoints.data() + line.firstPoint;
    const float* hints = track().view.speedHints.data() + m_firstHint;
    const float length = m_sampler.length();
    const bool closed = m_sampler.closed();
    const StoppingDistances& stopping = m_lateBraking ? m_lateStopping : m_stopping;
    const float horizon = stopping.toStop(speed) + 5.0f;
    // How far braking at the counted share must reach, over how far it may: above 1 the car must
    // brake now (§39.4.2), and it brakes that hard — the share times this — so it slides down the
    // braking curve instead of alternating full brake and throttle tick by tick.
    float demand = 0.0f, demandHint = 0.0f;
    // The first point beyond the car: a binary search, then a walk.
    const float here = m_atCar.distance;
    std::uint32_t i = firstPointAfterCar();
    for (std::uint32_t visited = 0; visited < count; ++visited, ++i) {
        float wrap = 0.0f;
        if (i >= count) {
            if (!closed) break;
            i -= count;
        }
        if (i < count && points[i].distance < here) wrap = length;  // past the start line of a closed route
        const float ahead = points[i].distance + wrap - here;
        if (ahead > horizon) break;
        const float hint = hintShare(i, m_paceNow) * towed(hints[i], i) * offsetSpeedFactor(points[i].curvature, m_offset);
        if (!(hint < speed)) continue;
        const float need = stopping.between(speed, hint) / (m_brakingShare * std::max(0.1f, ahead));
        if (need > demand) {
            demand = need;
            demandHint = hint;
        }
        mustBrake = mustBrake || stopping.overshoots(speed, hint, ahead * m_brakingShare);
    }
    // Between two ticks of braking the throttle stays shut while the curve still asks for most of
    // the brakes (kBrakingRelease): the car coasts down to the curve instead of accelerating off it.
    const bool wasBraking = m_brakingHeld;
    m_brakingHeld = mustBrake || (wasBraking && demand > kBrakingRelease);
    if (!mustBrake) return m_brakingHeld ? std::min(shareHere * hintHere, speed) : shareHere * hintHere;
    m_brakeDemand = demand * (m_lateBraking ? m_p.lateBrakingFraction : m_p.brakingFraction);
    return std::min(shareHere * hintHere, demandHint);
}

RunnerFollower::TightCorner RunnerFollower::findTightCorner(float speed, float pace) const {
    TightCorner found;
    if (m_firstHint < 0) return found;
    const format::BakedLine& line = track().view.lines[m_line];
    const std::uint32_t count = track().view.routes[line.route].nodeCount;
    const format::BakedLinePoint* points = track().view.linePoints.data() + line.firstPoint;
    const float* hints = track().view.speedHints.data() + m_firstHint;
    const float length = m_sampler.length();
    const float stopping = m_stopping.toStop(speed);
    const float here = m_atCar.distance;
    const format::BakedNode* nodes = track().view.nodes.data() + track().view.routes[line.route].firstNode;
    const float half = 0.5f * m_p.vehicle.width + m_p.wallMargin;
    float best = std::numeric_limits<float>::infinity();
    std::uint32_t i = firstPointAfterCar();
    for (std::uint32_t visited = 0; visited < count; ++visited, ++i) {
        if (i >= count) {
            if (!m_sampler.closed()) break;
            i -= count;
        }
        const float ahead = points[i].distance + (points[i].distance < here ? length : 0.0f) - here;
        // No later corner can need braking before `best`: its braking point is at least ahead − stopping.
        if (ahead > m_p.passHorizon || ahead - stopping > best) break;
        const float hint = hintShare(i, pace) * hints[i];
        if (hint >= m_p.tightCornerFraction * speed) continue;
        const float point = ahead - m_stopping.between(speed, hint);
        if (point < best) {
            best = point;
            const float side = points[i].curvature > 0.0f ? 1.0f : points[i].curvature < 0.0f ? -1.0f : 0.0f;
            const float inside = side > 0.0f ? nodes[i].leftTrack - half - points[i].offset : nodes[i].rightTrack - half + points[i].offset;
            found = {true, points[i].distance, hint, side, std::abs(points[i].curvature), std::max(0.0f, inside)};
        }
    }
    return found;
}

float RunnerFollower::firstTightCornerAhead() const {
    // From a standing start every corner is slower than the car: "tight" is measured against the
    // fastest hint met on the way there instead.
    if (m_firstHint < 0) return 0.0f;
    const format::BakedLine& line = track().view.lines[m_line];
    const std::uint32_t count = track().view.routes[line.route].nodeCount;
    const format::BakedLinePoint* points = track().view.linePoints.data() + line.firstPoint;
    const float* hints = track().view.speedHints.data() + m_firstHint;
    const float length = m_sampler.length();
    const float here = m_atCar.distance;
    std::uint32_t i = firstPointAfterCar();
    float fastest = 0.0f;
    for (std::uint32_t visited = 0; visited < count; ++visited, ++i) {
        if (i >= count) {
            if (!m_sampler.closed()) break;
            i -= count;
        }
        fastest = std::max(fastest, hints[i]);
        if (hints[i] < m_p.tightCornerFraction * fastest) return points[i].distance + (points[i].distance < here ? length : 0.0f) - here;
    }
    return 0.0f;
}

float RunnerFollower::tightBrakingPoint(float speed, float pace, float& cornerSide) {
    // The corner is found from outside its braking zone and kept until the car passes it: inside
    // the zone the car slows towards the corner's speed, and the corner would stop looking tight.
    const float here = m_atCar.distance;
    const float length = m_sampler.length();
    const auto ahead = [&](float at) { return m_sampler.closed() && length > 0.0f ? std::remainder(at - here, length) : at - here; };
    if (m_corner.valid && ahead(m_corner.distance) < 0.0f) m_corner.valid = false;
    if (!m_corner.valid && m_travelled >= m_nextCornerSearch) {
        m_corner = findTightCorner(speed, pace);
        // None within the horizon: the next one cannot come within reach for a while.
        if (!m_corner.valid) m_nextCornerSearch = m_travelled + kCornerSearchStep;
    }
    cornerSide = 0.0f;
    if (!m_corner.valid) return std::numeric_limits<float>::infinity();
    cornerSide = m_corner.side;
    const float point = ahead(m_corner.distance) - m_stopping.between(speed, m_corner.hint);
    return std::max(0.0f, point);
}

const StretchAhead& RunnerFollower::stretchAhead(float end) {
    // Measured again once the car is a step into it or its end moved by a step, else shifted.
    const float driven = static_cast<float>(m_travelled - m_stretchMeasuredAt);
    const float measuredEnd = static_cast<float>(m_stretch.steps) * m_stretch.stepLength;
    if (m_stretch.steps == 0 || driven > m_stretch.stepLength || std::abs(measuredEnd - driven - end) > m_stretch.stepLength) {
        fillStretch(end, m_stretch);
        m_stretchMeasuredAt = m_travelled;
    } else {
        m_stretch.start = driven;
    }
    return m_stretch;
}

void RunnerFollower::fillStretch(float end, StretchAhead& stretch) const {
    stretch.steps = 0;
    stretch.start = 0.0f;
    if (m_firstHint < 0 || !(end > 1.0f)) return;
    const format::BakedLine& line = track().view.lines[m_line];
    const std::uint32_t count = track().view.routes[line.route].nodeCount;
    const format::BakedLinePoint* points = track().view.linePoints.data() + line.firstPoint;
    const float* hints = track().view.speedHints.data() + m_firstHint;
    const float length = m_sampler.length();
    const float here = m_atCar.distance;
    stretch.steps = StretchAhead::kMaxSteps;
    stretch.acceleration = m_p.vehicle.maxAcceleration;
    stretch.stepLength = end / static_cast<float>(StretchAhead::kMaxSteps);
    float metres[StretchAhead::kMaxSteps] = {}, time[StretchAhead::kMaxSteps] = {}, engineTime[StretchAhead::kMaxSteps] = {};
    std::uint32_t i = firstPointAfterCar();
    float previous = 0.0f;
    for (std::uint32_t visited = 0; visited < count && previous < end; ++visited, ++i) {
        if (i >= count) {
            if (!m_sampler.closed()) break;
            i -= count;
        }
        const float ahead = std::min(end, points[i].distance + (points[i].distance < here ? length : 0.0f) - here);
        // The hint at a point holds over the interval before it (the corner's hint reaches back).
        const int k = std::min(StretchAhead::kMaxSteps - 1, static_cast<int>(0.5f * (previous + ahead) / stretch.stepLength));
        const float ds = ahead - previous;
        metres[k] += ds;
        time[k] += ds / std::max(1.0f, hints[i]);
        if (m_strength.engineSets(i)) engineTime[k] += ds / std::max(1.0f, hints[i]);
        previous = ahead;
    }
    float last = std::max(1.0f, hints[std::min(i, count - 1)]);
    for (int k = 0; k < stretch.steps; ++k) {
        if (metres[k] > 0.0f) last = metres[k] / time[k];
        stretch.hint[k] = last;
        stretch.engineShare[k] = time[k] > 0.0f ? engineTime[k] / time[k] : 0.0f;
    }
}

RaceCraftSituation RunnerFollower::situation(const FollowerInput& in, float speed, float pace) {
    RaceCraftSituation s;
    s.dt = in.dt;
    s.speed = speed;
    const LineSample& here = m_atCar;
    s.freeSpeed = m_firstHint < 0 ? speed : hintShare(here.point, pace) * towed(here.speedHint, here.point) * offsetSpeedFactor(here.curvature, m_offset);
    s.lateral = in.registration.lateral;
    s.lineLateral = here.lateral;
    const float half = 0.5f * m_p.vehicle.width + m_p.wallMargin;
    s.leftLimit = std::max(0.0f, trackWidthAt(in.registration, 1.0f) - half);
    s.rightLimit = -std::max(0.0f, trackWidthAt(in.registration, -1.0f) - half);
    s.width = m_p.vehicle.width;
    s.length = m_p.length;
    s.brakingPoint = tightBrakingPoint(speed, pace, s.cornerSide);
    s.lateralHeadroom = m_p.vehicle.lateralGrip - speed * speed * std::abs(here.curvature);
    // The designer's zones (race_zones.h), along the route the car is registered on.
    const OvertakingRule rule = overtakingRuleAt(track(), in.registration.route, in.registration.distance);
    s.permission.left = (static_cast<unsigned>(rule.sides) & static_cast<unsigned>(PassSides::Left)) != 0;
    s.permission.right = (static_cast<unsigned>(rule.sides) & static_cast<unsigned>(PassSides::Right)) != 0;
    s.permission.encouraged = rule.encouraged;
    s.permission.noOvertakingAhead = distanceToNoOvertaking(track(), in.registration.route, in.registration.distance);
    s.yieldSide = yieldSide(track());
    s.opening = m_hasDriver && m_travelled < m_openingDistance;
    s.pace = pace * m_strength.cornerFactor;  // race craft compares cars by how fast they corner…
    s.straightPace = pace * m_strength.topSpeedFactor;  // …and where the engine sets the hints
    s.engineHere = m_strength.engineSets(here.point);
    if (m_corner.valid) {
        s.cornerSpeed = m_corner.hint;
        s.cornerCurvature = m_corner.curvature;
        s.cornerInsideRoom = m_corner.insideRoom;
    }
    s.lateDeceleration = m_p.lateBrakingFraction * m_p.vehicle.maxBraking;
    // The stretch a pass is predicted on, only while there is a car race craft may pass: one in the
    // way within its decision reach (the keenest driver's, in an overtaking zone), or the one it passes.
    const bool passing = m_craft.pass() == RaceCraft::Pass::Committed;
    const OvertakeRules& o = m_craft.overtake;
    const float reach = o.decideGap * kKeenestDecision + o.decideHeadway * speed;
    bool candidate = false;
    for (int k = 0; m_traffic && k < m_traffic->aheadCount && !candidate; ++k) {
        const TrafficNeighbour& n = m_traffic->ahead[k];
        candidate = n.gap <= reach && o.inTheWay(n);
    }
    if (m_traffic && (passing || candidate))
        s.stretch = &stretchAhead(std::min({s.brakingPoint, s.permission.noOvertakingAhead, m_p.passHorizon}));
    return s;
}

Controls RunnerFollower::update(const FollowerInput& in) {
    if (Controls held; holdsStill(in, m_sampler.valid(), held)) return held;
    if (Controls pit; m_pit.active() && updatePit(in, pit)) return pit;
    const std::uint32_t route = track().view.lines[m_line].route;
    const bool onRoute = in.registration.defined && in.registration.route == route;
    if (onRoute) m_lineDistance = lineDistanceAt(track(), m_line, in.registration);
    m_atCar = m_sampler.sample(m_lineDistance, &m_carCursor);
    const float speed = std::max(0.0f, in.state.speed);
    if (!m_started) {  // the start signal: the clock, and the blend from where the car stands
        m_started = true;
        m_nextCornerSearch = 0.0;
        m_openingDistance = firstTightCornerAhead();
        m_clock = 0.0;
        m_travelled = 0.0;
        m_craft.startAt(onRoute ? in.registration.lateral - m_atCar.lateral : 0.0f);
    }
    m_clock += in.dt;
    m_travelled += speed * in.dt;
    if (m_envelope) measureSlipAngle(in.state, in.dt);
    if (onRoute) updateMistake(in, speed);
    else forgetMistake();
    // A mistake runs the car wide on purpose: nothing for the grip reserve to learn from.
    if (m_envelope && onRoute && m_mistake.kind == MistakeSchedule::kNone) learnGripReserve(in, speed);
    const float pace = m_hasDriver ? paceAt(m_driver, m_travelled) : 1.0f;
    m_towFactor = m_traffic && onRoute ? slipstreamTopSpeedFactor(slipstreamShare(*m_traffic, speed, in.registration.lateral, m_p.slipstream)) : 1.0f;
    RaceCraftCommand craft;
    m_tightBraking = false;
    m_brakingPoint = 0.0f;
    float roadLeft = 0.0f, roadRight = 0.0f;  // m: where the car's centre may be (tarmac less margins), in traffic
    if (m_traffic && onRoute) {
        const RaceCraftSituation here = situation(in, speed, pace);
        roadLeft = here.leftLimit;
        roadRight = here.rightLimit;
        m_tightBraking = here.brakingPoint <= 0.0f;
        m_brakingPoint = here.brakingPoint;
        craft = m_craft.update(*m_traffic, here, m_driver);
    }
    m_offset = craft.lateralOffset;
    // A push takes the driver's share up to the hints themselves, where they are its strength's.
    m_paceNow = std::min(1.0f / m_strength.cornerFactor, pace * craft.paceFactor);
    m_craftSpeedCap = craft.speedCap;
    m_crossingAcceleration = craft.crossingAcceleration;
    m_lateBraking = craft.lateBraking;

    // The runner: advanced by the car's speed, eased towards the re-evaluated lookahead.
    const float curvatureHere = std::abs(m_sampler.curvatureAt(m_lineDistance + speed * 0.5f, &m_aheadCursor));
    const float lookahead = (m_p.lookaheadMin + m_p.lookaheadTime * speed) / (1.0f + m_p.curvatureShortening * curvatureHere);
    if (!m_hasRunner) {
        m_runnerDistance = m_lineDistance + lookahead;
        m_hasRunner = true;
    }
    m_runnerDistance += speed * in.dt;
    float gap = m_runnerDistance - m_lineDistance;
    const float length = m_sampler.length();
    if (m_sampler.closed() && length > 0.0f) gap = std::remainder(gap, length);
    m_runnerDistance += (lookahead - gap) * std::min(1.0f, in.dt / m_p.runnerCatchUpTime);
    const LineSample runner = m_sampler.sample(m_runnerDistance, &m_runnerCursor);
    // The offset is race craft's at the car; where the line sweeps across the road (a chicane) the
    // same offset at the runner, metres ahead, can lie off the tarmac, and steering for it ran cars
    // into the runoff on the exit of a pass. Clamped to the road there (the car's widths: the road's
    // width changes slowly, the line's lateral does not).
    // Race craft only asks for an offset in traffic on the route, so the road's limits are this tick's.
    const float runnerOffset = m_offset == 0.0f ? 0.0f
                                                : std::clamp(m_offset, std::min(0.0f, roadRight - runner.lateral), std::max(0.0f, roadLeft - runner.lateral));
    m_runnerPosition = runner.position + format::Vec2{-runner.tangent.y, runner.tangent.x} * (m_p.lateralOffset + runnerOffset + m_mistakeOffset);
    float steering = purePursuitSteering(in.state, m_runnerPosition, m_p.vehicle.wheelbase, m_p.vehicle.maxSteeringAngle);
    steering = m_understeer.compensate(steering, in.state, in.dt, m_p.vehicle);

    bool mustBrake = false, trafficBraking = false;
    // Braking in a bend gets what the turn leaves of the tyres (withinFrictionBudget): the braking
    // check counts on that share, so a braking zone in a bend starts earlier by as much.
    m_brakingShare = m_envelope ? std::max(kLeastBraking, withinFrictionBudget(-1.0f, in.state, in.registration.road) * -1.0f) : 1.0f;
    m_targetSpeed = speedFromHints(speed, mustBrake);
    // A car passing on a straight run flat out keeps its throttle open when a tow has carried it
    // above its own top speed: it lifts only for the braking check, not to give the surplus away.
    if (!mustBrake && m_craft.pass() == RaceCraft::Pass::Committed && m_atCar.speedHint >= kTopSpeedHint * m_p.vehicle.topSpeed)
        m_targetSpeed = std::max(m_targetSpeed, speed + 1.0f / m_p.speedGain);
    if (m_crossingAcceleration > 0.0f) {
        // A return to the line keeps the grip it needs to stop on it, in the bend here and the one
        // half a second on: the speed at which the line's curvature leaves that much spare.
        const float curvature = std::max(std::abs(m_atCar.curvature), curvatureHere);
        const float spare = std::max(0.25f * m_p.vehicle.lateralGrip, m_p.vehicle.lateralGrip - m_crossingAcceleration);
        if (curvature > 0.0f) m_targetSpeed = std::min(m_targetSpeed, std::sqrt(spare / curvature));
    }
    if (m_traffic) {
        // Follow: the car behind owns avoiding the car ahead (traffic/follow_rules.h).
        // In a tow on a clear straight the car closes up to draft the car ahead (follow_rules.h).
        const bool drafting = m_towFactor > 1.0f && mayDraft(*m_traffic, speed, m_brakingPoint, m_p.vehicle.maxBraking, m_p.follow);
        // Where this car's own path runs at the place of each car ahead it is about to reach.
        float pathGaps[kMaxTrafficAhead];
        for (int k = 0; k < m_traffic->aheadCount; ++k) {
            const TrafficNeighbour& n = m_traffic->ahead[k];
            pathGaps[k] = std::numeric_limits<float>::infinity();
            // The car this one is committed to passing is the pass's to clear (its blend moves the
            // path off it in time): within braking reach only while closing on it.
            const bool passing = m_craft.pass() == RaceCraft::Pass::Committed && m_craft.passTarget() == n.car;
            const bool closing = n.gap < m_p.follow.pathLookTime * n.closingSpeed;
            const bool reach = !passing && n.gap < brakingReach(speed, m_p.vehicle.maxBraking, n, m_p.follow);
            if (!onRoute || n.gap > m_p.follow.pathLookGap || !(closing || reach)) continue;
            std::uint32_t cursor = m_carCursor;
            const float there = m_sampler.lateralAt(m_lineDistance + n.centre, &cursor) + m_offset;
            pathGaps[k] = std::abs(n.lateral - there) - 0.5f * (m_p.vehicle.width + n.width);
        }
        const float limit =
            std::min(m_craftSpeedCap, trafficSpeedLimit(*m_traffic, speed, m_p.vehicle.maxBraking, m_p.follow, m_tightBraking, drafting, pathGaps));
        if (limit < m_targetSpeed) {
            m_targetSpeed = limit;
            trafficBraking = limit < speed - m_p.follow.fullBrakingExcess;
        }
        // Alongside: hold the line's curvature at most, less the drift towards the other car.
        // Parallel to the road, not to the line: where the line sweeps across the road (off the
        // grid, through a chicane) holding its curvature drifts the car into the one beside it.
        const float curvature = onRoute ? routeCurvatureAt(in.registration) : m_atCar.curvature;
        const float hold = m_p.vehicle.maxSteeringAngle > 0.0f ? std::atan(m_p.vehicle.wheelbase * curvature) / m_p.vehicle.maxSteeringAngle : 0.0f;
        steering = alongsideSteering(*m_traffic, steering, hold, steeringPerLateralAcceleration(speed, m_p.vehicle.wheelbase, m_p.vehicle.maxSteeringAngle), m_p.follow);
    }
    // The braking curve's demand sets how hard the car brakes; a car in the way ahead, full brakes.
    float throttle = trafficBraking ? -1.0f
        : mustBrake                 ? -std::clamp(m_brakeDemand, kLeastBraking, 1.0f)
                                    : std::clamp(m_p.speedGain * (m_targetSpeed - in.state.speed), -1.0f, 1.0f);
    if (m_envelope) throttle = withinFrictionBudget(throttle, in.state, in.registration.road);
    if (m_envelope && throttle < 0.0f && oversteering(in.state, speed, in.registration.road)) throttle = std::max(throttle, -kLeastBraking);
    if (m_hasDriver && m_clock < m_driver.reactionTime) throttle = -1.0f;
    if (m_mistake.kind != MistakeSchedule::kNone) applyMistake(mustBrake || m_brakingHeld, steering, throttle);

    if (onRoute) {
        // Medium range: extrapolate the turning path; if it leaves the tarmac, steer back and lift.
        const double t = m_p.wallPredictionTime;
        const double omega = in.state.yawRate;
        const double heading = in.state.heading + m_slipAngle;  // where the car goes, not where it points
        const double arc = std::abs(omega) > 1e-4 ? speed / omega : 0.0;
        const format::Vec2 predicted = std::abs(omega) > 1e-4
            ? in.state.position + format::Vec2{arc * (std::sin(heading + omega * t) - std::sin(heading)), arc * (std::cos(heading) - std::cos(heading + omega * t))}
            : in.state.position + format::Vec2{std::cos(heading), std::sin(heading)} * (speed * t);
        // Coherent from last tick's predicted point, which moves with the car: one or two segment
        // tests instead of a grid cell's (a cold look-up was 8 % of a 10 000-car RaceWorld tick).
        const Registration ahead = m_predictor.update(predicted);
        if (!ahead.defined || std::abs(ahead.lateral) > trackWidthAt(ahead, ahead.lateral) - m_p.wallMargin) {
            const float towardsCentre = ahead.defined ? (ahead.lateral > 0.0f ? -1.0f : 1.0f) : (in.registration.lateral > 0.0f ? -1.0f : 1.0f);
            // A share of the lock, but never more than the wall correction's share of the grip
            // as lateral acceleration: 0.3 of the lock at 55 m/s asks for ~200 m/s² and spins the car.
            const float correction = std::min(m_p.wallCorrection, m_p.wallCorrectionGrip * m_p.vehicle.lateralGrip *
                                                                        steeringPerLateralAcceleration(speed, m_p.vehicle.wheelbase, m_p.vehicle.maxSteeringAngle));
            steering = std::clamp(steering + correction * towardsCentre, -1.0f, 1.0f);
            throttle = std::min(throttle, 0.0f);
        }
        if (ahead.defined && m_envelope) throttle = std::min(throttle, edgeSpeedThrottle(in.state, ahead, static_cast<float>(t), in.registration.road));
        // Short range: keep a margin from the edge alongside.
        const float lateral = in.registration.lateral;
        const float excess = std::abs(lateral) - (trackWidthAt(in.registration, lateral) - m_p.wallMargin);
        if (excess > 0.0f) steering = std::clamp(steering - std::copysign(m_p.sideCorrectionGain * excess, lateral), -1.0f, 1.0f);
    }

    m_understeer.commanded(steering, m_p.vehicle);
    const StuckContext context{&in.state, &m_sampler, m_lineDistance};
    return m_stuck.update(in.registration.defined ? in.registration.distance : NAN, wrapLength(track(), m_line), in.dt, {steering, throttle, false},
                          &context);
}

float RunnerFollower::edgeSpeedThrottle(const VehicleState& state, const Registration& ahead, float time, const RoadSurface& road) const {
    const float roadGrip = road.grip;
    // At the grip's limit, steering harder does not tighten the path, slowing does: the speed at
    // which the grip the car has bends its path back before its outer wheels cross the tarmac's edge
    // at the predicted point — the curvature it turns at now towards the centre plus 2·excess/reach²
    // (a parabola back within the reach) — and the throttle that slows it there, within the friction
    // budget. The wheels, not the centre: a real car's grip goes with its wheels onto the kerb.
    const float speed = std::max(0.0f, state.speed);
    const float reach = speed * time;
    const float excess = std::abs(ahead.lateral) + 0.5f * m_p.vehicle.width - trackWidthAt(ahead, ahead.lateral);
    if (!(reach > 1.0f) || !(excess > 0.0f)) return 1.0f;
    const float towardsCentre = ahead.lateral > 0.0f ? -1.0f : 1.0f;
    const float turning = state.yawRate / speed * towardsCentre;  // 1/m, positive: turning towards the centre
    const float needed = turning + 2.0f * excess / (reach * reach);
    const float grip = lateralLimit(m_p.vehicle, speed) * (std::isfinite(roadGrip) && roadGrip > 0.0f ? roadGrip : 1.0f);
    if (!(needed > 0.0f) || !(grip > 0.0f)) return 1.0f;
    const float safe = std::sqrt(grip / needed);
    if (safe >= speed) return 1.0f;
    const float throttle = std::clamp(m_p.speedGain * (safe - speed), -1.0f, 0.0f);
    return withinFrictionBudget(throttle, state, road);
}

void RunnerFollower::measureSlipAngle(const VehicleState& state, float dt) {
    // A sliding car moves at an angle to its heading (its body slip: 4-5° for a real car at the
    // limit), and a path extrapolated along the heading stays on the road while the car drifts
    // off it. The state carries no velocity, so the course is the position's change between ticks;
    // one that does not fit the speed (a teleport, a first tick, a crawl) keeps the last angle.
    const format::Vec2 moved = state.position - m_lastPosition;
    const double step = std::hypot(moved.x, moved.y);
    const double expected = std::abs(state.speed) * dt;
    if (m_hasLastPosition && state.speed > kLeastSlipSpeed && step > 0.5 * expected && step < 1.5 * expected + 0.1) {
        const float course = static_cast<float>(std::atan2(moved.y, moved.x));
        const float midHeading = state.heading - 0.5f * state.yawRate * dt;  // the heading halfway through the step
        m_slipAngle = std::clamp(std::remainder(course - midHeading, 2.0f * static_cast<float>(M_PI)), -kMostSlipAngle, kMostSlipAngle);
    } else if (!(state.speed > kLeastSlipSpeed)) {
        m_slipAngle = 0.0f;
    }
    m_lastPosition = state.position;
    m_hasLastPosition = true;
}

bool RunnerFollower::oversteering(const VehicleState& state, float speed, const RoadSurface& road) const {
    // The car rotates faster than its path turns, by more than kOversteerGrip of what its tyres
    // hold sideways: the rear has let go. Braking on then unloads the rear further and spins the
    // car (g-track-1's S-bend on the first lap, braking at 0.9 into the turn-in); with the brakes
    // eased the rear grips again and the steering catches it.
    const float pathYawRate = speed * m_atCar.curvature;
    if (!(std::abs(state.yawRate) > std::abs(pathYawRate))) return false;
    const float grip = std::isfinite(road.grip) && road.grip > 0.0f ? road.grip : 1.0f;
    return speed * std::abs(state.yawRate - pathYawRate) > kOversteerGrip * lateralLimit(m_p.vehicle, speed) * grip;
}

float RunnerFollower::withinFrictionBudget(float throttle, const VehicleState& state, const RoadSurface& road) const {
    // One budget for the tyres: what the turn uses of them now (the car's own yaw rate times its
    // speed) leaves the friction ellipse's rest for braking and driving.
    const float speed = std::max(0.0f, state.speed);
    const float grip = std::isfinite(road.grip) && road.grip > 0.0f ? road.grip : 1.0f;
    // Driving counts the banking into the turn the path takes (the car's own where the path runs
    // straight; a left turn leans on a road whose right edge is up, negative banking): an oval's
    // banked turn holds far more than the flat limit, and a budget without it lifted at every
    // turn-in. Only banking into the turn: at an S-bend's change of direction the path's turn flips
    // before the car's. Braking keeps the flat budget: braking harder into a banked bend unloads the
    // rear at the turn-in, and spun g-track-1's car on its first lap.
    const float turn = m_atCar.curvature != 0.0f ? m_atCar.curvature : state.yawRate;
    const float banking = std::isfinite(road.banking) ? road.banking : 0.0f;
    const float lateralMax = static_cast<float>(bankedLateralLimit(m_p.vehicle, speed, std::max(0.0f, turn > 0.0f ? -banking : banking), grip));
    // The turn the path asks for, not only the one the car makes: braking that overloads the front
    // tyres straightens the car, its yaw rate falls, and a budget on the yaw rate alone would then
    // allow still more braking, until the car runs straight on.
    const float turning = std::max(std::abs(speed * state.yawRate), speed * speed * std::abs(m_atCar.curvature));
    if (throttle < 0.0f) {
        const float share = frictionEllipse(1.0f, turning, lateralLimit(m_p.vehicle, speed) * grip);
        return std::max(throttle, -std::max(kLeastBraking, share));
    }
    const float drive = driveLimit(m_p.vehicle, speed);
    if (!(drive > 0.0f)) return throttle;
    const float traction = frictionEllipse(m_p.vehicle.maxAcceleration * gripFactor(m_p.vehicle, speed) * std::min(1.0f, grip), turning, lateralMax);
    return std::min(throttle, traction / drive);
}

void RunnerFollower::prefetch() const {
    // What every update reads: the members before the stretch (race craft's, read only with a car
    // to pass), those after it, and the pit stop's state; not the rest of the pit stop.
    const char* self = reinterpret_cast<const char*>(this);
    const char* stretch = reinterpret_cast<const char*>(&m_stretch);
    const char* after = reinterpret_cast<const char*>(&m_stretchMeasuredAt);
    prefetchBytes(self, static_cast<std::size_t>(stretch - self));
    prefetchBytes(after, static_cast<std::size_t>(reinterpret_cast<const char*>(&m_pit) - after));
    prefetchBytes(&m_pit, sizeof(PitState));
}

TeleportRequest RunnerFollower::takeTeleportRequest() {
    if (!m_stuck.teleportWanted()) return {};
    m_stuck.clearTeleport();
    m_hasRunner = false;
    forgetMistake();
    return teleportOntoLine(m_sampler, m_lineDistance);
}

} // namespace trackwright
