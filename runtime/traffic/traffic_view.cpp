#include "trackwright/traffic/traffic_view.h"

#include "trackwright/track/prefetch.h"
#include "trackwright/traffic/catch_time.h"

#include <algorithm>
#include <cmath>

namespace trackwright {

namespace {

float lateralGapBetween(float lateralA, float widthA, float lateralB, float widthB) {
    return std::abs(lateralB - lateralA) - 0.5f * (widthA + widthB);
}

/// The neighbour record of `other` seen from `self`, `centre` m ahead of it along the route
/// (negative: behind). Gaps bumper to bumper; see TrafficNeighbour for each field.
TrafficNeighbour neighbour(const TrafficCar& self, const TrafficCar& other, std::uint32_t index, float centre, float routeLength,
                           const TrafficParameters& p) {
    TrafficNeighbour n;
    n.lateral = other.lateral;
    n.width = other.width;
    n.length = other.length;
    n.pace = other.pace;
    n.straightPace = other.straightPace;
    if (routeLength > 0.0f) {
        // The race distance between the two, less the short way round the track: whole laps.
        n.lapsAhead = static_cast<std::int32_t>(std::lround((other.raceDistance - self.raceDistance - centre) / routeLength));
    }
    n.car = index;
    n.centre = centre;
    n.gap = std::abs(centre) - 0.5f * (self.length + other.length);
    n.side = other.lateral >= self.lateral ? 1.0f : -1.0f;
    n.speed = other.speed;
    n.maxBraking = other.maxBraking;
    n.lateralGap = lateralGapBetween(self.lateral, self.width, other.lateral, other.width);
    if (n.gap <= 0.0f) {
        // Alongside: how fast the sides approach each other.
        n.closingSpeed = (self.lateralSpeed - other.lateralSpeed) * n.side;
        n.lateralGapAtCatch = n.lateralGap;
        return n;
    }
    if (centre > 0.0f) {  // ahead: this car catches it
        n.closingSpeed = self.speed - other.speed;
        n.catchTime = catchTime(n.gap, self.speed, other.speed, other.maxBraking);
        n.timeToCollision = timeToCollision(n.gap, self.speed, other.speed);
    } else {  // behind: it catches this car
        n.closingSpeed = other.speed - self.speed;
        n.catchTime = catchTime(n.gap, other.speed, self.speed, self.maxBraking);
        n.timeToCollision = timeToCollision(n.gap, other.speed, self.speed);
    }
    const float t = std::min(n.catchTime, p.lateralHorizon);
    n.lateralGapAtCatch = lateralGapBetween(self.lateral + self.lateralSpeed * t, self.width, other.lateral + other.lateralSpeed * t, other.width);
    return n;
}

} // namespace

void TrafficView::reserve(std::size_t cars) {
    m_order.reserve(cars);
    m_traffic.reserve(cars);
}

void TrafficView::build(const BakedTrack& track, std::span<const TrafficCar> cars, const TrafficParameters& p) {
    const auto seen = [&](std::size_t i) { return cars[i].registered && cars[i].route < track.view.routes.size() && std::isfinite(cars[i].distance); };
    const auto before = [&](std::uint32_t a, std::uint32_t b) {
        if (cars[a].route != cars[b].route) return cars[a].route < cars[b].route;
        if (cars[a].distance != cars[b].distance) return cars[a].distance < cars[b].distance;
        return a < b;
    };
    // Once per tick, by route, then distance along it, then index (a strict order: the result is
    // the same however it is reached). Cars move little between ticks, so last tick's order is
    // nearly sorted and an insertion sort finishes it in O(n); when it would move more than a few
    // places a car (the first tick, a new set of cars, teleports) the full sort, O(n log n), runs.
    const bool sameCars = cars.size() == m_size && !m_order.empty();
    m_size = cars.size();
    m_traffic.resize(cars.size());
    std::size_t seenNow = 0;
    for (std::size_t i = 0; i < cars.size(); ++i) {
        // The counts only: zeroing whole records (740 bytes a car) was a quarter of the view's
        // time at 10 000 cars and pushed the followers' state out of the cache.
        CarTraffic& t = m_traffic[i];
        t.aheadCount = t.alongsideCount = t.behindCount = t.mergeCount = 0;
        t.lateralSpeed = cars[i].lateralSpeed;
        seenNow += seen(i);
    }
    bool sorted = false;
    if (sameCars) {
        std::size_t kept = 0;  // last tick's order, less the cars no longer seen
        for (std::uint32_t i : m_order)
            if (seen(i)) m_order[kept++] = i;
        m_order.resize(kept);
        if (kept == seenNow) {  // the same cars seen: only their order may have changed
            std::size_t moves = 0;
            const std::size_t budget = 8 * kept + 16;
            for (std::size_t k = 1; k < kept && moves <= budget; ++k) {
                const std::uint32_t car = m_order[k];
                std::size_t at = k;
                for (; at > 0 && before(car, m_order[at - 1]) && moves <= budget; --at, ++moves) m_order[at] = m_order[at - 1];
                m_order[at] = car;
            }
            sorted = moves <= budget;
        }
    }
    if (!sorted) {
        m_order.clear();
        for (std::size_t i = 0; i < cars.size(); ++i)
            if (seen(i)) m_order.push_back(static_cast<std::uint32_t>(i));
        std::sort(m_order.begin(), m_order.end(), before);
    }

    for (std::size_t begin = 0; begin < m_order.size();) {
        const std::uint32_t route = cars[m_order[begin]].route;
        std::size_t end = begin;
        while (end < m_order.size() && cars[m_order[end]].route == route) ++end;
        const std::size_t count = end - begin;
        const format::BakedRoute& r = track.view.routes[route];
        const bool closed = (r.flags & format::kRouteClosed) != 0;
        const float length = r.length;
        const float half = 0.5f * length;
        const float lapLength = closed ? length : 0.0f;

        for (std::size_t k = 0; k < count; ++k) {
            const std::uint32_t i = m_order[begin + k];
            const TrafficCar& self = cars[i];
            CarTraffic& out = m_traffic[i];
            // Forward: the cars ahead (and those alongside a little ahead), the short way round.
            for (std::size_t step = 1; step < count; ++step) {
                std::size_t at = k + step;
                float wrap = 0.0f;
                if (at >= count) {
                    if (!closed) break;
                    at -= count;
                    wrap = length;
                }
                const std::uint32_t j = m_order[begin + at];
                const float centre = cars[j].distance + wrap - self.distance;
                if (closed && centre > half) break;
                const float gap = centre - 0.5f * (self.length + cars[j].length);
                if (gap <= 0.0f) {
                    if (out.alongsideCount < kMaxTrafficAlongside) out.alongside[out.alongsideCount++] = neighbour(self, cars[j], j, centre, lapLength, p);
                    continue;
                }
                if (gap > p.aheadRange || out.aheadCount == kMaxTrafficAhead) break;
                out.ahead[out.aheadCount++] = neighbour(self, cars[j], j, centre, lapLength, p);
            }
            // Backward: the cars behind (and those alongside a little behind).
            for (std::size_t step = 1; step < count; ++step) {
                float wrap = 0.0f;
                std::size_t at;
                if (step <= k) {
                    at = k - step;
                } else {
                    if (!closed) break;
                    at = k + count - step;
                    wrap = length;
                }
                const std::uint32_t j = m_order[begin + at];
                const float behindBy = self.distance + wrap - cars[j].distance;
                if (closed && behindBy >= half) break;
                const float gap = behindBy - 0.5f * (self.length + cars[j].length);
                if (gap <= 0.0f) {
                    if (out.alongsideCount < kMaxTrafficAlongside) out.alongside[out.alongsideCount++] = neighbour(self, cars[j], j, -behindBy, lapLength, p);
                    continue;
                }
                if (gap > p.behindRange || out.behindCount == kMaxTrafficBehind) break;
                out.behind[out.behindCount++] = neighbour(self, cars[j], j, -behindBy, lapLength, p);
            }
        }
        begin = end;
    }
    fillMerges(track, cars);
}

void TrafficView::prefetch(std::size_t i) const {
    const CarTraffic& t = m_traffic[i];
    prefetchBytes(t.ahead, static_cast<std::size_t>(t.aheadCount) * sizeof(TrafficNeighbour));
    prefetchBytes(t.alongside, static_cast<std::size_t>(t.alongsideCount) * sizeof(TrafficNeighbour));
    prefetchBytes(t.behind, static_cast<std::size_t>(t.behindCount) * sizeof(TrafficNeighbour));
    prefetchBytes(t.merge, static_cast<std::size_t>(t.mergeCount) * sizeof(MergeCar));
}

void TrafficView::fillMerges(const BakedTrack& track, std::span<const TrafficCar> cars) {
    // Only cars on branches that join a route (pit lanes): rare, so a walk over every car each.
    bool joins = false;
    for (const format::BakedRoute& r : track.view.routes) joins = joins || r.joinNode != format::kNoRoute;
    if (!joins) return;
    for (std::uint32_t i : m_order) {
        const format::BakedRoute& r = track.view.routes[cars[i].route];
        if (r.joinNode == format::kNoRoute) continue;
        const std::uint32_t joined = track.routeOfNode(r.joinNode);
        if (joined == format::kNoRoute) continue;
        const format::BakedRoute& j = track.view.routes[joined];
        const bool closed = (j.flags & format::kRouteClosed) != 0;
        const float join = track.view.nodes[r.joinNode].distance;
        CarTraffic& out = m_traffic[i];
        for (std::uint32_t k : m_order) {
            if (cars[k].route != joined) continue;
            float toJoin = join - cars[k].distance;
            if (closed && j.length > 0.0f) toJoin = std::remainder(toJoin, j.length);
            if (toJoin > kMergeReachBefore || toJoin < -kMergeReachAfter) continue;
            const MergeCar m{k, toJoin, cars[k].speed, cars[k].length, cars[k].maxBraking};
            // Insert nearest to the join in time first (a fast car far back before a slow one near
            // it); a full list drops its last.
            const auto seconds = [](const MergeCar& c) { return std::abs(c.toJoin) / std::max(1.0f, c.speed); };
            int at = out.mergeCount;
            while (at > 0 && seconds(out.merge[at - 1]) > seconds(m)) --at;
            if (at >= kMaxMergeCars) continue;
            for (int n = std::min(out.mergeCount, kMaxMergeCars - 1); n > at; --n) out.merge[n] = out.merge[n - 1];
            out.merge[at] = m;
            out.mergeCount = std::min(out.mergeCount + 1, kMaxMergeCars);
        }
    }
}

TrafficCar trafficCar(const BakedTrack& track, const VehicleState& state, const Registration& registration, float length, float width,
                      float maxBraking, float maxAcceleration) {
    TrafficCar car;
    car.position = state.position;
    car.heading = state.heading;
    car.speed = state.speed;
    car.length = length;
    car.width = width;
    car.maxBraking = maxBraking;
    car.maxAcceleration = maxAcceleration;
    if (!registration.defined || registration.route >= track.view.routes.size()) return car;
    const format::BakedRoute& route = track.view.routes[registration.route];
    if (registration.segment >= route.nodeCount) return car;
    car.registered = true;
    car.route = registration.route;
    car.distance = registration.distance;
    car.lateral = registration.lateral;
    // Across the segment's direction (the link between its nodes): speed · sin(heading − link).
    const format::BakedNode& a = track.view.nodes[route.firstNode + registration.segment];
    const format::BakedNode& b = track.view.nodes[route.firstNode + (registration.segment + 1) % route.nodeCount];
    const format::Vec2 link = format::normalized({double(b.x) - a.x, double(b.y) - a.y});
    const format::Vec2 forward{std::cos(double(state.heading)), std::sin(double(state.heading))};
    car.lateralSpeed = static_cast<float>(state.speed * format::cross(link, forward));
    return car;
}

} // namespace trackwright
