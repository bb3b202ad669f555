#include "bake/experiments/plan_experiment.h"
#include "bake/pipeline/loaded_bake.h"

#include "bake/pipeline/bake_track.h"
#include "formats/baked/baked_writer.h"
#include "trackwright/track/baked_track.h"
#include "trackwright/plan/plan_track_area.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstring>
#include <ctime>
#include <memory>
#include <random>
#include <stdexcept>
#include <thread>

namespace bake {
namespace {

/// Uniform in [0, 1) from 53 bits of the engine: the same numbers on every standard library.
double unit(std::mt19937_64& random) {
    return static_cast<double>(random() >> 11) * (1.0 / 9007199254740992.0);
}

/// Seconds of processor time this thread has used: a search's own cost, not the time other
/// processes (or the other search threads) held the processor while it waited. Falls back to the
/// wall clock where the system has no per-thread clock.
double threadSeconds() {
#if defined(CLOCK_THREAD_CPUTIME_ID)
    timespec now{};
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now) == 0) return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
#endif
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

SearchOutcome timed(trackwright::MovementPlanner& planner, const trackwright::PlanVehicle& v, const trackwright::PlanState& start,
                    const trackwright::PlanState& goal, const trackwright::PlanSettings& settings, trackwright::PlanValidity validity = {}) {
    SearchOutcome out;
    const double begin = threadSeconds();
    const trackwright::PlanResult r = planner.plan(v, start, goal, settings, validity);
    out.seconds = threadSeconds() - begin;
    out.status = r.status;
    out.iterations = r.iterations;
    out.time = r.time;
    return out;
}

/// Runs `work(i, planner)` for i in [0, count) on `jobs` threads, each with its own planner.
template <class Work>
void parallelFor(std::size_t count, unsigned jobs, Work work) {
    std::atomic<std::size_t> next{0};
    auto worker = [&] {
        trackwright::MovementPlanner planner(1u << 20, 8192);  // buffers are touched only as far as searches go
        for (std::size_t i = next++; i < count; i = next++) work(i, planner);
    };
    const unsigned threads = static_cast<unsigned>(std::clamp<std::size_t>(jobs ? jobs : std::max(1u, std::thread::hardware_concurrency()), 1, std::max<std::size_t>(1, count)));
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t) pool.emplace_back(worker);
    worker();
    for (std::thread& t : pool) t.join();
}

} // namespace

std::vector<RandomSearch> thesisRandomSearches(int count, std::uint64_t seed) {
    std::mt19937_64 random(seed);
    std::vector<RandomSearch> searches;
    for (int i = 0; i < count; ++i) {
        RandomSearch s;
        const double radius = 5.0 + 3.0 * unit(random);
        const double lateral = 10.0 + 10.0 * unit(random);
        s.vehicle = trackwright::carPlanVehicle(static_cast<float>(radius), static_cast<float>(lateral), 1.5f, 5.0f, 13.8f);
        s.start = {0.0f, 0.0f, 0.0f, static_cast<float>(13.8 * unit(random))};
        const double distance = 8.0 * radius * unit(random);
        const double direction = 2.0 * M_PI * unit(random);
        s.goal = {static_cast<float>(distance * std::cos(direction)), static_cast<float>(distance * std::sin(direction)),
                  static_cast<float>(2.0 * M_PI * unit(random) - M_PI), static_cast<float>(13.8 * unit(random))};
        s.euclidean = static_cast<float>(distance);
        searches.push_back(s);
    }
    return searches;
}

trackwright::PlanSettings thesisSettings() {
    trackwright::PlanSettings s;
    s.mode = trackwright::PlanMode::AStarOnly;  // §5.1: A* only unless a test says otherwise
    s.discretization.accelerationLevels = 1;
    s.iterationLimit = 100000;
    s.shot.enabled = false;
    return s;
}

trackwright::PlanSettings shotSettings() {
    trackwright::PlanSettings s = thesisSettings();
    s.shot = trackwright::PlanShotSettings{};
    return s;
}

double RandomSummary::quantile(std::vector<double> values, double q) {
    if (values.empty()) return 0.0;
    std::sort(values.begin(), values.end());
    const auto rank = static_cast<std::size_t>(std::ceil(q * static_cast<double>(values.size())));
    return values[std::clamp<std::size_t>(rank, 1, values.size()) - 1];
}

