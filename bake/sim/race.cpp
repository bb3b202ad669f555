#include "bake/sim/race.h"
#include "trackwright/format/baked_limits.h"

#include "bake/sim/car_contact.h"
#include "trackwright/traffic/race_craft.h"
#include "trackwright/track/prefetch.h"
#include "trackwright/track/line_tracking.h"

#include <algorithm>
#include <cmath>

namespace bake {

namespace {

/// m a neighbour may be along the route, bumper to bumper, and still be tested for contact: the
/// view was built before the cars moved this tick, so a margin above a tick's relative travel.
constexpr float kContactReach = 4.0f;
/// cos 45°: a contact whose normal lies within 45° of the car behind's heading is a rear contact.
constexpr double kRearContactCosine = 0.7071;
/// How many cars ahead of the one stepped each prefetch stage runs (SimulatedCar::PrefetchStage:
/// record, parts, follower, track), far enough for its loads to land before the next stage reads
/// them; the traffic record's counts go with the follower, its lists with the track.
constexpr std::size_t kPrefetchAhead[] = {6, 4, 2, 1};

std::uint64_t pairKey(std::uint32_t a, std::uint32_t b) {
    const std::uint32_t lo = std::min(a, b), hi = std::max(a, b);
    return (std::uint64_t(lo) << 32) | hi;
}

} // namespace

Race::Race(const trackwright::BakedTrack& track, const std::vector<RaceEntry>& entries, trackwright::RecoveryPlanner* sharedPlanner) : m_track(track) {
    m_cars.reserve(entries.size());
    for (const RaceEntry& e : entries) {
        CarSetup setup = e.setup;
        const trackwright::BakedTrack& t = track;
        // Start from the grid slot: the line distance beside it, so progress counts from there.
        trackwright::Registrar registrar(t);
        registrar.assignRoute(t.view.lines[setup.line].route);
        const trackwright::Registration at = registrar.update(e.start.state.position);
        if (at.defined) setup.startDistance = trackwright::lineDistanceAt(t, setup.line, at);
        SimulatedCar& car = m_cars.emplace_back(t, setup, sharedPlanner);
        car.place(e.start);
        car.setDriver(e.driver);
        m_paces.push_back(e.driver.pace);
        m_lengths.push_back(e.length > 0.0f ? e.length : car.vehicle().wheelbase + trackwright::format::kBodyOverhang);
    }
    m_inputs.resize(m_cars.size());
    m_view.reserve(m_cars.size());
    m_touching.reserve(4 * m_cars.size());
    m_touchingNow.reserve(4 * m_cars.size());
    m_offMain.reserve(m_cars.size());
    if (!entries.empty() && entries.front().setup.line < track.view.lines.size()) m_mainRoute = track.view.lines[entries.front().setup.line].route;
    m_contacts.blamed.assign(m_cars.size(), 0);
    m_contacts.involved.assign(m_cars.size(), 0);
}

void Race::step(double dt) {
    for (std::size_t i = 0; i < m_cars.size(); ++i) {
        SimulatedCar& car = m_cars[i];
        const trackwright::Registration& here = car.registerTick();
        const trackwright::VehicleParameters& v = car.vehicle();
        m_inputs[i] = trackwright::trafficCar(m_track, car.body().state, here, m_lengths[i], v.width, v.maxBraking, v.maxAcceleration);
        m_inputs[i].raceDistance = static_cast<float>(car.progress());
        m_inputs[i].pace = trackwright::racingPace(m_paces[i], car.raceCraft());
    }
    m_view.build(m_track, m_inputs);
    for (std::size_t i = 0; i < m_cars.size(); ++i) {
        // With thousands of cars their state outgrows the caches: load the next ones' meanwhile.
        using Stage = SimulatedCar::PrefetchStage;
        for (const Stage stage : {Stage::Record, Stage::Parts, Stage::Follower, Stage::Track}) {
            const std::size_t ahead = i + kPrefetchAhead[static_cast<int>(stage)];
            if (ahead >= m_cars.size()) continue;
            m_cars[ahead].prefetch(stage);
            if (stage == Stage::Follower) trackwright::prefetchBytes(&m_view.car(ahead), 1);
            if (stage == Stage::Track) m_view.prefetch(ahead);
        }
        m_cars[i].setTraffic(&m_view.car(i));
        m_cars[i].advance(dt);
    }
    m_time += dt;
    resolveContacts();
}

void Race::resolveContacts() {
    m_touchingNow.clear();
    const auto box = [&](std::size_t i) {
        const trackwright::VehicleState& s = m_cars[i].body().state;
        return CarBox{s.position, s.heading, m_lengths[i], m_cars[i].vehicle().width};
    };
    const auto test = [&](std::uint32_t i, std::uint32_t j) {
        const BoxOverlap o = overlapBoxes(box(i), box(j));
        if (!o.overlapping) return;
        const std::uint64_t key = pairKey(i, j);
        const auto known = std::lower_bound(m_touching.begin(), m_touching.end(), key, [](const auto& e, std::uint64_t k) { return e.first < k; });
        const bool continuing = (known != m_touching.end() && known->first == key) ||
                                std::find(m_touchingNow.begin(), m_touchingNow.end(), key) != m_touchingNow.end();
        if (!continuing) {
            // A new episode: who is behind along the route (the short way round a closed route)?
            const trackwright::TrafficCar& a = m_inputs[i];
            const trackwright::TrafficCar& b = m_inputs[j];
            double ahead = 0.0;  // m that j is ahead of i
            if (a.registered && b.registered && a.route == b.route) {
                ahead = double(b.distance) - a.distance;
                const trackwright::format::BakedRoute& r = m_track.view.routes[a.route];
                if (r.flags & trackwright::format::kRouteClosed) ahead = std::remainder(ahead, double(r.length));
            } else {
                ahead = trackwright::format::dot(b.position - a.position, {std::cos(double(a.heading)), std::sin(double(a.heading))});
            }
            const std::uint32_t behind = ahead >= 0.0 ? i : j, front = behind == i ? j : i;
            const double headingBehind = m_cars[behind].body().state.heading;
            const bool rear = std::abs(trackwright::format::dot(o.normal, {std::cos(headingBehind), std::sin(headingBehind)})) >= kRearContactCosine;
            std::uint32_t blamed = behind;
            if (!rear) {
                // Side: the car that moved across towards the other.
                const float towardsB = a.lateralSpeed * (b.lateral >= a.lateral ? 1.0f : -1.0f);
                const float towardsA = b.lateralSpeed * (a.lateral >= b.lateral ? 1.0f : -1.0f);
                if (towardsB != towardsA) blamed = towardsB > towardsA ? i : j;
            }
            const std::uint32_t other = blamed == behind ? front : behind;
            const trackwright::TrafficCar& hitter = m_inputs[blamed];
            m_contacts.episodes.push_back({blamed, other, rear, m_time, hitter.registered ? double(hitter.distance) : -1.0});
            ++(rear ? m_contacts.rear : m_contacts.side);
            ++m_contacts.blamed[blamed];
            ++m_contacts.involved[blamed];
            ++m_contacts.involved[other];
        }
        if (std::find(m_touchingNow.begin(), m_touchingNow.end(), key) == m_touchingNow.end()) m_touchingNow.push_back(key);
        resolveCarContact(m_cars[i].body(), m_cars[j].body(), o);
    };
    for (std::uint32_t i = 0; i < m_cars.size(); ++i) {
        const trackwright::CarTraffic& t = m_view.car(i);
        // Both sides test a pair alongside (a full list on one side must not hide it); once
        // resolved, the second test finds the boxes apart. Ahead: the car behind tests.
        for (int k = 0; k < t.alongsideCount; ++k) test(i, t.alongside[k].car);
        for (int k = 0; k < t.aheadCount && t.ahead[k].gap < kContactReach; ++k) test(i, t.ahead[k].car);
    }
    // Cars on different routes do not see each other in the view: at a pit lane's fork and join they
    // meet, so those pairs are tested by where they are. Only cars off the main route can be in such a
    // pair (a few in a pit lane): each is tested against the others, not every pair of the field.
    m_offMain.clear();
    for (std::uint32_t i = 0; i < m_cars.size(); ++i)
        if (m_inputs[i].registered && m_inputs[i].route != m_mainRoute) m_offMain.push_back(i);
    for (const std::uint32_t i : m_offMain) {
        for (std::uint32_t j = 0; j < m_cars.size(); ++j) {
            if (j == i || !m_inputs[j].registered || m_inputs[j].route == m_inputs[i].route) continue;
            if (m_inputs[j].route != m_mainRoute && j < i) continue;  // both off the main route: tested once
            const double reach = 0.5 * (m_lengths[i] + m_lengths[j]) + kContactReach;
            const trackwright::format::Vec2 d = m_cars[j].body().state.position - m_cars[i].body().state.position;
            if (trackwright::format::dot(d, d) < reach * reach) test(i, j);
        }
    }
    // Refresh the pairs that touched, add the new ones, and end the episodes apart long enough.
    for (std::uint64_t key : m_touchingNow) {
        const auto at = std::lower_bound(m_touching.begin(), m_touching.end(), key, [](const auto& e, std::uint64_t k) { return e.first < k; });
        if (at != m_touching.end() && at->first == key) at->second = m_time;
        else m_touching.insert(at, {key, m_time});
    }
    std::erase_if(m_touching, [&](const auto& e) { return m_time - e.second >= kContactEpisodeGap; });
}

} // namespace bake
