#pragma once

// Angles the planner takes many of (the heuristic's turning paths, the shots' words): a fast
// atan2 and the angle turned one way round. Private to runtime/plan.

#include <algorithm>
#include <cmath>

namespace trackwright {

/// atan2 by Abramowitz & Stegun 4.4.49 (|error| ≤ 2·10⁻⁸ rad, 1.6·10⁻⁷ m on an 8 m circle, below
/// the float positions the search keeps). Every heuristic evaluation takes several angles, and
/// the library atan2 was the largest single cost of a search iteration.
inline double angleOf(double y, double x) {
    const double ax = std::abs(x), ay = std::abs(y);
    const double big = std::max(ax, ay);
    if (big == 0.0) return 0.0;
    const double t = std::min(ax, ay) / big;
    const double t2 = t * t;
    double a = t * (1.0 + t2 * (-0.3333314528 + t2 * (0.1999355085 + t2 * (-0.1420889944 + t2 * (0.1065626393 +
                   t2 * (-0.0752896400 + t2 * (0.0429096138 + t2 * (-0.0161657367 + t2 * 0.0028662257))))))));
    if (ay > ax) a = M_PI / 2.0 - a;
    if (x < 0.0) a = M_PI - a;
    return y < 0.0 ? -a : a;
}

/// An angle turned, in [0, 2π). Rounding noise just below a full turn counts as no turn: a goal
/// straight ahead must not cost a whole circle.
inline double turned(double angle) {
    // The arguments are mostly differences of two angles in (−2π, 2π] each: a few adds beat fmod.
    // Headings a caller never wrapped (any finite value) take the remainder first, so the loops end.
    double a = std::abs(angle) > 8.0 * (2.0 * M_PI) ? std::remainder(angle, (2.0 * M_PI)) : angle;
    while (a < 0.0) a += (2.0 * M_PI);
    while (a >= (2.0 * M_PI)) a -= (2.0 * M_PI);
    if (a > (2.0 * M_PI) - 1e-9) a = 0.0;
    return a;
}

} // namespace trackwright
