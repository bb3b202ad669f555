#include "bake/lines/racing_lines.h"

#include "bake/lines/alternate_lines.h"
#include "bake/pipeline/class_vehicle.h"
#include "bake/pipeline/default_vehicle_classes.h"
#include "bake/lines/ideal_lap_descent.h"
#include "bake/lines/min_curvature_line.h"
#include "bake/lines/offset_line.h"
#include "bake/sim/verification_laps.h"

#include "formats/geometry/route_frames.h"
#include "trackwright/format/marker_kinds.h"
#include "trackwright/vehicle/vehicle_model.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace bake {
namespace {

constexpr double kWidthDifference = 0.1;  ///< m: classes this much narrower than the widest get their own line
constexpr double kOvertakingGap = 0.5;    ///< m between two cars side by side

/// The classes lines can be made for: the document's, else the bake's defaults (one per preset).
formats::VehicleClass findClass(const formats::TrackDocument& document, const std::string& name, bool& found) {
    found = true;
    for (const formats::VehicleClass& c : document.vehicleClasses)
        if (c.name == name) return resolvedClass(c);
    for (const formats::VehicleClass& c : defaultVehicleClasses())
        if (c.name == name) return c;
    found = false;
    return {};
}

/// The reference vehicle model that drives a class's refinement laps: the preset of the same name
/// (a preset class), else the class's own vehicle (its car, or its constants on the car preset): a
/// car class refined on the preset's 12 m/s² car follows hints that car cannot hold.
void driveRefinementWith(const formats::VehicleClass& vehicleClass, LapTimeRefinementOptions& refinement) {
    refinement.vehicle = trackwright::VehiclePreset::Car;
    refinement.parameters.reset();
    if (!trackwright::vehiclePresetByName(vehicleClass.name.c_str(), refinement.vehicle)) refinement.parameters = classVehicle(vehicleClass);
}

/// Routes in an order where a branch comes after the route it forks from and joins.
std::vector<std::uint32_t> parentsFirst(const formats::TrackDocument& document) {
    std::vector<std::uint32_t> order;
    std::vector<bool> placed(document.routes.size(), false);
    for (std::size_t pass = 0; pass <= document.routes.size() && order.size() < document.routes.size(); ++pass) {
        for (std::uint32_t r = 0; r < document.routes.size(); ++r) {
            if (placed[r]) continue;
            const formats::Route& route = document.routes[r];
            const bool ready = (!route.fork || placed[route.fork->route] || route.fork->route == r) &&
                               (!route.join || placed[route.join->route] || route.join->route == r);
            if (ready || pass == document.routes.size()) {
                placed[r] = true;
                order.push_back(r);
            }
        }
    }
    return order;
}

/// The offset of `lineName` for `className` at global node `node` of route `route`, if the line exists.
std::optional<double> offsetAt(const formats::TrackDocument& document, std::uint32_t route, std::uint32_t node, const std::string& lineName,
                               const std::string& className) {
    const formats::Route& r = document.routes[route];
    const auto at = std::find(r.nodes.begin(), r.nodes.end(), node);
    if (at == r.nodes.end()) return std::nullopt;
    const auto k = static_cast<std::size_t>(at - r.nodes.begin());
    for (const formats::Line& line : document.lines)
        if (line.route == route && line.name == lineName && line.vehicleClass == className && k < line.offsets.size()) return line.offsets[k];
    return std::nullopt;
}

void putLine(formats::TrackDocument& document, std::uint32_t route, const std::string& name, const std::string& className, std::vector<double> offsets) {
    for (formats::Line& line : document.lines) {
        if (line.route == route && line.name == name && line.vehicleClass == className) {
            line.offsets = std::move(offsets);
            return;
        }
    }
    document.lines.push_back({name, route, className, std::move(offsets)});
}

/// Fixed ends of an open route: a branch meets its parent's line; a main route keeps its own.
std::vector<double> fixedEnds(const formats::TrackDocument& document, std::uint32_t routeIndex, const std::string& className) {
    const formats::Route& route = document.routes[routeIndex];
    if (route.closed || route.nodes.empty()) return {};
    double first = 0.0, last = 0.0;
    if (const auto own = offsetAt(document, routeIndex, route.nodes.front(), "racing", className)) first = *own;
    if (const auto own = offsetAt(document, routeIndex, route.nodes.back(), "racing", className)) last = *own;
    auto parent = [&](const std::optional<formats::RouteAttachment>& a, double& value) {
        if (!a) return;
        if (auto v = offsetAt(document, a->route, a->node, "racing", className)) value = *v;
        else if (auto shared = offsetAt(document, a->route, a->node, "racing", "")) value = *shared;
    };
    parent(route.fork, first);
    parent(route.join, last);
    return {first, last};
}

} // namespace

