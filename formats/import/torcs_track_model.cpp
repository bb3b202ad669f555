#include "formats/import/torcs_track_model.h"
#include "formats/source/number_text.h"

#include "formats/import/torcs_pits.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <set>

namespace formats::torcs {
namespace {

constexpr double kUnsetGrade = -100000.0;  ///< TORCS's "no grade given yet"
constexpr std::uint32_t kMaxStepsPerSegment = 10000;
constexpr std::uint32_t kMaxSubSegments = 200000;
constexpr double kMaxArc = 8.0 * std::numbers::pi;  ///< a helix may wind, but not without end
constexpr double kMaxLength = 1e6;                  ///< metres of one segment
constexpr std::size_t kRight = 0, kLeft = 1;

/// `TrackSpline` (trackutil.cpp): the cubic Hermite curve through p0, p1 with tangents t0, t1.
double trackSpline(double p0, double p1, double t0, double t1, double t) {
    const double t2 = t * t, t3 = t2 * t;
    const double h1 = 3.0 * t2 - 2.0 * t3;
    return (1.0 - h1) * p0 + h1 * p1 + (t3 - 2.0 * t2 + t) * t0 + (t3 - t2) * t1;
}

BorderStyle borderStyleOf(const std::string& style) {
    if (style == "plan") return BorderStyle::Plan;
    if (style == "curb") return BorderStyle::Curb;
    return BorderStyle::Wall;
}

/// What a side carries from one XML segment to the next (§4 "inherit").
struct SideState {
    double endWidth = 0.0;
    double borderWidth = 0.0;
    double borderHeight = 0.0;
    std::string borderStyle = "plan";
};

/// Everything carried from one XML segment to the next (§3.3, §4, §7).
struct RingState {
    Vec2 centre;
    double heading = 0.0;
    double zEndLeft = 0.0, zEndRight = 0.0;
    double endTangentLeft = 0.0, endTangentRight = 0.0;
    double grade = kUnsetGrade;
    std::string surface;
    std::array<SideState, 2> sides;
};

class ModelBuilder {
public:
    ModelBuilder(const ParamSection& file, const ParamSection* defaultSurfaces, const std::string& fileLabel, Diagnostics& out)
        : file_(file), defaults_(defaultSurfaces), label_(fileLabel), out_(out) {}

    std::optional<TrackModel> build() {
        const ParamSection* header = file_.section("Header");
        model_.name = header ? header->string("name", "no name") : std::string("no name");
        model_.category = header ? header->string("category", "road") : std::string("road");
        const double version = header ? header->number("version", 0.0) : 0.0;
        if (version < 0.0 || version > 4.0 || version != std::floor(version)) {
            error("torcs-version", header ? header->line : 0,
                  "Header/version is " + formatNumber(version) + "; TORCS reads versions 0 to 4 (3 and 4 in practice)");
            return std::nullopt;
        }
        model_.version = static_cast<int>(version);
        v4_ = model_.version == 4;

        main_ = file_.section("Main Track");
        if (!main_) {
            error("torcs-missing-section", file_.line, "there is no \"Main Track\" section; a TORCS track needs one with its \"" +
                  std::string(v4_ ? "Track Segments" : "segments") + "\"");
            return std::nullopt;
        }
        model_.width = main_->number("width", 15.0);
        if (!(model_.width > 0.0 && model_.width < 1000.0)) {
            error("torcs-track-width", main_->line, "\"Main Track/width\" is " + formatNumber(model_.width) + " m; give the road's width in metres (TORCS's default is 15)");
            return std::nullopt;
        }
        globalStepLength_ = main_->number("profil steps length", 0.0);
        state_.centre = {0.0, model_.width / 2.0};  // TORCS starts with the right edge at the origin, heading +x
        readDefaultSides();

        const ParamSection* list = main_->section(v4_ ? "Track Segments" : "segments");
        if (!list) {
            error("torcs-missing-section", main_->line, "\"Main Track\" has no \"" + std::string(v4_ ? "Track Segments" : "segments") +
                  "\" section (version " + std::to_string(model_.version) + " files list their segments there)");
            return std::nullopt;
        }
        for (const ParamSection& segment : list->sections) {
            if (!segment.string("type")) continue;  // TORCS skips a section without a type
            if (!appendSegment(segment)) continue;
            if (model_.subSegments.size() > kMaxSubSegments) {
                error("torcs-too-large", segment.line, "the track has more than " + std::to_string(kMaxSubSegments) +
                      " sub-segments by segment \"" + segment.name + "\"; check its \"profil steps\" and lengths");
                return std::nullopt;
            }
        }
        if (model_.segments.empty() && !hasErrors(out_)) {
            error("torcs-missing-section", list->line, "\"" + std::string(v4_ ? "Track Segments" : "segments") +
                  "\" lists no segment with a \"type\"; add str, lft or rgt segments");
        }
        if (hasErrors(out_)) return std::nullopt;

        model_.end = state_.centre;
        model_.endHeading = state_.heading;
        model_.endZ = (state_.zEndLeft + state_.zEndRight) / 2.0;
        model_.pits = readPits(*main_, v4_, model_, label_, out_);
        return std::move(model_);
    }

private:
    static std::string formatNumber(double value) { return shortestText(value); }

