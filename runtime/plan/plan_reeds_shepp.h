#pragma once

// Reeds–Shepp paths (Reeds & Shepp 1990, "Optimal paths for a car that goes both forwards and
// backwards", Pacific J. Math. 145(2)): the shortest way between two poses for a car with a turning
// radius that may reverse is one of 48 words of arcs and straights with at most two cusps. Private
// to runtime/plan: the shot (plan_shot) times every word that exists and keeps the quickest valid one.

#include <cstdint>

namespace trackwright {

enum class ReedsSheppTurn : std::uint8_t { None, Left, Straight, Right };

/// One word: up to five segments, each a turn or a straight, with a signed length in turning radii
/// (negative: driven backwards; for a turn, the angle turned).
struct ReedsSheppPath {
    ReedsSheppTurn turns[5] = {};
    double lengths[5] = {};
    int count = 0;
    double total() const;
};

inline constexpr int kMaxReedsSheppPaths = 48;

/// Every word from (0, 0, 0) to (x, y, phi) in units of the turning radius (x, y divided by it),
/// written to `out`; returns how many. The paths with all segments of one direction are Dubins's.
int reedsSheppPaths(double x, double y, double phi, ReedsSheppPath (&out)[kMaxReedsSheppPaths]);

} // namespace trackwright
