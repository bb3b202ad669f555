#pragma once

// The runtime's unit of time: the tick a game hands to every update. In the lowest layer, so the
// lap counter, the vehicle model, the followers and the race world refuse the same ticks.

namespace trackwright {

/// The longest tick any runtime call takes, seconds: a follower's, a race world's and a lap
/// counter's update and a step of the reference model. A game paused or stalled for longer should
/// not plan for, time or move its cars through one huge step (walls tunnelled through, a timing
/// loop that ran once per 0.1 s of a dt of 1e8 s): such a call is refused (false,
/// InvalidArgument, TW_INVALID_ARGUMENT, with neutral controls); split the time into ticks.
inline constexpr float kMaxTick = 0.25f;

/// True for a tick the runtime takes: finite and in [0, kMaxTick] (NaN fails both comparisons).
constexpr bool validTick(float dt) { return dt >= 0.0f && dt <= kMaxTick; }

} // namespace trackwright
