#pragma once

#include "editor/preview/car_attitude.h"

#include "trackwright/format/vec.h"
#include "trackwright/track/baked_track.h"

#include <QVector3D>

namespace editor::preview {

/// The car a chase camera follows: where it is in plan, its heading (rad) and how it sits.
struct ChaseTarget {
    trackwright::format::Vec2 position;
    float heading = 0.0f;
    CarAttitude attitude;
};

/// Where the chase camera is and how it is turned, for Qt Quick 3D: scene frame, Euler degrees.
struct ChaseView {
    QVector3D position;
    QVector3D eulerDegrees;
};

/// The chase camera: kBehind the car and kAbove it, looking over it at the road kAhead of it. It
/// tilts with the car's pitch (eased again, more slowly, so a crest or a dip turns the view rather
/// than jolting it): climbing, it looks up the hill instead of into it; over a crest, down the far
/// side instead of into the sky. It keeps kClearance over the road under it and over the road
/// halfway to the car, so a hill behind the car or a crest between them never fills the view; and
/// under a bridge it stays under the deck.
class ChaseCamera {
public:
    static constexpr float kBehind = 11.0f;   ///< m, along the road's slope
    static constexpr float kAbove = 4.5f;     ///< m
    static constexpr float kAhead = 7.0f;     ///< m, where it looks: 14° down on a level road
    static constexpr float kClearance = 1.5f; ///< m
    static constexpr float kCarHeight = 1.3f; ///< m, the roof it looks over
    static constexpr float kUnderDeck = 2.0f; ///< m under a bridge's surface: its deck and a metre more
    static constexpr double kPitchLag = 0.35; ///< s

    /// The view of `car` on `track`, `dt` seconds of simulation after the last one (any dt ≤ 0 or
    /// over a second, or the first call after reset, takes the car's pitch at once).
    ChaseView follow(const trackwright::BakedTrack& track, const ChaseTarget& car, double dt);
    /// Forgets the eased pitch: the next view is taken afresh (another car, a reset).
    void reset() { m_settled = false; }

private:
    float m_pitch = 0.0f;
    bool m_settled = false;
};

} // namespace editor::preview
