#pragma once

#include <cstdint>
#include <span>

namespace trackwright {

/// One stretch of a path driven in one direction, as the speed profile sees it: its length, the
/// highest speed it allows (a turn's lateral and turn-rate limits, the top speed) and, for a turn
/// on the spot, the seconds spent turning at standstill before it.
struct SpeedPiece {
    double length = 0.0;     ///< m, ≥ 0
    double cap = 0.0;        ///< m/s, ≥ 0: the highest speed anywhere on the piece
    double standstill = 0.0; ///< s spent at speed 0 at the piece's start (a turn on the spot; its length is 0)
    bool stopBefore = false; ///< the vehicle stands still where the piece begins (a cusp: the direction changes)
};

/// The fastest speed along a sequence of pieces (AIPATH thesis §2.3: v² changes by at most 2·a_max
/// per metre speeding up and 2·d_max braking, eq. 2.1–2.2), from a given start speed to a given end
/// speed. v² is piecewise linear in the distance, so it is kept as knots: between two knots the car
/// accelerates, cruises or brakes uniformly and the time is exactly 2ℓ / (v₁ + v₂).
///
/// It is the pointwise least of the fastest forward profile from the start speed and the fastest
/// backward one from the end speed, each clipped to the caps (and to the lower of two caps where
/// pieces meet): the classic time-optimal profile along a fixed path (Shiller & Gwo, Bobrow et al.),
/// here closed-form because every cap is constant on its piece.
class SpeedProfile {
public:
    static constexpr int kMaxPieces = 16;
    static constexpr int kMaxKnots = 4 * kMaxPieces + 2;

    /// False (and the profile empty) when no such speed exists: a start or end speed above its
    /// piece's cap (or above 0 where the first piece stops before it), a start speed that cannot brake in time, an end speed the car cannot reach, a
    /// piece that must be driven at speed 0, more than kMaxPieces pieces, or a non-finite input.
    bool build(std::span<const SpeedPiece> pieces, double startSpeed, double endSpeed, double maxAcceleration, double maxDeceleration);

    double length() const { return m_count > 0 ? m_knots[m_count - 1].s : 0.0; }
    double duration() const { return m_count > 0 ? m_knots[m_count - 1].t : 0.0; }
    /// Speed (m/s) and seconds since the start at `distance` metres along (clamped to the path).
    /// Where the vehicle stands to turn on the spot, the time after the turn, or on arrival there
    /// when `afterStandstill` is false.
    void at(double distance, double& speed, double& time, bool afterStandstill = true) const;
    int knotCount() const { return m_count; }
    /// Where knot `k` lies, m along: between two knots the acceleration is uniform.
    double knotDistance(int k) const { return m_knots[k].s; }

private:
    struct Knot {
        double s;   ///< m along
        double u;   ///< v², m²/s²
        double t;   ///< s since the start
    };
    void push(double s, double u);
    Knot m_knots[kMaxKnots] = {};
    int m_count = 0;
};

} // namespace trackwright
