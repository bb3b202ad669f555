#include "formats/import/torcs_layout.h"
#include "formats/source/number_text.h"

#include "formats/geometry/registrable_widths.h"
#include "formats/import/torcs_frame.h"
#include "trackwright/format/marker_kinds.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>

namespace formats::torcs {
namespace {

constexpr std::size_t kRight = 0, kLeft = 1;
/// TORCS's reference tarmac, `asphalt` in surfaces.xml: grip 1.0 (tyre force ∝ μ, wheel.cpp).
constexpr double kReferenceFriction = 1.2;
/// Closure gaps above these are reported: TORCS links the ring whether it closes or not (§3.1).
constexpr double kClosureGap = 0.05, kClosureHeading = 0.1 * std::numbers::pi / 180.0;
/// Shortest ramp into and out of the pit lane, metres, when the file's entry segment is shorter.
constexpr double kMinPitRamp = 40.0;
/// Narrowest pit lane, metres: where the side strip leaves less beside the boxes.
constexpr double kMinPitLaneWidth = 4.0;

/// A node's place on the ring: sub-segment, fraction along it, distance from the start line.
struct Station {
    std::uint32_t sub = 0;
    double u = 0.0;
    double distance = 0.0;
};

double smoothstep(double x) {
    x = std::clamp(x, 0.0, 1.0);
    return x * x * (3.0 - 2.0 * x);
}

double gripOf(double friction) { return std::clamp(friction / kReferenceFriction, 0.05, 3.0); }

/// Distance from the centre line to the barrier on one side, all strips included: TORCS stops a car
/// there whatever the barrier's style (`collide.cpp:SimCarCollideXYScene`, the car's corner past the
/// outer edge of the side strip; the barrier's own width lies beyond).
double barrierEdge(const TrackModel& model, const SideStrips& strips, double u) {
    return model.width / 2.0 + strips.borderWidth + sideWidthAt(strips, u);
}

/// Distance from the tarmac's centre to the outermost drivable point on one side (§5): the barrier,
/// or the track edge where a solid wall stands on the border.
double outerEdge(const TrackModel& model, const SideStrips& strips, double u) {
    return isSolidWall(strips) ? model.width / 2.0 : barrierEdge(model, strips, u);
}

std::string formatMetres(double value) { return decimalText(value); }

class Layout {
public:
    Layout(const TrackModel& model, const std::string& fileLabel, const TorcsImportOptions& options, Diagnostics& out)
        : model_(model), label_(fileLabel), options_(options), out_(out) {}

    TrackDocument build() {
        doc_.name = model_.name;
        Route main;
        main.name = "main";
        main.closed = true;
        doc_.routes.push_back(std::move(main));
        layMainRoute();
        reportClosure();
        doc_.markers.push_back({kMarkerStartFinish, 0, ""});
        if (model_.pits) layPitLane(*model_.pits);
        fitWidths();
        moveToTorcsFrame();
        return std::move(doc_);
    }

private:
    void warning(std::string code, std::string message, std::optional<std::uint32_t> node = std::nullopt) {
        Diagnostic d;
        d.severity = Severity::Warning;
        d.code = std::move(code);
        d.message = label_ + ": " + std::move(message);
        if (node) {
            d.node = *node;
            d.jsonPath = "nodes[" + std::to_string(*node) + "]";
        }
        out_.push_back(std::move(d));
    }

    std::string segmentName(std::uint32_t sub) const { return "\"" + model_.segments[model_.subSegments[sub].segment].name + "\""; }

    void layMainRoute() {
        const std::vector<std::uint32_t> pieces = piecesPerSubSegment(model_, options_.maxNodeSpacing, options_.maxChordError);
        for (std::uint32_t k = 0; k < model_.subSegments.size(); ++k) {
            const SubSegment& sub = model_.subSegments[k];
            firstNodeOfSub_.push_back(static_cast<std::uint32_t>(doc_.nodes.size()));
            for (std::uint32_t p = 0; p < pieces[k]; ++p) {
                const double u = static_cast<double>(p) / pieces[k];
                stations_.push_back({k, u, sub.distance + u * sub.length});
                appendNode(0, mainNode(sub, u));
            }
        }
    }

