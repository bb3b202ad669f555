#include "bake/sim/verification_laps.h"

#include "bake/sim/simulated_car.h"

#include <algorithm>
#include <cmath>

namespace bake {

LapRunResult runVerificationLaps(const trackwright::BakedTrack& track, const LapRunOptions& o) {
    LapRunResult result;
    result.strength = o.strength;
    CarSetup setup;
    setup.follower = o.follower;
    setup.vehicle = o.vehicle;
    setup.parameters = o.parameters;
    setup.line = o.line;
    setup.vehicleClass = o.vehicleClass;
    setup.startDistance = o.startDistance;
    setup.plannedRecovery = o.plannedRecovery;
    setup.speedCap = o.speedCap;
    if (o.strength != 1.0f || o.mistakes > 0.0f) {
        trackwright::DriverProfile driver;
        driver.strength = o.strength;
        driver.mistakes = o.mistakes;
        driver.seed = o.seed;
        driver.consistency = 1.0f;
        driver.reactionTime = 0.0f;
        setup.driver = driver;
    }
    SimulatedCar car(track, setup);
    result.idealLapTime = car.idealLapTime();

    const bool closed = car.closedRoute();
    const double length = car.routeLength();
    const int laps = closed ? std::max(1, o.laps) : 1;
    const double firstTimedLine = car.progress() > 0.0 ? length : 0.0;
    const double goal = closed ? firstTimedLine + laps * length : length - 1.0;
    // Generous limit: a run slower than this is a failure, not a slow success.
    const double timeLimit = 120.0 + 8.0 * laps * std::max(result.idealLapTime, length / 5.0);
    while (car.time() < timeLimit) {
        car.step(o.dt);
        if (car.progress() >= goal) {
            result.completed = true;
            break;
        }
    }
    const CarTotals& totals = car.totals();
    result.lapTimes = totals.lapTimes;
    if (result.completed && !closed) result.lapTimes.push_back(car.time());
    result.totalTime = car.time();
    result.teleports = totals.teleports;
    result.mistakes = car.mistakeTally();
    result.maxLateralAcceleration = totals.maxLateralAcceleration;
    result.cteMax = totals.crossTrackMax;
    const trackwright::StuckStats stuck = car.stuckStats();
    result.stuckEvents = stuck.events;
    result.plannedRecoveries = stuck.plannedRecoveries;
    // An event still pending at the end recovered if the run got to the finish after it.
    result.unrecoveredStuckEvents = stuck.unrecovered + (stuck.pending && !result.completed ? 1 : 0);
    if (totals.ticks > 0) {
        const auto ticks = static_cast<double>(totals.ticks);
        result.cteMean = totals.crossTrackSum / ticks;
        result.insideCorridorPct = 100.0 * static_cast<double>(totals.ticksOnTarmac) / ticks;
        result.insideRunoffPct = 100.0 * static_cast<double>(totals.ticksOnRunoff) / ticks;
        result.meanSpeed = totals.speedSum / ticks;
    }
    if (!result.lapTimes.empty() && result.idealLapTime > 0.0)
        result.idealRatio = result.idealLapTime / *std::min_element(result.lapTimes.begin(), result.lapTimes.end());
    return result;
}

} // namespace bake