RacingLineResult optimiseRacingLines(const formats::TrackDocument& input, const RacingLineOptions& o, const BakeContext& context) {
    RacingLineResult result;
    result.document = input;
    formats::TrackDocument& doc = result.document;

    // The shared line's class, and the narrower classes that get their own.
    // Resolved: a class that carries a car takes its width and limits from the car.
    std::vector<formats::VehicleClass> classes = doc.vehicleClasses.empty() ? defaultVehicleClasses() : doc.vehicleClasses;
    for (formats::VehicleClass& c : classes) c = resolvedClass(c);
    formats::VehicleClass reference;
    std::vector<formats::VehicleClass> own;
    if (!o.vehicleClass.empty()) {
        bool found = false;
        reference = findClass(doc, o.vehicleClass, found);
        if (!found) {
            formats::Diagnostic d;
            d.code = "raceline-unknown-class";
            d.message = "no vehicle class or vehicle called \"" + o.vehicleClass + "\": name one of the track's classes or a vehicle preset (car, truck, tank, armoured, buggy, hovercraft)";
            result.diagnostics.push_back(std::move(d));
            return result;
        }
    } else {
        reference = *std::max_element(classes.begin(), classes.end(), [](const auto& a, const auto& b) { return a.width < b.width; });
        for (const formats::VehicleClass& c : classes)
            if (c.width < reference.width - kWidthDifference && !doc.vehicleClasses.empty()) own.push_back(c);
    }

    struct Job {
        std::string className;  ///< "" for the shared line
        formats::VehicleClass vehicle;
    };
    std::vector<Job> jobs{{"", reference}};
    for (const formats::VehicleClass& c : own) jobs.push_back({c.name, c});

    const std::vector<std::uint32_t> order = parentsFirst(doc);
    const double steps = static_cast<double>(order.size() * jobs.size());
    double done = 0.0;
    for (const Job& job : jobs) {
        for (std::uint32_t r : order) {
            if (context.shouldStop()) {
                result.cancelled = true;
                return result;
            }
            const formats::Route& route = doc.routes[r];
            if (route.nodes.size() < 3) continue;
            const double margin = job.vehicle.width / 2.0 + o.safetyMargin;
            LineBounds bounds = tarmacBounds(doc, r, margin, fixedEnds(doc, r, job.className));
            for (formats::Diagnostic& d : bounds.diagnostics) result.diagnostics.push_back(d);
            const auto started = std::chrono::steady_clock::now();
            const MinCurvatureResult line = minimumCurvatureOffsets(doc, r, bounds);
            RacingLineReport report;
            report.route = r;
            report.name = "racing";
            report.vehicleClass = job.className;
            report.optimiserMilliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
            putLine(doc, r, "racing", job.className, line.offsets);
            context.say("racing line of route \"" + route.name + "\"" + (job.className.empty() ? "" : " for " + job.className) + ": " +
                        std::to_string(report.optimiserMilliseconds) + " ms");

            if (o.method == RacingLineMethod::LapTime) {
                BakeContext inner;
                inner.cancelled = context.cancelled;
                inner.log = context.log;
                const IdealLapDescentResult fastest = descendIdealLap(doc, r, line.offsets, bounds, job.vehicle, o.descent, inner);
                report.idealLapBefore = fastest.lapTimeBefore;
                report.idealLapAfter = fastest.lapTimeAfter;
                report.idealLapEvaluations = fastest.evaluations;
                if (fastest.cancelled) {
                    result.cancelled = true;
                    return result;
                }

                LapTimeRefinementOptions refinement = o.refinement;
                refinement.vehicleClass = job.vehicle.name;
                driveRefinementWith(job.vehicle, refinement);
                formats::TrackDocument trial = doc;
                if (std::none_of(trial.vehicleClasses.begin(), trial.vehicleClasses.end(), [&](const auto& c) { return c.name == job.vehicle.name; }))
                    trial.vehicleClasses.push_back(job.vehicle);
                std::size_t lineIndex = 0;
                for (std::size_t l = 0; l < trial.lines.size(); ++l)
                    if (trial.lines[l].route == r && trial.lines[l].name == "racing" && trial.lines[l].vehicleClass == job.className) lineIndex = l;
                trial.lines[lineIndex].vehicleClass.clear();
                // The descended line is judged like any move, by the simulated lap: at the limit
                // everywhere, it can be harder to follow than the smoother minimum-curvature line.
                report.minimumCurvatureLap = simulatedLapTime(trial, lineIndex, refinement);
                trial.lines[lineIndex].offsets = fastest.offsets;
                report.descendedLap = simulatedLapTime(trial, lineIndex, refinement);
                report.descentKept = report.descendedLap <= report.minimumCurvatureLap;
                if (!report.descentKept) trial.lines[lineIndex].offsets = line.offsets;
                const LapTimeRefinementResult refined = refineLapTime(trial, lineIndex, bounds, refinement, inner);
                report.lapTimeBefore = refined.lapTimeBefore;
                report.lapTimeAfter = refined.lapTimeAfter;
                report.lapEvaluations = refined.evaluations;
                putLine(doc, r, "racing", job.className, refined.offsets);
                if (refined.cancelled) {
                    result.cancelled = true;
                    return result;
                }
            }
            const std::vector<double>& racing = [&]() -> const std::vector<double>& {
                for (const formats::Line& l : doc.lines)
                    if (l.route == r && l.name == "racing" && l.vehicleClass == job.className) return l.offsets;
                return line.offsets;
            }();
            report.centre = measureLine(formats::routeGroundPositions(doc, route), route.closed);
            report.line = measureLine(offsetLinePoints(doc, r, racing), route.closed);
            result.reports.push_back(report);

            // Alternates for the shared line of routes that are not branches.
            if (o.alternates && job.className.empty() && !route.fork && !route.join) {
                const std::vector<double> racingCopy = racing;
                const AlternateLine defending = defendingLine(doc, r, bounds, racingCopy);
                const AlternateLine left = overtakingLine(doc, r, bounds, racingCopy, true, job.vehicle.width, kOvertakingGap);
                const AlternateLine right = overtakingLine(doc, r, bounds, racingCopy, false, job.vehicle.width, kOvertakingGap);
                std::erase_if(doc.markers, [&](const formats::Marker& m) {
                    return m.kind == formats::kMarkerOvertakingEntry && std::find(route.nodes.begin(), route.nodes.end(), m.node) != route.nodes.end();
                });
                for (const AlternateLine* side : {&left, &right}) {
                    for (std::size_t k : overtakingEntries(doc, r, racingCopy, side->offsets, job.vehicle.width))
                        doc.markers.push_back({formats::kMarkerOvertakingEntry, route.nodes[k], side->name});
                }
                for (const AlternateLine* alternate : {&defending, &left, &right}) putLine(doc, r, alternate->name, "", alternate->offsets);
            }
            context.advance(++done / steps);
        }
    }
    return result;
}

} // namespace bake
