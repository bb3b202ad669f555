#include "bake/cli/lap_table.h"

#include <algorithm>
#include <cstdio>

namespace bake::cli {

void printLapTable(std::ostream& out, const std::vector<LapJob>& jobs, const std::vector<LapRunResult>& results,
                   const std::vector<trackwright::FollowerKind>& followers, const std::vector<trackwright::VehiclePreset>& vehicles) {
    struct Column {
        int trials = 0, stuckTrials = 0, stuckEvents = 0, completed = 0, planned = 0, unrecovered = 0, teleports = 0;
        double cte = 0.0, time = 0.0, corridor = 0.0, speed = 0.0;
        std::vector<int> byVehicle, unrecoveredByVehicle;
    };
    std::vector<Column> columns(followers.size());
    for (Column& c : columns) {
        c.byVehicle.assign(vehicles.size(), 0);
        c.unrecoveredByVehicle.assign(vehicles.size(), 0);
    }
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        const std::size_t f = static_cast<std::size_t>(std::find(followers.begin(), followers.end(), jobs[i].follower) - followers.begin());
        const std::size_t v = static_cast<std::size_t>(std::find(vehicles.begin(), vehicles.end(), jobs[i].vehicle) - vehicles.begin());
        const LapRunResult& r = results[i];
        Column& c = columns[f];
        ++c.trials;
        c.stuckTrials += r.stuckEvents > 0;
        c.stuckEvents += r.stuckEvents;
        c.planned += r.plannedRecoveries;
        c.unrecovered += r.unrecoveredStuckEvents;
        c.teleports += r.teleports;
        c.completed += r.completed;
        c.cte += r.cteMean;
        c.time += r.totalTime;
        c.corridor += r.insideCorridorPct;
        c.speed += r.meanSpeed;
        c.byVehicle[v] += r.stuckEvents;
        c.unrecoveredByVehicle[v] += r.unrecoveredStuckEvents;
    }
    char cell[64];
    auto row = [&](const char* label, auto value) {
        std::snprintf(cell, sizeof cell, "%-30s", label);
        out << cell;
        for (const Column& c : columns) {
            value(c);
            out << cell;
        }
        out << '\n';
    };
    std::snprintf(cell, sizeof cell, "%-30s", "");
    out << cell;
    for (trackwright::FollowerKind f : followers) {
        std::snprintf(cell, sizeof cell, "%16s", trackwright::followerName(f));
        out << cell;
    }
    out << '\n';
    row("Total stuck trials", [&](const Column& c) { std::snprintf(cell, sizeof cell, "%12d/%-3d", c.stuckTrials, c.trials); });
    row("Total stuck events", [&](const Column& c) { std::snprintf(cell, sizeof cell, "%16d", c.stuckEvents); });
    row("  answered by a plan", [&](const Column& c) { std::snprintf(cell, sizeof cell, "%16d", c.planned); });
    row("  unrecovered", [&](const Column& c) { std::snprintf(cell, sizeof cell, "%16d", c.unrecovered); });
    row("Teleports", [&](const Column& c) { std::snprintf(cell, sizeof cell, "%16d", c.teleports); });
    row("Cross track error mean (m)", [&](const Column& c) { std::snprintf(cell, sizeof cell, "%16.2f", c.trials ? c.cte / c.trials : 0.0); });
    row("Total time mean (s)", [&](const Column& c) { std::snprintf(cell, sizeof cell, "%16.1f", c.trials ? c.time / c.trials : 0.0); });
    row("Inside corridor mean (%)", [&](const Column& c) { std::snprintf(cell, sizeof cell, "%16.1f", c.trials ? c.corridor / c.trials : 0.0); });
    row("Speed mean (m/s)", [&](const Column& c) { std::snprintf(cell, sizeof cell, "%16.2f", c.trials ? c.speed / c.trials : 0.0); });
    row("Completed runs", [&](const Column& c) { std::snprintf(cell, sizeof cell, "%12d/%-3d", c.completed, c.trials); });
    out << "Stuck events by vehicle:\n";
    for (std::size_t v = 0; v < vehicles.size(); ++v) {
        std::string label = std::string("  ") + trackwright::vehiclePresetName(vehicles[v]);
        row(label.c_str(), [&](const Column& c) { std::snprintf(cell, sizeof cell, "%16d", c.byVehicle[v]); });
    }
    out << "Unrecovered stuck events by vehicle:\n";
    for (std::size_t v = 0; v < vehicles.size(); ++v) {
        std::string label = std::string("  ") + trackwright::vehiclePresetName(vehicles[v]);
        row(label.c_str(), [&](const Column& c) { std::snprintf(cell, sizeof cell, "%16d", c.unrecoveredByVehicle[v]); });
    }
}

} // namespace bake::cli
