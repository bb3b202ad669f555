#pragma once

#include "trackwright/drive/follower.h"
#include "trackwright/track/line_sampler.h"
#include "trackwright/drive/stuck_manager.h"

namespace trackwright {

/// Parameters of the Unity project's followers (student project §4). The project names them without
/// values; these defaults drive the reference car on the sample tracks.
struct SeekParameters {
    float spacing = 2.0f;            ///< m between the evenly spaced path points
    int predictionOffset = 6;        ///< points skipped ahead of the mapped point for the destination
    float predictionTime = 0.6f;     ///< s: predictive mode looks this far ahead
    float pathRadius = 2.5f;         ///< m: a prediction this close to the path is a valid destination
    float gas = 1.0f;                ///< throttle when the destination is ahead
    float steer = 2.0f;              ///< steering per unit of the destination's normal component
    float brake = 1.0f;              ///< braking when the turn is sharp
    float brakeAtAngle = 25.0f;      ///< degrees: a destination further off the heading is a sharp turn
    float linearDrag = 12.0f;        ///< s: the agent's own drag, −v / linearDrag, as throttle
    float maxSpeed = 30.0f;          ///< m/s, the project's maximum car speed
    float maxAcceleration = 6.0f;    ///< m/s², to express drag as throttle
    StuckParameters stuck;
};

/// [predictive] and [rabbit]: the destination is the car's predicted position when it stays within
/// the path radius, else a point further along the path (predictive), or always a point a fixed
/// offset ahead of the car's mapped point (chase the rabbit); then Seek: full gas while the
/// destination is within brake-at-angle of the heading, brakes beyond it, steering by the
/// destination's normal component; drag.
class SeekFollower final : public Follower {
public:
    enum class Mode { Predictive, Rabbit };
    SeekFollower(const BakedTrack& track, std::uint32_t line, Mode mode, const SeekParameters& parameters);

    Controls update(const FollowerInput& input) override;
    void reset() override { m_stuck.reset(); }
    int stuckEvents() const override { return m_stuck.events(); }
    StuckStats stuckStats() const override { return m_stuck.stats(); }
    TeleportRequest takeTeleportRequest() override;

private:
    std::uint32_t m_line;
    Mode m_mode;
    LineSampler m_sampler;
    Registrar m_mapper;  ///< also holds the follower's copy of the track: one copy a car is enough
    const BakedTrack& track() const { return m_mapper.track(); }
    SeekParameters m_p;
    StuckManager m_stuck;
    float m_lineDistance = 0.0f;
};

} // namespace trackwright
