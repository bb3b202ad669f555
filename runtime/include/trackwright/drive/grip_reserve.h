#pragma once

#include <cstdint>
#include <vector>

namespace trackwright {

/// What a follower learns of where its real car cannot hold the line's speed hints.
///
/// The hints plan every corner at the whole of the grip the car's description promises. A real
/// car at that limit slides a little and its steering lags, so in some corners it runs wide of its
/// line — and the line's exit is only the bake's safety margin from the edge. A grip reserve keeps,
/// per baked line point, the share of the grip the car plans with there: it falls where the car,
/// turning hard, runs wider of its line than that margin (at the point and over the second of
/// travel that brought it there, where the speed was set), and creeps back where the car holds the
/// line. It starts at the whole grip: a car that tracks well loses nothing.
///
/// Plain data: one float per line point, allocated once (set up by the follower at construction).
class GripReserve {
public:
    /// One share per line point, each the whole grip.
    void resize(std::uint32_t points);
    bool empty() const { return m_share.empty(); }

    /// The speed factor at a point: √share (corner speed goes with the root of the grip).
    float pace(std::uint32_t point) const;

    /// One tick of driving at line point `point`: `outward` m wide of the line on the outside of the
    /// bend, turning at `use` of the grip planned there, `behind` points covering the last second.
    void learn(std::uint32_t point, std::uint32_t behind, bool closed, float outward, float use, float dt);

    static constexpr float kHardCornering = 0.7f;     ///< of the planned grip: turning harder, the tracking counts
    static constexpr float kTrackingTolerance = 0.5f; ///< m wide of the line: the bake's default safety margin
    static constexpr float kFall = 0.1f;              ///< share per s per m wide beyond the tolerance
    static constexpr float kRise = 0.01f;             ///< share per s of holding the line
    static constexpr float kLeast = 0.75f;            ///< the least share: a car slower than that is not misjudged grip

private:
    std::vector<float> m_share;  ///< of the grip, per line point
    std::vector<float> m_pace;   ///< √m_share, kept beside it (read every tick for every point ahead)
};

} // namespace trackwright
