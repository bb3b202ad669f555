#pragma once

namespace trackwright {

/// What a follower's stuck manager has done so far. An event is recovered when the next window
/// shows progress again; unrecovered when it is followed by another event without progress in
/// between, or by a teleport.
struct StuckStats {
    int events = 0;             ///< stuck events (each time the manager stepped in)
    int plannedRecoveries = 0;  ///< events answered with a planned manoeuvre
    int unrecovered = 0;        ///< events after which the car did not get going again
    bool pending = false;       ///< the last event is not judged yet
};

/// Plans recovery manoeuvres for stuck cars (runtime/include/trackwright/plan/recovery_planner.h).
class RecoveryPlanner;

} // namespace trackwright