    TrackNode mainNode(const SubSegment& sub, double u) const {
        const CentrePoint centre = centrePointAt(sub, u, model_.width);
        TrackNode node;
        node.position = {centre.position.x, centre.position.y, centre.z};
        node.banking = centre.banking;
        node.grip = gripOf(sub.friction);
        const double half = model_.width / 2.0;
        const double right = outerEdge(model_, sub.sides[kRight], u), left = outerEdge(model_, sub.sides[kLeft], u);
        node.right = {half, right, right};
        node.left = {half, left, left};
        return node;
    }

    void appendNode(std::uint32_t route, TrackNode node) {
        doc_.routes[route].nodes.push_back(static_cast<std::uint32_t>(doc_.nodes.size()));
        doc_.nodes.push_back(std::move(node));
    }

    void reportClosure() {
        const SubSegment& first = model_.subSegments.front();
        const double gap = std::hypot(model_.end.x - first.start.x, model_.end.y - first.start.y);
        const double startZ = (first.zStartLeft + first.zStartRight) / 2.0;
        const double heading = std::remainder(model_.endHeading - first.startHeading, 2.0 * std::numbers::pi);
        if (gap <= kClosureGap && std::abs(heading) <= kClosureHeading && std::abs(model_.endZ - startZ) <= kClosureGap) return;
        warning("torcs-not-closed", "the last segment ends " + formatMetres(gap) + " m (heading " +
                formatMetres(heading * 180.0 / std::numbers::pi) + "°, height " + formatMetres(model_.endZ - startZ) +
                " m) from where the first starts; TORCS joins them anyway and so does the import (the last link bridges the gap)",
                static_cast<std::uint32_t>(doc_.nodes.size() - 1));
    }

    // --- the pit lane (§2.3, §5) ----------------------------------------------------------------

    double ringDistance(double from, double to) const {
        double d = to - from;
        if (d < 0.0) d += model_.length;
        return d;
    }