    bool errorsSince(std::size_t before) const {
        for (std::size_t i = before; i < out_.size(); ++i)
            if (out_[i].severity == Severity::Error) return true;
        return false;
    }
    void error(std::string code, std::uint32_t line, const std::string& message) { report(Severity::Error, std::move(code), line, message); }
    void warning(std::string code, std::uint32_t line, const std::string& message) { report(Severity::Warning, std::move(code), line, message); }
    void report(Severity severity, std::string code, std::uint32_t line, const std::string& message) {
        Diagnostic d;
        d.severity = severity;
        d.code = std::move(code);
        if (line > 0) d.line = line;
        d.message = label_ + (line > 0 ? ":" + std::to_string(line) : std::string()) + ": " + message;
        out_.push_back(std::move(d));
    }
    void segmentError(const ParamSection& segment, const std::string& message) {
        error("torcs-segment-geometry", segment.line, "segment \"" + segment.name + "\": " + message);
    }

    // --- sides (§2.2, §3.6, §4) ----------------------------------------------------------------

    std::string sideKey(std::size_t side, const char* v3Prefix) const { return std::string(side == kRight ? "r" : "l") + v3Prefix; }
    static const char* sideSection(std::size_t side, const char* what) {
        static const std::string names[2][3] = {{"Right Side", "Right Border", "Right Barrier"}, {"Left Side", "Left Border", "Left Barrier"}};
        const int index = std::string_view(what) == "side" ? 0 : std::string_view(what) == "border" ? 1 : 2;
        return names[side][index].c_str();
    }

    void readDefaultSides() {
        model_.sideTangent = {false, false};
        state_.surface = main_->string("surface", "asphalt");
        for (std::size_t side : {kRight, kLeft}) {
            SideState& s = state_.sides[side];
            if (v4_) {
                const ParamSection* strip = main_->section(sideSection(side, "side"));
                const ParamSection* border = main_->section(sideSection(side, "border"));
                s.endWidth = strip ? strip->number("width", 0.0) : 0.0;
                model_.sideTangent[side] = strip && strip->string("banking type", "level") != "level";
                s.borderWidth = border ? border->number("width", 0.0) : 0.0;
                s.borderHeight = border ? border->number("height", 0.0) : 0.0;
                s.borderStyle = border ? border->string("style", "plan") : std::string("plan");
            } else {
                s.endWidth = main_->number(sideKey(side, "side width"), 0.0);
                model_.sideTangent[side] = main_->string(sideKey(side, "side type"), "level") != "level";
                s.borderWidth = main_->number(sideKey(side, "border width"), 0.0);
                s.borderHeight = main_->number(sideKey(side, "border height"), 0.0);
                s.borderStyle = main_->string(sideKey(side, "border style"), "plan");
            }
        }
    }

    /// The strips of one XML segment: start and end side widths, border (§4; v3 rules in §3.6).
    std::array<std::pair<double, double>, 2> readSegmentSides(const ParamSection& segment) {
        std::array<std::pair<double, double>, 2> widths;
        for (std::size_t side : {kRight, kLeft}) {
            SideState& s = state_.sides[side];
            double startWidth = s.endWidth, endWidth = s.endWidth;
            if (v4_) {
                if (const ParamSection* strip = segment.section(sideSection(side, "side"))) {
                    startWidth = strip->number("start width", s.endWidth);
                    const double width = strip->number("width", startWidth);
                    endWidth = strip->number("end width", width);
                }
                if (const ParamSection* border = segment.section(sideSection(side, "border"))) {
                    s.borderWidth = border->number("width", s.borderWidth);
                    s.borderHeight = border->number("height", s.borderHeight);
                    s.borderStyle = border->string("style", s.borderStyle);
                }
            } else {
                startWidth = segment.number(sideKey(side, "side start width"), s.endWidth);
                endWidth = segment.number(sideKey(side, "side end width"), startWidth);
                s.borderWidth = segment.number(sideKey(side, "border width"), s.borderWidth);
                s.borderHeight = segment.number(sideKey(side, "border height"), 0.0);  // v3: not inherited
                s.borderStyle = segment.string(sideKey(side, "border style"), s.borderStyle);
            }
            if (!std::isfinite(startWidth) || !std::isfinite(endWidth) || startWidth < 0.0 || endWidth < 0.0 ||
                !std::isfinite(s.borderWidth) || s.borderWidth < 0.0 || startWidth > 1000.0 || endWidth > 1000.0 || s.borderWidth > 1000.0) {
                segmentError(segment, std::string(side == kRight ? "right" : "left") +
                             " side or border width is negative, huge or not a number; widths are metres ≥ 0");
            }
            s.endWidth = endWidth;
            widths[side] = {startWidth, endWidth};
        }
        return widths;
    }

