#pragma once

#include "trackwright/drive/follower.h"
#include "trackwright/track/line_sampler.h"
#include "trackwright/drive/stuck_manager.h"

namespace trackwright {

/// The path-following paper's baseline (§III), as it describes it.
struct BaselineParameters {
    float lookahead = 24.0f;       ///< m of path examined (the pursuit's Δh·N, for a fair comparison)
    float segmentLength = 6.0f;    ///< m per examined path segment
    float referenceAngle = 0.26f;  ///< rad: at this largest angle or less, full speed
    float minSpeed = 1.0f;         ///< m/s
    float maxSpeed = 10.0f;        ///< m/s
    float speedGainP = 0.4f;       ///< P-only speed control: no integral term
    float targetLookaheadMin = 6.0f;
    float targetLookaheadTime = 0.6f;
    float wheelbase = 2.6f;
    float maxSteeringAngle = 0.55f;
    StuckParameters stuck;
};

/// [baseline] Target speed inversely proportional to the largest angle between the car's forward
/// vector and the path segments up to the lookahead, v = v_max · θref / max(θ, θref), clamped;
/// P-only speed control; the same target point, pure-pursuit steering and stuck manager as pursuit,
/// so a comparison isolates the speed generation and control.
class BaselineFollower final : public Follower {
public:
    BaselineFollower(const BakedTrack& track, std::uint32_t line, const BaselineParameters& parameters);

    Controls update(const FollowerInput& input) override;
    void reset() override { m_stuck.reset(); }
    int stuckEvents() const override { return m_stuck.events(); }
    StuckStats stuckStats() const override { return m_stuck.stats(); }
    TeleportRequest takeTeleportRequest() override;

private:
    BakedTrack m_track;  ///< a copy of the view (cheap): the game keeps only the bytes alive
    std::uint32_t m_line;
    LineSampler m_sampler;
    BaselineParameters m_p;
    StuckManager m_stuck;
    float m_lineDistance = 0.0f;
};

} // namespace trackwright
