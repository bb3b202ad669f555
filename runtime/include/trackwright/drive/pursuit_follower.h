#pragma once

#include "trackwright/drive/follower.h"
#include "trackwright/traffic/driver_profile.h"
#include "trackwright/track/line_sampler.h"
#include "trackwright/drive/stuck_manager.h"
#include "trackwright/traffic/follow_rules.h"

namespace trackwright {

/// The path-following paper's follower. Defaults are the paper's (§III) where it gives them.
struct PursuitParameters {
    float lateralAccelerationG = 0.4f;  ///< a_lat, in g (eq. 1)
    float waypointSpacing = 6.0f;       ///< Δh, m (Algorithm 1)
    int waypointCount = 5;              ///< N (Algorithm 1)
    float minSpeed = 1.0f;              ///< v_min, m/s
    float maxSpeed = 10.0f;             ///< v_max, m/s
    float lookaheadMin = 6.0f;          ///< m, target point distance at rest
    float lookaheadTime = 0.6f;         ///< s, added lookahead per m/s of speed
    float speedGainP = 0.4f;            ///< throttle per m/s of speed error
    float speedGainI = 0.2f;            ///< throttle per m of accumulated speed error
    float integralLimit = 4.0f;         ///< m: anti-windup clamp of the integral
    float wheelbase = 2.6f;             ///< m, for pure pursuit
    float maxSteeringAngle = 0.55f;     ///< rad at full lock; 0 for vehicles without steered wheels
    StuckParameters stuck;
    float maxBraking = 12.0f;  ///< m/s², of the vehicle: the traffic rules' braking-distance cap
    FollowRules follow;        ///< with traffic: following and alongside (traffic/follow_rules.h)
};

/// [pursuit] Target speed by Algorithm 1 (the line resampled from the car every Δh for N points,
/// maximum curvature of each quadratic Bézier on consecutive points by eqs. 3–4,
/// v = sqrt(a_lat·g / κmax) clamped to [v_min, v_max]); target point at a speed-scaled lookahead;
/// pure-pursuit steering; PI speed control with anti-windup; a stuck manager. In traffic
/// (setTraffic) the target speed is also capped by the cars ahead in its way and the steering never
/// turns into a car alongside (traffic/follow_rules.h); its driver's pace scales the target speed, its strength the corner speeds.
class PursuitFollower final : public Follower {
public:
    PursuitFollower(const BakedTrack& track, std::uint32_t line, std::uint32_t vehicleClass, const PursuitParameters& parameters);

    Controls update(const FollowerInput& input) override;
    void reset() override;
    int stuckEvents() const override { return m_stuck.events(); }
    StuckStats stuckStats() const override { return m_stuck.stats(); }
    void attachRecoveryPlanner(RecoveryPlanner* planner, const VehicleParameters& vehicle) override { m_stuck.attachPlanner(planner, vehicle); }
    /// The stuck manager (a planned manoeuvre in progress, for previews).
    const StuckManager& stuckManager() const { return m_stuck; }
    TeleportRequest takeTeleportRequest() override;
    void setTraffic(const CarTraffic* traffic) override { m_traffic = traffic; }
    /// The driver's pace scales the target speed, its strength the corner speeds of eq. 1 alone (race craft and the
    /// strength's calibrated lap time are the runner's).
    void setDriver(const DriverProfile& driver) override {
        const bool valid = validDriverProfile(driver);
        m_pace = valid ? driver.pace : 1.0f;
        m_strength = valid ? driver.strength : 1.0f;
    }
    float driverPace() const override { return m_pace * m_strength; }
    float driverStraightPace() const override { return m_pace; }

    /// The last target speed (m/s) and target point, for previews and tests.
    float targetSpeed() const { return m_targetSpeed; }
    format::Vec2 targetPoint() const { return m_targetPoint; }

    /// Algorithm 1 on its own: the target speed for a car at `position` whose line distance is `lineDistance`.
    float computeTargetSpeed(format::Vec2 position, float lineDistance) const;

private:
    BakedTrack m_track;  ///< a copy of the view (cheap): the game keeps only the bytes alive
    std::uint32_t m_line;
    LineSampler m_sampler;
    PursuitParameters m_p;
    StuckManager m_stuck;
    float m_integral = 0.0f;
    float m_lineDistance = 0.0f;
    float m_targetSpeed = 0.0f;
    format::Vec2 m_targetPoint;
    const CarTraffic* m_traffic = nullptr;
    float m_pace = 1.0f;
    float m_strength = 1.0f;
};

} // namespace trackwright
