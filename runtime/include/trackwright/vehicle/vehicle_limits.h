#pragma once

#include "trackwright/vehicle/vehicle_model.h"

namespace trackwright {

/// m/s², the load pressing a car on the level road: g.
inline constexpr float kStandingLoad = static_cast<float>(kGravity);

/// A car's g-g-v envelope: what its tyres, brakes and engine give at a speed and a normal load.
/// The load is the acceleration pressing the car on the road without aero, m/s² (kGravity on the
/// level; g·cos φ on a climb, less v²·κ_v over a crest); downforce adds VehicleParameters::downforce·v².
/// A car with all envelope terms 0 (the presets) has the model's constant limits at every speed
/// on the level: these functions then answer lateralGrip, maxBraking and maxAcceleration exactly.

/// The tyres' grip relative to the car at rest on the level: x·(1 − s·(x − 1)) with x = n/g the
/// load in weights (downforce included) and s the load sensitivity, at least 0.3·x (a tyre never
/// loses all its grip to load). 1 at rest on the level.
float gripFactor(const VehicleParameters& vehicle, float speed, float load = kStandingLoad);

/// m/s², the most lateral acceleration the tyres hold at `speed`: lateralGrip · gripFactor, less
/// what load-sensitive tyres lose to the load the turn moves onto the outer wheels (loadTransferLoss).
float lateralLimit(const VehicleParameters& vehicle, float speed, float load = kStandingLoad);

/// m/s², the most plan acceleration towards a turn's centre the car holds at `speed` on a road
/// banked `bankingIntoTurn` rad towards that centre (negative: away from it), surface grip `grip`,
/// `load` pressing it on the road without aero (g on the level, less v²·κ_v over a crest): the tyres'
/// μ = lateralLimit·grip / n on the normal load n = load + downforce·v², and the banked curve's
/// n·(tan θ + μ)/(1 − μ·tan θ) — lateralLimit·grip exactly on the flat. Infinite where the banking
/// holds the car at any speed, 0 with no load. The speed hints' corner limit and the runner's
/// friction budget both use it: an oval's 16° banking holds a car at 85 m/s where the flat limit
/// says 80, and a budget that ignored it lifted at every turn-in.
double bankedLateralLimit(const VehicleParameters& vehicle, double speed, double bankingIntoTurn, double grip = 1.0, double load = kStandingLoad);

/// The acceleration `a` a pair of axles holds when `capacity` is what they hold with equal loads and
/// the acceleration moves `heightRatio` (h/t or h/L) of the weight per g across them: each of the four
/// tyres carries ±ΔF/2 with ΔF = m·a·h/t, and μ(Fz) = μ₀·(1 − s·(Fz/Fz₀ − 1)) loses μ₀·s·ΔF²/Fz₀ in
/// all, so a = capacity − 4·grip·s·h²/t²·a²/g² (grip the car's μ₀·g): the root of that quadratic.
float loadTransferLoss(float capacity, float grip, float sensitivity, float heightRatio);

/// m/s², the most deceleration at `speed` with nothing asked of the tyres sideways: the tyres'
/// maxBraking · gripFactor, capped by the brakes' own brakeLimit (when set), plus the drag that
/// helps it (drag·v², a car described by its aero only: the presets' drag is not counted, as
/// their speed hints never counted it).
float brakingLimit(const VehicleParameters& vehicle, float speed, float load = kStandingLoad);

/// The share of the brakes' own force (a game's brake pedal, when it sets brake pressure) that
/// gives `share` of the braking the follower counts on at `speed`: brakingLimit less the drag's
/// part, over brakeLimit. A car whose brakes out-pull its tyres (most: car1-stock1's do 34 m/s²
/// where its tyres hold 20) locks its wheels or runs wide in a bend when a follower's half braking
/// goes to the pedal as half the brakes. `share` itself without a brakeLimit.
float brakePedal(const VehicleParameters& vehicle, float speed, float share);

/// m/s², the engine's most forward acceleration at `speed` before resistance: maxAcceleration
/// (the traction and first gear's limit, growing with the load as the tyres do), and with
/// powerPerMass set at most powerPerMass / v.
float driveLimit(const VehicleParameters& vehicle, float speed, float load = kStandingLoad);

/// m/s² of longitudinal acceleration left when `lateral` m/s² of the limit `lateralMax` is used:
/// the friction ellipse, `longitudinalMax`·√(1 − (lateral/lateralMax)²), 0 beyond the limit.
float frictionEllipse(float longitudinalMax, float lateral, float lateralMax);

/// True when the car has an envelope beyond the model's constants (downforce, load sensitivity,
/// a brake limit or a power curve).
bool hasEnvelope(const VehicleParameters& vehicle);

/// The distance a car needs to slow from one speed to another at its braking limit on the level
/// (integrated over brakingLimit, which grows with speed under downforce and drag), tabulated at
/// construction so a follower's per-tick checks stay O(1) and allocate nothing.
class StoppingDistances {
public:
    StoppingDistances() = default;
    /// `share` of the braking limit (a margin: 0.85 counts on 85 % of it), up to `maxSpeed` m/s.
    StoppingDistances(const VehicleParameters& vehicle, float share, float maxSpeed);
    /// m from `from` down to `to` m/s; negative when `to` is the faster (the distance braking at
    /// the same rate would have taken from it).
    float between(float from, float to) const {
        if (m_step == 0.0f) return (from * from - to * to) / (2.0f * m_constant);
        return toStop(from) - toStop(to);
    }
    /// True when braking from `from` for `distance` m still leaves the car faster than `to`.
    bool overshoots(float from, float to, float distance) const {
        if (m_step == 0.0f) return from * from - 2.0f * m_constant * distance > to * to;
        return toStop(from) - distance > toStop(to);
    }
    /// m/s² the braking is counted at, at `speed` (the share of brakingLimit).
    float deceleration(float speed) const;
    /// m to stop from `speed`.
    float toStop(float speed) const;
    /// The speed from which braking for `distance` m ends at `to` m/s: the inverse of between.
    float reachableFrom(float to, float distance) const;

private:
    static constexpr int kSamples = 48;
    float m_step = 0.0f;            ///< m/s between samples; 0 when constant braking (presets)
    float m_constant = 0.0f;        ///< m/s², the braking when it does not vary with speed
    float m_distance[kSamples] = {}; ///< m to stop from sample k's speed
};

} // namespace trackwright
