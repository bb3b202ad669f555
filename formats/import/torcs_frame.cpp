#include "formats/import/torcs_frame.h"

#include <algorithm>
#include <cmath>

namespace formats::torcs {
namespace {

constexpr std::size_t kRight = 0, kLeft = 1;
/// Points TORCS samples along each edge of a turn sub-segment.
constexpr int kTurnSamples = 36;

class BoundsBuilder {
public:
    explicit BoundsBuilder(const TrackModel& model) : model_(model) {}

    LoaderBounds build() {
        for (const SegmentInfo& segment : model_.segments) {
            const SubSegment& first = model_.subSegments[segment.firstSubSegment];
            // Heights at the segment's start, before and after its own z / banking attributes.
            addZ(previousEndLeft_);
            addZ(previousEndRight_);
            addZ(first.zStartLeft);
            addZ(first.zStartRight);
            for (std::uint32_t k = 0; k < segment.subSegmentCount; ++k) addSubSegment(model_.subSegments[segment.firstSubSegment + k]);
            const SubSegment& last = model_.subSegments[segment.firstSubSegment + segment.subSegmentCount - 1];
            previousEndLeft_ = last.zEndLeft;
            previousEndRight_ = last.zEndRight;
        }
        return bounds_;
    }

private:
    void addZ(double z) {
        bounds_.min.z = std::min(bounds_.min.z, z);
        bounds_.max.z = std::max(bounds_.max.z, z);
    }
    void addXY(Vec2 p) {
        bounds_.min.x = std::min(bounds_.min.x, p.x);
        bounds_.max.x = std::max(bounds_.max.x, p.x);
        bounds_.min.y = std::min(bounds_.min.y, p.y);
        bounds_.max.y = std::max(bounds_.max.y, p.y);
    }

    /// `lateral` metres to the left (negative: right) of the centre line at the end of a straight.
    static Vec2 straightEnd(const SubSegment& sub, double lateral) {
        const double c = std::cos(sub.startHeading), s = std::sin(sub.startHeading);
        return {sub.start.x + sub.length * c - lateral * s, sub.start.y + sub.length * s + lateral * c};
    }

    /// The 36 points TORCS takes along a turn at `radius` from its centre (signed: a strip wider
    /// than the inner edge's radius reaches through the centre, as in TORCS).
    void addArc(const SubSegment& sub, double radius, bool mirrorY) {
        const bool left = sub.type == SegmentType::Left;
        for (int j = 1; j <= kTurnSamples; ++j) {
            const double heading = sub.startHeading + (left ? 1.0 : -1.0) * sub.arc * j / kTurnSamples;
            const double s = std::sin(heading), c = std::cos(heading);
            // From the centre outwards: (sin, −cos) of the heading in a left turn, (−sin, cos) in a right one.
            Vec2 p = left ? Vec2{sub.turnCentre.x + radius * s, sub.turnCentre.y - radius * c}
                          : Vec2{sub.turnCentre.x - radius * s, sub.turnCentre.y + radius * c};
            if (mirrorY) p.y = 2.0 * sub.turnCentre.y - p.y;
            addXY(p);
        }
    }

    void addSubSegment(const SubSegment& sub) {
        const double half = model_.width / 2.0;
        const bool straight = sub.type == SegmentType::Straight;
        const bool leftTurn = sub.type == SegmentType::Left;
        // Main track: both edges.
        if (straight) {
            addXY(straightEnd(sub, half));
            addXY(straightEnd(sub, -half));
        } else {
            addArc(sub, sub.radius - half, false);
            addArc(sub, sub.radius + half, false);
        }
        // Border, then side strip, on each side: the outer edge of each.
        for (std::size_t side : {kRight, kLeft}) {
            const SideStrips& strips = sub.sides[side];
            const double sign = side == kLeft ? 1.0 : -1.0;  // lateral direction, left positive
            // Radius of this side's main-track edge, and whether going outwards shrinks it (the inside of the turn).
            const bool inside = !straight && (leftTurn == (side == kLeft));
            const double edgeRadius = straight ? 0.0 : inside ? sub.radius - half : sub.radius + half;
            const double outwards = inside ? -1.0 : 1.0;
            const double slope = model_.sideTangent[side] ? std::tan(sub.bankEnd) : 0.0;
            const double edgeZ = side == kLeft ? sub.zEndLeft : sub.zEndRight;
            const bool version3 = model_.version < 4;
            const bool mirror = version3 && sub.type == SegmentType::Right && side == kRight;
            double across = 0.0;   // width of the strips so far, beyond the main-track edge
            double outerZ = edgeZ;  // height of their outer edge at the sub-segment's end
            const auto addStrip = [&](double endWidth, double widest, double stripSlope) {
                if (straight) addXY(straightEnd(sub, sign * (half + across + endWidth)));
                else addArc(sub, edgeRadius + outwards * (across + widest), mirror);
                outerZ += sign * endWidth * stripSlope;
                addZ(outerZ);
            };
            if (strips.borderWidth > 0.0) {
                // track3.cpp's left border in a left turn follows the road's cross slope even when level.
                const bool followsBanking = version3 && leftTurn && side == kLeft;
                addStrip(strips.borderWidth, strips.borderWidth, followsBanking ? std::tan(sub.bankEnd) : slope);
                across += strips.borderWidth;
            }
            if (strips.sideStartWidth > 0.0 || strips.sideEndWidth > 0.0)
                addStrip(strips.sideEndWidth, std::max(strips.sideStartWidth, strips.sideEndWidth), slope);
        }
    }

    const TrackModel& model_;
    LoaderBounds bounds_;  // starts as the raw frame's origin, as TORCS's does
    double previousEndLeft_ = 0.0, previousEndRight_ = 0.0;
};

} // namespace

LoaderBounds loaderBounds(const TrackModel& model) { return BoundsBuilder(model).build(); }

} // namespace formats::torcs