    void layPitLane(const Pits& pits) {
        const std::uint32_t subCount = static_cast<std::uint32_t>(model_.subSegments.size());
        const std::uint32_t forkNode = firstNodeOfSub_[pits.entry];
        const std::uint32_t joinNode = firstNodeOfSub_[(pits.exit + 1) % subCount];
        const double entryAt = model_.subSegments[pits.entry].distance;
        const SubSegment& startSub = model_.subSegments[pits.start];
        const SubSegment& endSub = model_.subSegments[pits.end];
        const double boxesFrom = ringDistance(entryAt, startSub.distance);
        const double boxesTo = ringDistance(entryAt, endSub.distance + endSub.length);
        double joinAt = ringDistance(entryAt, stations_[joinNode].distance);
        if (joinAt == 0.0) joinAt = model_.length;
        if (!(boxesFrom <= boxesTo && boxesTo <= joinAt) || joinNode == forkNode) {
            warning("torcs-pits-order", "the pits' entry " + segmentName(pits.entry) + ", start " + segmentName(pits.start) + ", end " +
                    segmentName(pits.end) + " and exit " + segmentName(pits.exit) + " do not follow each other along the track; no pit lane imported");
            return;
        }
        // Ramps from the racing surface into the lane and back: the file's entry and exit segments,
        // lengthened where they are too short for a car to change lanes.
        const std::size_t side = pits.leftSide ? kLeft : kRight;
        const double ramp = std::min(kMinPitRamp, 0.3 * joinAt);
        double laneFrom = std::max(boxesFrom, ramp);
        double laneTo = std::min(boxesTo, joinAt - ramp);
        if (laneTo < laneFrom) laneFrom = laneTo = (laneFrom + laneTo) / 2.0;
        // The lane runs beside TORCS's pit wall wherever there is one: it must not ramp through it.
        const std::uint32_t nodeCount = static_cast<std::uint32_t>(stations_.size());
        const double rampedFrom = laneFrom, rampedTo = laneTo;
        for (std::uint32_t n = (forkNode + 1) % nodeCount; n != joinNode; n = (n + 1) % nodeCount) {
            const SubSegment& sub = model_.subSegments[stations_[n].sub];
            if (!isSolidWall(sub.sides[side])) continue;
            const double wallFrom = ringDistance(entryAt, sub.distance);  // the wall spans its whole sub-segment
            laneFrom = std::min(laneFrom, wallFrom);
            laneTo = std::max(laneTo, std::min(wallFrom + sub.length, joinAt));
        }
        if ((laneFrom < rampedFrom && laneFrom < ramp) || (laneTo > rampedTo && joinAt - laneTo < ramp)) {
            warning("torcs-pit-wall-ramp", "TORCS's pit wall beside the pit lane runs from " + formatMetres(laneFrom) + " m to " +
                    formatMetres(laneTo) + " m after the pit entry " + segmentName(pits.entry) + " (the lane joins the track " +
                    formatMetres(joinAt) + " m after it): the lane ramps into and out of the side strip over less than " +
                    formatMetres(ramp) + " m", forkNode);
        }

        const double sign = pits.leftSide ? 1.0 : -1.0;
        const double half = model_.width / 2.0;
        Route lane;
        lane.name = "pit lane";
        lane.fork = RouteAttachment{0, forkNode};
        lane.join = RouteAttachment{0, joinNode};
        const std::uint32_t laneRoute = static_cast<std::uint32_t>(doc_.routes.size());
        doc_.routes.push_back(std::move(lane));
        std::vector<double> laneDistances;

        for (std::uint32_t n = (forkNode + 1) % nodeCount; n != joinNode; n = (n + 1) % nodeCount) {
            const Station& station = stations_[n];
            const SubSegment& sub = model_.subSegments[station.sub];
            const double along = ringDistance(entryAt, station.distance);
            const double blend = along < laneFrom ? smoothstep(along / laneFrom)
                               : along <= laneTo ? 1.0
                               : smoothstep((joinAt - along) / (joinAt - laneTo));
            // The lane is the side strip less the boxes' depth (TORCS puts the boxes at its outer edge).
            const SideStrips& strips = sub.sides[side];
            const double innerEdge = half + strips.borderWidth;
            const double laneWidth = std::max(sideWidthAt(strips, station.u) - pits.boxWidth, kMinPitLaneWidth);
            const double offset = sign * blend * (innerEdge + laneWidth / 2.0);

            const CentrePoint centre = centrePointAt(sub, station.u, model_.width);
            const double onTarmac = std::clamp(offset, -half, half);
            const double beyond = offset - onTarmac;
            const double slope = std::tan(centre.banking);
            TrackNode node;
            node.position = {centre.position.x - std::sin(centre.heading) * offset, centre.position.y + std::cos(centre.heading) * offset,
                             centre.z + onTarmac * slope + (model_.sideTangent[side] ? beyond * slope : 0.0)};
            node.banking = beyond == 0.0 || model_.sideTangent[side] ? centre.banking : 0.0;
            node.grip = gripOf(sub.friction);
            // Towards the track: the side strip's inner edge, where TORCS's pit wall stands when there
            // is one (and where the lane, open to the track in TORCS, ends otherwise). Towards the
            // boxes: the barrier at the strip's outer edge, behind them.
            const SideWidths towardsTrack{laneWidth / 2.0, laneWidth / 2.0, laneWidth / 2.0};
            const double toBarrier = std::max(barrierEdge(model_, strips, station.u) - std::abs(offset), laneWidth / 2.0);
            const SideWidths towardsBoxes{laneWidth / 2.0, toBarrier, toBarrier};
            node.left = pits.leftSide ? towardsBoxes : towardsTrack;
            node.right = pits.leftSide ? towardsTrack : towardsBoxes;
            if (along >= boxesFrom && along <= boxesTo) node.speedOverride = pits.speedLimit;
            laneDistances.push_back(along);
            appendNode(laneRoute, std::move(node));
        }
        if (laneDistances.empty()) {
            doc_.routes.pop_back();
            warning("torcs-pits-order", "the pit entry and exit are too close together for a pit lane; none imported");
            return;
        }
        // One marker per box, on the lane node nearest the box's centre.
        for (std::uint32_t box = 0; box < pits.boxCount; ++box) {
            const double at = boxesFrom + (box + 0.5) * pits.boxLength;
            const auto nearest = std::min_element(laneDistances.begin(), laneDistances.end(),
                [at](double a, double b) { return std::abs(a - at) < std::abs(b - at); });
            const std::size_t index = static_cast<std::size_t>(nearest - laneDistances.begin());
            doc_.markers.push_back({kMarkerPitBox, doc_.routes[laneRoute].nodes[index], "box " + std::to_string(box + 1)});
        }
    }

