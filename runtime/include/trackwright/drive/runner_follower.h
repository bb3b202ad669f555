#pragma once

#include "trackwright/drive/follower.h"
#include "trackwright/track/line_sampler.h"
#include "trackwright/drive/stuck_manager.h"
#include "trackwright/traffic/follow_rules.h"

namespace trackwright {

/// The race-track chapter's runner follower (§39.4). Distances in metres, times in seconds.
struct RunnerParameters {
    float lookaheadMin = 4.0f;             ///< m ahead of the car at rest
    float lookaheadTime = 0.35f;           ///< s: added lookahead per m/s of speed
    float curvatureShortening = 30.0f;     ///< m: lookahead divided by (1 + this·|κ|) in bends (§39.4.1)
    float runnerCatchUpTime = 0.25f;       ///< s over which the runner settles to a new lookahead
    float lateralOffset = 0.0f;            ///< m from the line, left positive: drive parallel, overtake
    float brakingFraction = 0.85f;         ///< share of the vehicle's braking the braking check counts on
    float speedGain = 2.0f;                ///< throttle per m/s below or above the hint
    float wallPredictionTime = 0.8f;       ///< s: medium-range extrapolation of the turning path (§39.4.3)
    float wallMargin = 0.6f;               ///< m kept from the tarmac edge
    float sideCorrectionGain = 0.25f;      ///< steering per m beyond the margin, short range
    float wheelbase = 2.6f;
    float maxSteeringAngle = 0.55f;
    float maxBraking = 12.0f;              ///< m/s², of the vehicle
    StuckParameters stuck;
    FollowRules follow;                    ///< with traffic: following and alongside (traffic/follow_rules.h)
};

/// [runner] A runner ("rabbit") moves along the racing line ahead of the car, advanced each tick by
/// the car's speed and eased to a lookahead that grows with speed and shrinks in bends; the car
/// steers at it. Speed: the baked hint, with the braking-distance check (brake when the speed
/// predicted under full braking exceeds a later point's hint, eq. 39.4's corner speeds). Walls: the
/// turning path is extrapolated and corrected when it leaves the tarmac, and a sideways correction
/// keeps a margin from the edges. Optional lateral offset; the same stuck manager as pursuit.
/// In traffic (setTraffic): the speed is also capped by the cars ahead in its way and the steering
/// never turns into a car alongside (traffic/follow_rules.h); the pace scales the hints.
class RunnerFollower final : public Follower {
public:
    RunnerFollower(const BakedTrack& track, std::uint32_t line, std::uint32_t vehicleClass, const RunnerParameters& parameters);

    Controls update(const FollowerInput& input) override;
    void reset() override;
    int stuckEvents() const override { return m_stuck.events(); }
    StuckStats stuckStats() const override { return m_stuck.stats(); }
    void attachRecoveryPlanner(RecoveryPlanner* planner, const VehicleParameters& vehicle) override { m_stuck.attachPlanner(planner, vehicle); }
    /// The stuck manager (a planned manoeuvre in progress, for previews).
    const StuckManager& stuckManager() const { return m_stuck; }
    TeleportRequest takeTeleportRequest() override;
    void setTraffic(const CarTraffic* traffic) override { m_traffic = traffic; }
    void setPace(float fraction) override { m_pace = fraction > 0.0f && fraction <= 1.0f ? fraction : 1.0f; }

    float targetSpeed() const { return m_targetSpeed; }
    format::Vec2 runnerPosition() const { return m_runnerPosition; }

private:
    /// Speed from the hints ahead: the hint here, or braking when a later hint demands it.
    float speedFromHints(float lineDistance, float speed, bool& mustBrake) const;
    /// Tarmac half-width on the side of `lateral` at a registration.
    float trackWidthAt(const Registration& r, float lateral) const;

    std::uint32_t m_line;
    LineSampler m_sampler;
    Registrar m_predictor;  ///< also holds the follower's copy of the track: one copy a car is enough
    const BakedTrack& track() const { return m_predictor.track(); }
    RunnerParameters m_p;
    StuckManager m_stuck;
    std::int64_t m_firstHint = -1;  ///< into SpeedHints, for the braking check's walk over the points
    bool m_hasRunner = false;
    float m_runnerDistance = 0.0f;
    float m_lineDistance = 0.0f;
    float m_targetSpeed = 0.0f;
    format::Vec2 m_runnerPosition;
    const CarTraffic* m_traffic = nullptr;
    float m_pace = 1.0f;
};

} // namespace trackwright