std::vector<RandomSearchResult> runRandomSearches(const std::vector<RandomSearch>& searches, unsigned jobs, std::uint32_t iterationLimit) {
    std::vector<RandomSearchResult> results(searches.size());
    parallelFor(searches.size(), jobs, [&](std::size_t i, trackwright::MovementPlanner& planner) {
        const RandomSearch& s = searches[i];
        RandomSearchResult& r = results[i];
        // The product's search first: a search clears what the last one left (the probe's few
        // nodes here), and a user waits for that too.
        trackwright::PlanSettings shot = shotSettings();
        shot.iterationLimit = iterationLimit;
        r.shot = timed(planner, s.vehicle, s.start, s.goal, shot);
        trackwright::PlanSettings settings = thesisSettings();
        settings.iterationLimit = iterationLimit;
        r.astar = timed(planner, s.vehicle, s.start, s.goal, settings);
        trackwright::PlanSettings thesis = settings;
        thesis.heuristicForm = trackwright::PlanHeuristicForm::Thesis;
        r.astarThesis = timed(planner, s.vehicle, s.start, s.goal, thesis);
        trackwright::PlanSettings distance = thesis;  // Pinter's distance, as §5.4 compares
        distance.heuristic = trackwright::PlanHeuristicKind::DistanceOnly;
        r.distance = timed(planner, s.vehicle, s.start, s.goal, distance);
        trackwright::PlanSettings probe = settings;
        probe.mode = trackwright::PlanMode::ProbeOnly;
        r.probe = timed(planner, s.vehicle, s.start, s.goal, probe);
        if (!planner.path().empty()) {
            const trackwright::PlanState end = planner.path().back().state;
            r.probeEndDistance = std::hypot(end.x - s.goal.x, end.y - s.goal.y);
            r.probe.time = planner.path().back().time;
        }
        if (r.probe.status == trackwright::PlanStatus::ProbeStopped) r.probe.status = trackwright::PlanStatus::NoPath;
    });
    return results;
}

int distanceBand(float euclidean) {
    return std::clamp(static_cast<int>(euclidean / 10.0f), 0, kDistanceBands - 1);
}

RandomSummary summarize(const std::vector<RandomSearch>& searches, const std::vector<RandomSearchResult>& results) {
    RandomSummary s;
    s.searches = static_cast<int>(results.size());
    for (std::size_t i = 0; i < results.size(); ++i) {
        const RandomSearchResult& r = results[i];
        const int band = distanceBand(searches[i].euclidean);
        const int all = kDistanceBands;
        s.probeIterations.add(r.probe.iterations);
        s.probeWithinCell += r.probeEndDistance <= 1.0f;
        s.astarSeconds += r.astar.seconds;
        s.astarTotalIterations += r.astar.iterations;
        if (r.astar.found()) {
            ++s.astarFound;
            s.astarIterations.add(r.astar.iterations);
            for (int b : {band, all}) {
                s.pairedAStar[b].add(r.astar.iterations);
                s.pairedProbe[b].add(r.probe.iterations);
                s.pairedShot[b].add(r.shot.iterations);
            }
        }
        if (r.astarThesis.found()) {
            ++s.astarThesisFound;
            s.astarThesisIterations.add(r.astarThesis.iterations);
        }
        if (r.distance.found()) {
            ++s.distanceFound;
            s.distanceIterations.add(r.distance.iterations);
        }
        if (r.astarThesis.found() && r.distance.found()) {
            for (int b : {band, all}) {
                s.pairedTime[b].add(r.astarThesis.iterations);
                s.pairedTimeShot[b].add(r.shot.iterations);
                s.pairedDistance[b].add(r.distance.iterations);
                s.pairedTimeSeconds[b].add(r.astarThesis.time);
                s.pairedDistanceSeconds[b].add(r.distance.time);
            }
        }
        s.shotSeconds.push_back(r.shot.seconds);
        s.shotIterationList.push_back(r.shot.iterations);
        if (r.shot.found()) {
            ++s.shotFound;
            s.shotIterations.add(r.shot.iterations);
            if (r.astar.found() && r.astar.time > 0.0f) {
                const double slower = 100.0 * (r.shot.time - r.astar.time) / r.astar.time;
                s.shotSlowerPct.add(slower);
                s.shotSlowerMaxPct = std::max(s.shotSlowerMaxPct, slower);
                s.shotWithin5Pct += slower <= 5.0;
            }
        }
        if (r.probe.found()) ++s.probeReached;
        // Table 5.8 compares the probe's path with A*'s where the probe got to the goal's cell or a
        // neighbouring one (§5.6: "finds a path to at least the grid cell neighbouring the goal").
        if (r.probeEndDistance <= 1.0f && r.astar.found() && r.astar.time > 0.0f) {
            for (int b : {band, all}) {
                s.overheadAStarTime[b].add(r.astar.time);
                s.overheadProbeTime[b].add(r.probe.time);
                s.overheadPct[b].add(100.0 * (r.probe.time - r.astar.time) / r.astar.time);
            }
        }
    }
    return s;
}

