#pragma once

namespace trackwright {

/// A lateral offset from the line that moves towards a target with its rate and its rate's change
/// limited (issue 25: "blend onto the overtaking line … with the lateral rate and jerk limited"):
/// the car never darts sideways, and a changed mind eases in.
struct LateralBlend {
    float offset = 0.0f;  ///< m from the line, left positive
    float rate = 0.0f;    ///< m/s

    /// One tick of `dt` s towards `target`: the rate wanted is gain · (target − offset) capped at
    /// `maxRate`; the rate moves towards it by at most `maxRateChange` · dt, braking early enough to
    /// stop at the target without overshoot (the tick that arrives sets the rate to 0 from at most
    /// two ticks' worth of change).
    void update(float target, float maxRate, float maxRateChange, float dt);
};

} // namespace trackwright