    // --- surfaces (§6) -------------------------------------------------------------------------

    double frictionOf(const std::string& surface, std::uint32_t line) {
        const ParamSection* surfaces = file_.section("Surfaces");
        if (surfaces && !v4_) surfaces = surfaces->section("List");
        const ParamSection* found = surfaces ? surfaces->section(surface) : nullptr;
        if (!found && defaults_) found = defaults_->section(surface);
        if (found) return found->number("friction", 0.8);
        if (warnedSurfaces_.insert(surface).second) {
            warning("torcs-surface-unknown", line, "surface \"" + surface + "\" is defined neither in the track nor in the default surfaces" +
                    std::string(defaults_ ? "" : " (none were found: pass --torcs-data DIR, the folder with surfaces.xml)") +
                    "; its friction is taken as TORCS's default, 0.8");
        }
        return 0.8;
    }

    // --- one XML segment (§3.2–§3.5) ------------------------------------------------------------

    bool appendSegment(const ParamSection& segment) {
        const std::string typeName = *segment.string("type");
        SegmentType type;
        if (typeName == "str") type = SegmentType::Straight;
        else if (typeName == "lft") type = SegmentType::Left;
        else if (typeName == "rgt") type = SegmentType::Right;
        else {
            error("torcs-segment-type", segment.line, "segment \"" + segment.name + "\" has type \"" + typeName +
                  "\"; TORCS knows \"str\", \"lft\" and \"rgt\"");
            return false;
        }
        const std::size_t errorsBefore = out_.size();

        double length = 0.0, radius = 0.0, endRadius = 0.0, arc = 0.0;
        if (type == SegmentType::Straight) {
            length = segment.number("lg", 0.0);
            if (!(length > 0.0 && length < kMaxLength)) segmentError(segment, "straight with lg " + formatNumber(length) + " m; give its length in \"lg\", above 0 and below " + formatNumber(kMaxLength) + " m");
        } else {
            radius = segment.number("radius", 0.0);
            endRadius = segment.number("end radius", radius);
            arc = segment.number("arc", 0.0);
            if (!(radius > 0.0 && radius < kMaxLength)) segmentError(segment, "turn with radius " + formatNumber(radius) + " m; the centre-line radius must be above 0 and below " + formatNumber(kMaxLength) + " m");
            if (!(endRadius > 0.0 && endRadius < kMaxLength)) segmentError(segment, "turn with end radius " + formatNumber(endRadius) + " m; it must be above 0 and below " + formatNumber(kMaxLength) + " m");
            if (!(arc > 0.0 && arc <= kMaxArc)) segmentError(segment, "turn with arc " + formatNumber(arc) + " rad; give the turned angle (> 0, e.g. unit=\"deg\")");
            length = (radius + endRadius) / 2.0 * arc;
        }
        const auto sideWidths = readSegmentSides(segment);
        if (const auto surface = segment.string("surface")) state_.surface = *surface;
        if (errorsSince(errorsBefore)) return false;

        // Elevation and banking (§3.3).
        const double width = model_.width;
        double zsl = segment.number("z start left", state_.zEndLeft);
        double zsr = segment.number("z start right", state_.zEndRight);
        double zel = segment.number("z end left", state_.zEndLeft);
        double zer = segment.number("z end right", state_.zEndRight);
        const std::optional<double> zStart = segment.number("z start");
        const std::optional<double> zEnd = segment.number("z end");
        state_.grade = segment.number("grade", state_.grade);
        double zs, ze;
        if (zStart) { zsl = zsr = zs = *zStart; } else { zs = (zsl + zsr) / 2.0; }
        if (zEnd) { zel = zer = ze = *zEnd; }
        else if (state_.grade > kUnsetGrade) { ze = zs + length * state_.grade; }
        else { ze = (zel + zer) / 2.0; }
        const double bankStart = segment.number("banking start", std::atan2(zsl - zsr, width));
        const double bankEnd = segment.number("banking end", std::atan2(zel - zer, width));
        zsl = zs + std::tan(bankStart) * width / 2.0;
        zsr = zs - std::tan(bankStart) * width / 2.0;
        zel = ze + std::tan(bankEnd) * width / 2.0;
        zer = ze - std::tan(bankEnd) * width / 2.0;
        if (!std::isfinite(zsl + zsr + zel + zer) || std::abs(bankStart) >= std::numbers::pi / 2 || std::abs(bankEnd) >= std::numbers::pi / 2) {
            segmentError(segment, "heights, grade or banking give no finite road surface; banking must lie within ±90°");
            return false;
        }

        // Profile: sub-segment count and Hermite tangents.
        std::uint32_t steps = 1;
        double startTangentLeft = state_.endTangentLeft, startTangentRight = state_.endTangentRight;
        double endTangentLeft = state_.endTangentLeft, endTangentRight = state_.endTangentRight;
        if (segment.string("profil", "spline") == "spline") {
            const double stepsValue = segment.number("profil steps", 1.0);
            double count = std::trunc(stepsValue);
            if (count == 1.0) {
                const double stepLength = segment.number("profil steps length", globalStepLength_);
                count = stepLength != 0.0 ? std::trunc(length / stepLength) + 1.0 : 1.0;
            }
            if (!(count >= 1.0 && count <= kMaxStepsPerSegment)) {
                segmentError(segment, "\"profil steps\" / \"profil steps length\" give " + formatNumber(count) +
                             " sub-segments; use between 1 and " + std::to_string(kMaxStepsPerSegment));
                return false;
            }
            steps = static_cast<std::uint32_t>(count);
            startTangentLeft = segment.number("profil start tangent left", startTangentLeft);
            endTangentLeft = segment.number("profil end tangent left", endTangentLeft);
            startTangentRight = segment.number("profil start tangent right", startTangentRight);
            endTangentRight = segment.number("profil end tangent right", endTangentRight);
            if (const auto t = segment.number("profil start tangent")) startTangentLeft = startTangentRight = *t;
            if (const auto t = segment.number("profil end tangent")) endTangentLeft = endTangentRight = *t;
        } else {
            startTangentLeft = endTangentLeft = (zel - zsl) / length;
            startTangentRight = endTangentRight = (zer - zsr) / length;
        }
        state_.endTangentLeft = endTangentLeft;
        state_.endTangentRight = endTangentRight;
        const double t1l = startTangentLeft * length, t2l = endTangentLeft * length;
        const double t1r = startTangentRight * length, t2r = endTangentRight * length;

        // Spirals: equal-length arcs whose radii step linearly, scaled to turn exactly `arc` (§3.5).
        double stepLength = length / steps;
        double stepArc = arc / steps;
        double stepRadius = radius;
        double radiusChange = (endRadius - radius) / steps;
        if (endRadius != radius && steps != 1) {
            radiusChange = (endRadius - radius) / (steps - 1);
            double turned = 0.0;
            for (std::uint32_t k = 0; k < steps; ++k) turned += stepLength / (radius + k * radiusChange);
            stepLength *= arc / turned;
        }

        SegmentInfo info;
        info.name = segment.name;
        info.line = segment.line;
        info.firstSubSegment = static_cast<std::uint32_t>(model_.subSegments.size());
        info.subSegmentCount = steps;
        const std::uint32_t segmentIndex = static_cast<std::uint32_t>(model_.segments.size());
        model_.segments.push_back(info);
        const double friction = frictionOf(state_.surface, segment.line);

        for (std::uint32_t k = 0; k < steps; ++k) {
            SubSegment sub;
            sub.segment = segmentIndex;
            sub.step = k;
            sub.type = type;
            sub.start = state_.centre;
            sub.startHeading = state_.heading;
            sub.friction = friction;
            sub.distance = model_.length;
            const double u0 = static_cast<double>(k) / steps, u1 = static_cast<double>(k + 1) / steps;
            sub.zStartLeft = trackSpline(zsl, zel, t1l, t2l, u0);
            sub.zStartRight = trackSpline(zsr, zer, t1r, t2r, u0);
            sub.zEndLeft = trackSpline(zsl, zel, t1l, t2l, u1);
            sub.zEndRight = trackSpline(zsr, zer, t1r, t2r, u1);
            sub.bankStart = std::atan2(sub.zStartLeft - sub.zStartRight, width);
            sub.bankEnd = std::atan2(sub.zEndLeft - sub.zEndRight, width);
            for (std::size_t side : {kRight, kLeft}) {
                const auto [sw, ew] = sideWidths[side];
                SideStrips& strips = sub.sides[side];
                strips.sideStartWidth = sw + k * (ew - sw) / steps;
                strips.sideEndWidth = sw + (k + 1) * (ew - sw) / steps;
                strips.borderWidth = state_.sides[side].borderWidth;
                strips.borderHeight = state_.sides[side].borderHeight;
                strips.borderStyle = borderStyleOf(state_.sides[side].borderStyle);
            }
            const double c = std::cos(state_.heading), s = std::sin(state_.heading);
            if (type == SegmentType::Straight) {
                sub.length = stepLength;
                state_.centre = {state_.centre.x + stepLength * c, state_.centre.y + stepLength * s};
            } else {
                // A single-step spiral keeps TORCS's quirk: an arc of the start radius (§3.5).
                if (radiusChange != 0.0) stepArc = stepLength / stepRadius;
                sub.radius = stepRadius;
                sub.arc = stepArc;
                sub.length = stepRadius * stepArc;
                if (type == SegmentType::Left) {
                    sub.turnCentre = {state_.centre.x - stepRadius * s, state_.centre.y + stepRadius * c};
                    state_.heading += stepArc;
                    state_.centre = {sub.turnCentre.x + stepRadius * std::sin(state_.heading), sub.turnCentre.y - stepRadius * std::cos(state_.heading)};
                } else {
                    sub.turnCentre = {state_.centre.x + stepRadius * s, state_.centre.y - stepRadius * c};
                    state_.heading -= stepArc;
                    state_.centre = {sub.turnCentre.x - stepRadius * std::sin(state_.heading), sub.turnCentre.y + stepRadius * std::cos(state_.heading)};
                }
                stepRadius += radiusChange;
            }
            model_.length += sub.length;
            model_.subSegments.push_back(sub);
        }
        state_.zEndLeft = zel;
        state_.zEndRight = zer;
        return true;
    }

