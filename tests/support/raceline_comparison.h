#pragma once

// The racing-line comparison with the peer's lines in ../shared/tracks/racelines, shared by the
// regression test and the bench command that prints the README's table.

#include "bake/lines/cubic_spline.h"
#include "bake/pipeline/default_vehicle_classes.h"
#include "bake/lines/ideal_lap_descent.h"
#include "bake/lines/lap_time_refinement.h"
#include "bake/pipeline/line_curvature.h"
#include "bake/lines/line_metrics.h"
#include "bake/lines/min_curvature_line.h"
#include "bake/lines/racing_lines.h"
#include "bake/sim/verification_laps.h"

#include "formats/import/csv_table.h"
#include "formats/source/file_io.h"
#include "formats/geometry/route_frames.h"
#include "formats/import/track_import.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace tw::test {

struct LineFigures {
    bake::LineMetrics metrics;
    double idealLapTime = 0.0;  ///< s, the baked speed profile's, car class
};

struct CircuitComparison {
    std::string name;
    LineFigures centre, peer, ours;
    LineFigures fastest;              ///< ours after the ideal-lap descent (the lap-time method's first stage)
    double descentMilliseconds = 0.0;
    int descentEvaluations = 0;
    double margin = 0.0;            ///< m kept from the tarmac edges: the peer's own median clearance
    double optimiserMilliseconds = 0.0;
    formats::TrackDocument document;  ///< the circuit with our descended line as "racing"
    std::vector<double> minimumCurvatureOffsets, descendedOffsets;
    std::uint32_t racingLine = 0;     ///< its index in document.lines
    bake::LineBounds bounds;
};

inline std::vector<formats::Vec2> readPolyline(const std::string& text) {
    std::vector<formats::Vec2> points;
    std::istringstream in(text);
    std::string row;
    while (std::getline(in, row)) {
        if (row.empty() || row[0] == '#') continue;
        std::istringstream fields(row);
        formats::Vec2 p;
        char comma = 0;
        if (fields >> p.x >> comma >> p.y) points.push_back(p);
    }
    return points;
}

/// Compares on equal room: our optimiser keeps the peer's own clearance from the tarmac edges where
/// it runs along them (the 5th percentile over the nodes, measured on our perpendiculars), and where the peer's line
/// comes closer to an edge than that, our bounds widen to include it, so the peer's line is always
/// a feasible answer to our problem. Both lines are measured on their own points the same way: the
/// cubic spline through them for curvature and length, the bake's speed profile for the lap.
/// `vehicle`: the class whose ideal laps are compared (the car preset's; a class with a car is
/// judged on its g-g-v envelope).
inline CircuitComparison compareCircuit(const std::filesystem::path& centreCsv, const std::filesystem::path& peerCsv,
                                        const formats::VehicleClass& vehicle = bake::vehicleClassFor(trackwright::VehiclePreset::Car)) {
    std::string error;
    const auto centreText = formats::readWholeFile(centreCsv, error);
    const auto peerText = formats::readWholeFile(peerCsv, error);
    if (!centreText || !peerText) throw std::runtime_error(error);
    formats::ImportResult imported = formats::importTumCsv(*centreText, centreCsv.stem().string(), {}, *peerText);
    if (!imported.document || imported.document->lines.empty()) throw std::runtime_error("cannot import " + centreCsv.string());
    CircuitComparison c;
    c.name = centreCsv.stem().string();
    c.document = std::move(*imported.document);
    formats::TrackDocument& doc = c.document;
    const std::vector<double> peerOffsets = doc.lines[0].offsets;

    std::vector<double> clearance;
    for (std::size_t i = 0; i < peerOffsets.size(); ++i)
        clearance.push_back(std::min(doc.nodes[i].left.track - peerOffsets[i], doc.nodes[i].right.track + peerOffsets[i]));
    // The 5th percentile: where a min-curvature line runs along an edge (apexes, exits), robust to
    // the few nodes where projecting the peer's line onto our perpendiculars is off.
    const std::size_t at = clearance.size() / 20;
    std::nth_element(clearance.begin(), clearance.begin() + static_cast<std::ptrdiff_t>(at), clearance.end());
    c.margin = clearance[at];
    c.bounds = bake::tarmacBounds(doc, 0, c.margin);
    for (std::size_t i = 0; i < peerOffsets.size(); ++i) {
        c.bounds.lower[i] = std::min(c.bounds.lower[i], peerOffsets[i]);
        c.bounds.upper[i] = std::max(c.bounds.upper[i], peerOffsets[i]);
    }

    const auto started = std::chrono::steady_clock::now();
    const bake::MinCurvatureResult ours = bake::minimumCurvatureOffsets(doc, 0, c.bounds);
    c.optimiserMilliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
    doc.lines[0].offsets = ours.offsets;
    c.racingLine = 0;

    const formats::VehicleClass& car = vehicle;
    // The lap on an even 2 m resampling of each line's spline: the bake's eq. 39.3 curvature reads
    // point spacing as bending, and lines on a track's perpendiculars bunch up inside corners.
    auto figures = [&](const std::vector<formats::Vec2>& points) {
        const std::vector<formats::Vec2> even = bake::resampleEvenly(bake::fitCubicSpline(points, true), 2.0);
        return LineFigures{bake::measureLine(points, true), bake::idealLapTime(even, true, car)};
    };
    c.centre = figures(formats::routeGroundPositions(doc, doc.routes[0]));
    c.peer = figures(readPolyline(*peerText));
    c.ours = figures(bake::offsetLinePoints(doc, 0, ours.offsets));
    const auto descentStarted = std::chrono::steady_clock::now();
    const bake::IdealLapDescentResult fastest = bake::descendIdealLap(doc, 0, ours.offsets, c.bounds, car);
    c.descentMilliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - descentStarted).count();
    c.descentEvaluations = fastest.evaluations;
    c.fastest = figures(bake::offsetLinePoints(doc, 0, fastest.offsets));
    doc.lines[0].offsets = fastest.offsets;
    c.minimumCurvatureOffsets = ours.offsets;
    c.descendedOffsets = fastest.offsets;
    return c;
}

/// The twelve circuits that have a peer line, in name order.
inline std::vector<std::filesystem::path> circuitsWithPeerLines(const std::filesystem::path& folder) {
    std::vector<std::filesystem::path> circuits;
    for (const auto& entry : std::filesystem::directory_iterator(folder))
        if (entry.path().extension() == ".csv" && std::filesystem::exists(folder / "racelines" / entry.path().filename())) circuits.push_back(entry.path());
    std::sort(circuits.begin(), circuits.end());
    return circuits;
}

} // namespace tw::test
