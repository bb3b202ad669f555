#pragma once

#include <algorithm>

namespace editor::preview {

/// Turns wall time into whole simulation ticks of a fixed step, whatever the render rate: wall time
/// times the speed factor is banked and paid out a tick at a time. Ghost cars and a race tick alike.
struct FixedStepClock {
    double step = 1.0 / 60.0;  ///< s per tick
    double banked = 0.0;       ///< s of simulated time owed, under one tick

    /// The ticks `seconds` of wall time hold at `speedFactor`, at most `maxTicks` (behind that,
    /// the debt is dropped rather than run ever longer frames, so a stall never snowballs).
    int ticks(double seconds, double speedFactor, int maxTicks) {
        banked += std::max(0.0, seconds) * std::max(0.0, speedFactor);
        int count = 0;
        while (banked >= step && count < maxTicks) {
            banked -= step;
            ++count;
        }
        if (count == maxTicks) banked = 0.0;
        return count;
    }
};

} // namespace editor::preview