    const ParamSection& file_;
    const ParamSection* defaults_;
    const std::string& label_;
    Diagnostics& out_;
    const ParamSection* main_ = nullptr;
    bool v4_ = true;
    double globalStepLength_ = 0.0;
    RingState state_;
    TrackModel model_;
    std::set<std::string> warnedSurfaces_;
};

} // namespace

ModelResult buildTrackModel(const ParamSection& file, const ParamSection* defaultSurfaces, const std::string& fileLabel) {
    ModelResult result;
    ModelBuilder builder(file, defaultSurfaces, fileLabel, result.diagnostics);
    result.model = builder.build();
    if (hasErrors(result.diagnostics)) result.model.reset();
    return result;
}

CentrePoint centrePointAt(const SubSegment& sub, double u, double trackWidth) {
    CentrePoint point;
    if (sub.type == SegmentType::Straight) {
        point.heading = sub.startHeading;
        point.position = {sub.start.x + u * sub.length * std::cos(sub.startHeading), sub.start.y + u * sub.length * std::sin(sub.startHeading)};
    } else {
        const bool left = sub.type == SegmentType::Left;
        point.heading = sub.startHeading + (left ? 1.0 : -1.0) * u * sub.arc;
        const double c = std::cos(point.heading), s = std::sin(point.heading);
        point.position = left ? Vec2{sub.turnCentre.x + sub.radius * s, sub.turnCentre.y - sub.radius * c}
                              : Vec2{sub.turnCentre.x - sub.radius * s, sub.turnCentre.y + sub.radius * c};
    }
    // RtTrackHeightL: the right edge's height linear along the sub-segment, plus the bank angle
    // (itself linear) over half the width.
    point.banking = sub.bankStart + u * (sub.bankEnd - sub.bankStart);
    const double rightEdge = sub.zStartRight + u * (sub.zEndRight - sub.zStartRight);
    point.z = rightEdge + trackWidth / 2.0 * std::tan(point.banking);
    return point;
}

double sideWidthAt(const SideStrips& strips, double u) { return strips.sideStartWidth + u * (strips.sideEndWidth - strips.sideStartWidth); }

bool isSolidWall(const SideStrips& strips) {
    return strips.borderStyle == BorderStyle::Wall && strips.borderWidth > 0.0 && strips.borderHeight > 0.0 &&
           (strips.sideStartWidth > 0.0 || strips.sideEndWidth > 0.0);
}

} // namespace formats::torcs