formats::TrackDocument curveRoad(const CurveType& curve, double w) {
    formats::TrackDocument doc;
    doc.name = curve.name;
    formats::Route route{"road", false, {}, std::nullopt, std::nullopt};
    auto add = [&](double x, double y) {
        formats::TrackNode node;
        node.position = {x, y, 0.0};
        node.left = {w, w + 0.5, w + 1.0};
        node.right = {w, w + 0.5, w + 1.0};
        route.nodes.push_back(static_cast<std::uint32_t>(doc.nodes.size()));
        doc.nodes.push_back(node);
    };
    const double lead = 10.0;
    for (double x = -lead; x < 0.0; x += 1.0) add(x, 0.0);
    const double turn = curve.angleDeg * M_PI / 180.0;
    const double side = turn > 0.0 ? 1.0 : -1.0;  // centre to the left for a left curve
    const double arc = std::abs(turn) * curve.radius;
    const int arcSteps = static_cast<int>(std::ceil(arc));
    for (int i = 0; i < arcSteps; ++i) {
        const double a = std::abs(turn) * i / arcSteps;
        add(curve.radius * std::sin(a), side * curve.radius * (1.0 - std::cos(a)));
    }
    const double ex = curve.radius * std::sin(std::abs(turn)), ey = side * curve.radius * (1.0 - std::cos(std::abs(turn)));
    for (int i = 0; i <= static_cast<int>(lead); ++i) add(ex + i * std::cos(turn), ey + i * std::sin(turn));
    doc.routes.push_back(route);
    doc.vehicleClasses.push_back({"car", 15.0, 1.5, 5.0, 13.8, 2.6, 0.5, 1.8});
    return doc;
}

std::vector<SearchOutcome> runCurveSearches(const CurveType& curve, int count, std::uint64_t seed, unsigned jobs, const trackwright::PlanSettings& settings) {
    const BakeResult baked = bakeTrack(curveRoad(curve));
    if (!baked.data) throw std::runtime_error(std::string("the ") + curve.name + " curve road does not bake");
    LoadedBake loaded;
    if (loadBakedData(*baked.data, loaded) != trackwright::LoadStatus::Ok)
        throw std::runtime_error(std::string("the ") + curve.name + " curve road's bake does not load");
    const trackwright::BakedTrack& track = loaded.track;
    const formats::BakedRoute& route = track.view.routes[0];
    const formats::BakedNode& first = track.view.nodes[route.firstNode];
    const formats::BakedNode& last = track.view.nodes[route.firstNode + route.nodeCount - 1];
    trackwright::PlanTrackArea area;
    area.track = &track;
    area.edge = trackwright::TrackEdge::Track;

    struct Draw {
        trackwright::PlanVehicle vehicle;
        float speed;
    };
    std::mt19937_64 random(seed);
    std::vector<Draw> draws;
    for (int i = 0; i < count; ++i) {
        const double radius = 5.0 + 3.0 * unit(random), lateral = 10.0 + 10.0 * unit(random), speed = 1.0 + 12.8 * unit(random);
        draws.push_back({trackwright::carPlanVehicle(static_cast<float>(radius), static_cast<float>(lateral), 1.5f, 5.0f, 13.8f), static_cast<float>(speed)});
    }
    std::vector<SearchOutcome> outcomes(draws.size());
    parallelFor(draws.size(), jobs, [&](std::size_t i, trackwright::MovementPlanner& planner) {
        const trackwright::PlanState start{first.x, first.y, std::atan2(first.tangentY, first.tangentX), draws[i].speed};
        const trackwright::PlanState goal{last.x, last.y, std::atan2(last.tangentY, last.tangentX), draws[i].speed};
        outcomes[i] = timed(planner, draws[i].vehicle, start, goal, settings, area.validity());
    });
    return outcomes;
}

} // namespace bake