    /// Every node from the XML's raw frame into TORCS's run-time one, where a TORCS car's position
    /// is (TORCS coordinate = raw − the corner of its loader's box, torcs_frame.h).
    void moveToTorcsFrame() {
        const Vec3 corner = loaderBounds(model_).min;
        for (TrackNode& node : doc_.nodes) {
            node.position.x -= corner.x;
            node.position.y -= corner.y;
            node.position.z -= corner.z;
        }
    }

    /// Wide runoff on the inside of a tight corner reaches past the corner's centre, where no
    /// position has one nearest node: narrow it there, as the CSV importers do.
    void fitWidths() {
        for (std::uint32_t route = 0; route < doc_.routes.size(); ++route) {
            const std::vector<std::uint32_t> narrowed = narrowWidthsToRegistrableZone(doc_, route);
            if (narrowed.empty()) continue;
            std::string list;
            for (std::size_t i = 0; i < narrowed.size() && i < 8; ++i) list += (i ? ", " : "") + std::to_string(narrowed[i]);
            if (narrowed.size() > 8) list += ", …";
            warning("import-widths-narrowed", "runoff and wall narrowed at " + std::to_string(narrowed.size()) + " node(s) of route \"" +
                    doc_.routes[route].name + "\" (" + list + ") where TORCS's side strips reach past the point where neighbouring "
                    "perpendiculars cross (the inside of tight corners)", narrowed.front());
        }
    }

    const TrackModel& model_;
    const std::string& label_;
    const TorcsImportOptions& options_;
    Diagnostics& out_;
    TrackDocument doc_;
    std::vector<Station> stations_;               ///< per main-route node
    std::vector<std::uint32_t> firstNodeOfSub_;  ///< main-route node where each sub-segment starts
};

} // namespace

std::vector<std::uint32_t> piecesPerSubSegment(const TrackModel& model, double maxSpacing, double maxChordError) {
    const std::size_t count = model.subSegments.size();
    std::vector<std::uint32_t> pieces(count, 1);
    for (std::size_t k = 0; k < count; ++k) {
        const SubSegment& sub = model.subSegments[k];
        double wanted = std::ceil(sub.length / maxSpacing);
        if (sub.type != SegmentType::Straight) {
            // A chord of angle θ on radius r strays r(1 − cos θ/2) from the arc.
            const double ratio = std::clamp(1.0 - maxChordError / sub.radius, -1.0, 1.0);
            const double maxAngle = std::max(2.0 * std::acos(ratio), 1e-3);
            wanted = std::max(wanted, std::ceil(sub.arc / maxAngle));
        }
        pieces[k] = static_cast<std::uint32_t>(std::clamp(wanted, 1.0, 1e6));
    }
    // Grade: a link at most twice as long as the one before or after it, round the ring.
    const auto piece = [&](std::size_t k) { return model.subSegments[k].length / pieces[k]; };
    const auto limit = [&](std::size_t k, std::size_t neighbour) {
        const double longest = 2.0 * piece(neighbour);
        if (piece(k) <= longest) return false;
        pieces[k] = static_cast<std::uint32_t>(std::ceil(model.subSegments[k].length / longest));
        return true;
    };
    for (int pass = 0; pass < 8; ++pass) {
        bool changed = false;
        for (std::size_t k = 0; k < count; ++k) changed |= limit(k, (k + count - 1) % count);
        for (std::size_t k = count; k-- > 0;) changed |= limit(k, (k + 1) % count);
        if (!changed) break;
    }
    return pieces;
}

LayoutResult layOutTrack(const TrackModel& model, const std::string& fileLabel, const TorcsImportOptions& options) {
    LayoutResult result;
    Layout layout(model, fileLabel, options, result.diagnostics);
    result.document = layout.build();
    return result;
}

} // namespace formats::torcs
