#include "trackwright/drive/car_contacts.h"

#include "trackwright/traffic/race_craft.h"

#include <algorithm>
#include <cmath>

namespace trackwright {

namespace {

/// cos 45°: a contact whose normal lies within 45° of the car behind's heading is a rear contact.
constexpr double kRearContactCosine = 0.7071;

std::uint64_t pairKey(std::uint32_t a, std::uint32_t b) {
    const std::uint32_t lo = std::min(a, b), hi = std::max(a, b);
    return (std::uint64_t(lo) << 32) | hi;
}

auto byKey() {
    return [](const std::pair<std::uint64_t, double>& e, std::uint64_t k) { return e.first < k; };
}

std::uint32_t lineRoute(const RaceWorld& world, std::uint32_t car) { return world.track().view.lines[world.setup(car).line].route; }

const char* ruleOf(const RaceWorld& world, std::uint32_t car) {
    if (world.external(car)) return "external";
    if (world.pitState(car) != PitState::None) return "pit stop";
    const RaceCraft* craft = world.follower(car).raceCraft();
    if (!craft) return "no race craft";
    if (craft->outbraking()) return "outbraking";
    if (craft->pass() == RaceCraft::Pass::Committed) return "passing";
    if (craft->pass() == RaceCraft::Pass::Returning) return "returning";
    if (craft->yielding()) return "yielding";
    if (craft->defending()) return "defending";
    return "line";
}

/// `car`'s state as a contact with `other` begins.
ContactCarState contactState(const RaceWorld& world, std::uint32_t car, std::uint32_t other) {
    ContactCarState s;
    s.rule = ruleOf(world, car);
    const RaceCraft* craft = world.follower(car).raceCraft();
    if (craft && craft->pass() == RaceCraft::Pass::Committed) s.passTarget = craft->passTarget();
    const TrafficCar& input = world.trafficInput(car);
    s.speed = input.speed;
    s.lateral = input.lateral;
    s.plannedOffset = world.follower(car).plannedOffset();
    const CarTraffic& t = world.traffic(car);
    const auto look = [&](const TrafficNeighbour* list, int count) {
        for (int k = 0; k < count && !s.sawOther; ++k)
            if (list[k].car == other) {
                s.sawOther = true;
                s.gap = list[k].gap;
                s.closingSpeed = list[k].closingSpeed;
                s.catchTime = list[k].catchTime;
                s.lateralGapAtCatch = list[k].lateralGapAtCatch;
            }
    };
    if (input.registered) {
        look(t.ahead, t.aheadCount);
        look(t.alongside, t.alongsideCount);
        look(t.behind, t.behindCount);
    }
    return s;
}

} // namespace

void CarContacts::reserve(std::size_t cars) {
    m_touching.reserve(4 * cars);
    m_touchingNow.reserve(4 * cars);
    m_offRoute.reserve(cars);
    m_totals.blamed.reserve(cars);
    m_totals.involved.reserve(cars);
}

void CarContacts::test(const RaceWorld& world, std::span<VehicleBody> bodies, std::uint32_t i, std::uint32_t j, double time) {
    const TrafficCar& a = world.trafficInput(i);
    const TrafficCar& b = world.trafficInput(j);
    if (separatedByHeight(a, b)) return;  // one on a bridge, the other under it
    const VehicleState& si = bodies[i].state;
    const VehicleState& sj = bodies[j].state;
    const BoxOverlap o = overlapBoxes({si.position, si.heading, a.length, a.width}, {sj.position, sj.heading, b.length, b.width});
    if (!o.overlapping) return;
    const std::uint64_t key = pairKey(i, j);
    const auto known = std::lower_bound(m_touching.begin(), m_touching.end(), key, byKey());
    const bool touchedThisTick = std::find(m_touchingNow.begin(), m_touchingNow.end(), key) != m_touchingNow.end();
    if (!(known != m_touching.end() && known->first == key) && !touchedThisTick) {
        // A new episode: who is behind along the route (the short way round a closed route)?
        double ahead = 0.0;  // m that j is ahead of i
        if (a.registered && b.registered && a.route == b.route) {
            ahead = double(b.distance) - a.distance;
            const format::BakedRoute& r = world.track().view.routes[a.route];
            if (r.flags & format::kRouteClosed) ahead = std::remainder(ahead, double(r.length));
        } else {
            ahead = format::dot(b.position - a.position, {std::cos(double(a.heading)), std::sin(double(a.heading))});
        }
        const std::uint32_t behind = ahead >= 0.0 ? i : j, front = behind == i ? j : i;
        const double headingBehind = bodies[behind].state.heading;
        const bool rear = std::abs(format::dot(o.normal, {std::cos(headingBehind), std::sin(headingBehind)})) >= kRearContactCosine;
        std::uint32_t blamed = behind;
        if (!rear) {
            // Side: the car that moved across towards the other.
            const float towardsB = a.lateralSpeed * (b.lateral >= a.lateral ? 1.0f : -1.0f);
            const float towardsA = b.lateralSpeed * (a.lateral >= b.lateral ? 1.0f : -1.0f);
            if (towardsB != towardsA) blamed = towardsB > towardsA ? i : j;
        }
        const std::uint32_t other = blamed == behind ? front : behind;
        const TrafficCar& hitter = world.trafficInput(blamed);
        m_totals.episodes.push_back({blamed, other, rear, time, hitter.registered ? double(hitter.distance) : -1.0, contactState(world, blamed, other),
                                     contactState(world, other, blamed)});
        ++(rear ? m_totals.rear : m_totals.side);
        ++m_totals.blamed[blamed];
        ++m_totals.involved[blamed];
        ++m_totals.involved[other];
    }
    if (!touchedThisTick) m_touchingNow.push_back(key);
    resolveCarContact(bodies[i], bodies[j], o);
}

bool CarContacts::resolve(const RaceWorld& world, std::span<VehicleBody> bodies, double time) {
    const std::size_t n = world.size();
    if (bodies.size() != n) return false;
    if (m_totals.blamed.size() < n) {
        m_totals.blamed.resize(n, 0);
        m_totals.involved.resize(n, 0);
    }
    m_touchingNow.clear();
    for (std::uint32_t i = 0; i < n; ++i) {
        if (!world.trafficInput(i).registered) continue;
        const CarTraffic& t = world.traffic(i);
        // Both sides test a pair alongside (a full list on one side must not hide it); once
        // resolved, the second test finds the boxes apart. Ahead: the car behind tests.
        for (int k = 0; k < t.alongsideCount; ++k) test(world, bodies, i, t.alongside[k].car, time);
        for (int k = 0; k < t.aheadCount && t.ahead[k].gap < kReach; ++k) test(world, bodies, i, t.ahead[k].car, time);
    }
    // Cars on different routes do not see each other in the view: at a pit lane's fork and join they
    // meet, so those pairs are tested by where they are. Only cars off their line's route can be in
    // such a pair (a few in a pit lane): each is tested against the others, not every pair of the field.
    m_offRoute.clear();
    for (std::uint32_t i = 0; i < n; ++i)
        if (world.trafficInput(i).registered && world.trafficInput(i).route != lineRoute(world, i)) m_offRoute.push_back(i);
    for (const std::uint32_t i : m_offRoute) {
        const TrafficCar& a = world.trafficInput(i);
        for (std::uint32_t j = 0; j < n; ++j) {
            const TrafficCar& b = world.trafficInput(j);
            if (j == i || !b.registered || b.route == a.route) continue;
            if (b.route != lineRoute(world, j) && j < i) continue;  // both off their routes: tested once
            const double reach = 0.5 * (a.length + b.length) + kReach;
            const format::Vec2 d = bodies[j].state.position - bodies[i].state.position;
            if (format::dot(d, d) < reach * reach) test(world, bodies, i, j, time);
        }
    }
    // Refresh the pairs that touched, add the new ones, and end the episodes apart long enough.
    for (const std::uint64_t key : m_touchingNow) {
        const auto at = std::lower_bound(m_touching.begin(), m_touching.end(), key, byKey());
        if (at != m_touching.end() && at->first == key) at->second = time;
        else m_touching.insert(at, {key, time});
    }
    std::erase_if(m_touching, [&](const auto& e) { return time - e.second >= kContactEpisodeGap; });
    return true;
}

} // namespace trackwright
