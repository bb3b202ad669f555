#pragma once

#include <cstdint>

namespace trackwright {

/// Catch-up (issue 50; "rubber banding"): off by default. Each AI car's corner pace — the share of
/// the hints it takes where grip sets them (StrengthPlan::cornerFactor) — is scaled by a factor
/// that grows with its timing-loop gap to a reference car: behind by more than `deadband` s it is
/// helped by `gain` per second beyond it, ahead by more than `deadband` it is slowed by as much,
/// within ±`maxHelp` / ±`maxSlow` times the car's own limit (RaceCarSetup::catchUpLimit), and never
/// above the hints themselves. Proportional, not a fixed handicap: a car settles where the help its
/// gap earns makes up its pace deficit, so a weaker driver settles further back than a stronger
/// one (the order of strength is kept) and the field keeps gaps of (deficit / gain) s between
/// drivers (no pack). The straights are not touched: it looks like driving, not a speed cap.
struct CatchUpPolicy {
    bool enabled = false;
    /// The car the others are drawn towards (the player's, say); kFieldMedian: the car in the middle
    /// of the cars still racing, by the tower.
    std::int64_t reference = kFieldMedian;
    float deadband = 1.0f;   ///< s of gap with no effect
    float gain = 0.02f;      ///< share of corner pace per s of gap beyond the deadband
    float maxHelp = 0.25f;   ///< most a car behind is helped by (share of its corner pace)
    float maxSlow = 0.15f;   ///< most a car ahead is slowed by
    static constexpr std::int64_t kFieldMedian = -1;
};

/// True when the policy's numbers are finite and in range: deadband in [0, 600] s, gain in [0, 1]
/// per s, maxHelp in [0, 0.5], maxSlow in [0, 0.5], reference kFieldMedian or a car index.
bool validCatchUpPolicy(const CatchUpPolicy& policy);

/// The factor on a car's corner pace `gapBehind` s behind the reference (negative: ahead of it),
/// for a car taking `limit` (0…1) of the policy's limits. 1 when the policy is off.
float catchUpFactor(const CatchUpPolicy& policy, double gapBehind, float limit);

} // namespace trackwright
