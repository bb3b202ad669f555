#pragma once

#include "trackwright/traffic/driver_profile.h"
#include "trackwright/traffic/lateral_blend.h"
#include "trackwright/traffic/traffic_view.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

namespace trackwright {

/// The overtaking rule's thresholds (issue 25: "overtake with commitment").
struct OvertakeRules {
    /// m/s the car must be able to go faster than the car ahead (its own speed hint at its pace
    /// against the other's speed) for a pass to be worth leaving the line for.
    float minSpeedAdvantage = 1.0f;
    float decideGap = 10.0f;        ///< m bumper to bumper within which a pass is considered…
    float decideHeadway = 0.3f;     ///< …plus this many seconds of speed
    /// m between the sides when passing: well above FollowRules::inTheWayLateralGap (1 m), or the
    /// follow rule keeps holding the passing car behind the one it passes (at 1.2 m the gap
    /// wavered about that threshold and a car 7 % faster sat at the other's speed for 14 s).
    float passingClearance = 1.6f;
    float minCommitTime = 1.5f;     ///< s a decision is held before it may be dropped
    float maxApproachTime = 20.0f;  ///< s allowed to draw alongside; after it the attempt is aborted
    float retryDelay = 2.0f;        ///< s after an abort before the next attempt
    float clearMargin = 2.0f;       ///< m beyond a car length the passed car must be behind before returning
    /// m of braking zone an attempt may still reach before drawing alongside: a pass that would
    /// meet a corner's braking point with its nose behind is not started (no tight corner too close).
    float brakingAllowance = 30.0f;
    float lateralRate = 3.0f;       ///< m/s, the most the offset changes
    float lateralRateChange = 6.0f; ///< m/s², how fast that rate changes (the jerk limit on the path)
    /// Fraction of pace a committed attacker pushes above its own at aggression 1 (never above the
    /// hints): drivers drive harder while passing — at 0.5 most attackers drive at the hints, the
    /// car's limit, for as long as the pass lasts. The pass's prediction (drawing level before the
    /// braking point) counts on the same push. From 0.03, over seeds 1–60: overtakes a race on
    /// e-track-1 11 → 21, g-track-1 14 → 30, with contacts and completed attempts about as before.
    float attackPush = 0.5f;
    /// A car held up by a slower one ahead on its line (its pace above the other's pace now),
    /// within max(pressureGap m, pressureHeadway s of speed), pushes as an attacker does before it
    /// commits: it closes up to where a pass can be predicted. Driving its own pace it sat 13–20 m
    /// behind a car 2.8 % slower on e-track-1 for ten laps, too far back for any prediction to
    /// draw it level before the next corner.
    float pressureGap = 20.0f;          ///< m
    float pressureHeadway = 2.0f;       ///< s
    /// m short of level at the stretch's end a pass under way may be predicted to fall and still go
    /// on (the prediction is taken again every tick; a pass that will not draw level is given up).
    float levelSlack = 2.0f;

    /// The factor on a driver's pace while attacking (a committed pass, or held up): 1 + attackPush · aggression.
    float pushFactor(const DriverProfile& driver) const { return 1.0f + attackPush * driver.aggression; }
    /// True when `other`, ahead, is in the way of a car on its line: its side within passingClearance
    /// of this car's, now or at the catch time.
    bool inTheWay(const TrafficNeighbour& other) const { return std::min(other.lateralGap, other.lateralGapAtCatch) < passingClearance; }
    /// Outbraking: within outbrakeWindow m of a tight corner's braking point, a car quicker
    /// through corners than the car ahead (pace higher by outbrakePace) and within outbrakeGap m
    /// plus outbrakeHeadway s of speed behind it takes the inside of the corner and brakes late
    /// (RaceCraftCommand::lateBraking). Where all cars accelerate alike, the braking zone is the one
    /// place a quicker driver gains: a car 3 % quicker stayed behind for ten laps on e-track-1.
    float outbrakeWindow = 150.0f;
    float outbrakeGap = 4.0f;          ///< m
    float outbrakeHeadway = 0.3f;      ///< s
    float outbrakePace = 0.005f;
    /// In the braking zone the move holds while the car is alongside, or while its gap closes at
    /// the closing speed within this share of the time left to slow to the corner's speed.
    float outbrakeClosingShare = 0.5f;
    /// m between the sides before the car brakes late: straight behind the other car, late
    /// braking runs into it.
    float lateBrakingClearance = 0.3f;
};

/// When a car may move across the road (issue 25: "never steer into a car that is alongside"),
/// whatever the move is for: a pass, the return after it, the merge off the grid, a yield.
struct LaneChangeRules {
    float lateralMargin = 0.5f;     ///< m kept between the sides of the mover and a car it moves towards
    float aheadTime = 0.6f;         ///< s of speed ahead (at least aheadGap) in which a car blocks the move
    float aheadGap = 8.0f;          ///< m
    float behindGap = 6.0f;         ///< m behind in which a car blocks the move (more when it closes)
    float behindClosingTime = 1.0f; ///< s of closing speed added to behindGap
    float threshold = 0.3f;         ///< m: moves smaller than this are not checked
    /// m before a tight corner's braking point within which a car whose move is blocked by a car
    /// ahead of it drops back behind that car (two abreast into a tight corner is where cars touch).
    float dropBackWindow = 200.0f;
    float dropBackGap = 2.0f;       ///< m bumper to bumper it drops back to…
    float dropBackTime = 1.5f;      ///< …closing the difference over this many seconds
    /// A car ahead across the way back to the line that this car would reach within
    /// returnClosingTime s at the closing speed now (plus dropBackGap m when closing faster than
    /// returnClosingSpeed m/s) holds the return: the car drops back beside the line before it moves
    /// in behind it. (Only fast closings held it once; a pass given up in Ridgeway Park's hairpin,
    /// 0.7 m behind and 2.4 m/s faster, moved back across onto the car it had been passing.)
    float returnClosingSpeed = 3.0f;
    float returnClosingTime = 1.5f;
};

/// The defending rule's thresholds: one move to the inside of the next corner before its braking
/// zone, scaled by the driver's aggression, never once the attacker is alongside.
struct DefendRules {
    float attackGap = 12.0f;        ///< m: a car behind closer than this and closing is attacking
    float attackClosingSpeed = 1.5f;///< m/s of closing that counts as attacking
    float window = 150.0f;          ///< m before the braking point within which the move is made
    float maxOffset = 1.5f;         ///< m of the move at aggression 1
    float rearmTime = 3.0f;         ///< s without an attacker before a new move is allowed
};

/// The blue-flag rule's thresholds: a car about to be lapped moves to the yield side.
struct BlueFlagRules {
    float range = 60.0f;            ///< m behind within which a lapping car is shown the flag
    float thirdCarGap = 30.0f;      ///< m: another car this close ahead or alongside holds the yield
    float lift = 0.97f;             ///< fraction of its pace a yielding car drives at
};

/// The designer's say at one point of the track (race_zones.h's OvertakingRule, as plain values
/// here so the rule does not depend on how they are looked up).
struct PassPermission {
    bool left = true, right = true;  ///< sides a pass may be made on
    bool encouraged = false;         ///< inside an overtaking zone: attempts start from further back
    /// m to the next no-overtaking zone: a pass that cannot be done by then is not started.
    float noOvertakingAhead = std::numeric_limits<float>::infinity();
};

/// The road ahead of a car up to where a pass must be done (the next tight corner's braking point,
/// or the follower's horizon), in equal steps: what race craft predicts a pass on. Two cars on one
/// line at different paces drive the same hints scaled by their paces wherever the hints, not
/// their acceleration, hold them back; that is where the faster one gains.
struct StretchAhead {
    static constexpr int kMaxSteps = 32;
    int steps = 0;
    float stepLength = 0.0f;        ///< m
    /// m the car has driven into the stretch since it was measured (a follower re-measures it
    /// every step length, not every tick): distances asked of it count from the car.
    float start = 0.0f;
    float hint[kMaxSteps] = {};     ///< m/s: the line's speed hint over the step (harmonic mean), at pace 1
    /// The share of the step's time (at the hints) on points whose hint the engine sets: driven at
    /// the straight pace (TrafficCar::straightPace).
    float engineShare[kMaxSteps] = {};
    float acceleration = 0.0f;      ///< m/s²: the most a car gains speed at on the way (the car's)
};

/// s a car at `pace`, `from` m ahead of this car (StretchAhead::start on) and doing `speed` m/s,
/// takes to the stretch's end (0 beyond it), held to the hints at its pace and to its acceleration
/// from `speed`. Each car accelerates from its own speed: the car ahead pulling away out of a
/// corner was counted from the passer's speed, and passes predicted on it drew level and fell back.
/// `straightPace` is its pace where the engine sets the hints (StretchAhead::engineShare).
float stretchTime(const StretchAhead& stretch, float pace, float straightPace, float from, float speed);

/// What the follower knows of its own car and the road for race craft, this tick. Laterals are
/// from the centre line, left positive.
struct RaceCraftSituation {
    float dt = 0.0f;
    float speed = 0.0f;             ///< m/s
    float freeSpeed = 0.0f;         ///< m/s: what the hints (at its pace) allow here, traffic aside
    float lateral = 0.0f;           ///< m, the car's
    float lineLateral = 0.0f;       ///< m, its line's at the car
    float leftLimit = 0.0f;         ///< m: the most the car's centre may be left (tarmac less margins)
    float rightLimit = 0.0f;        ///< m: the most right (negative)
    float width = 1.9f, length = 4.6f;  ///< m, the car's
    /// m until the car must start braking for the next corner slower than it goes (infinity: none
    /// within reach), and that corner's side (+1 left turn, −1 right, 0 none).
    float brakingPoint = std::numeric_limits<float>::infinity();
    float cornerSide = 0.0f;
    PassPermission permission;
    /// True from the start until the car is through the first tight corner: the field holds its
    /// order into it (issue 25: "no contact into the first corner"), no pass is started.
    bool opening = false;
    float yieldSide = -1.0f;        ///< +1: lapped cars move left, −1 right
    /// m/s² of lateral grip the car has to spare on its line here (grip less v²·|κ|): an offset
    /// changes at most with half of it, so a line change never spins a car mid-corner.
    float lateralHeadroom = std::numeric_limits<float>::infinity();
    float pace = 1.0f;              ///< the driver's fraction of the hints in corners (TrafficCar::pace)
    float straightPace = 1.0f;      ///< …and where the engine sets them (TrafficCar::straightPace)
    bool engineHere = false;        ///< the hint here is the engine's: paces compare as straightPace
    /// m/s the car takes the next tight corner at (its hint at the driver's pace); 0: none known.
    float cornerSpeed = 0.0f;
    float cornerCurvature = 0.0f;   ///< 1/m, the line's there (unsigned)
    /// m from the line to the furthest the car's centre may go on the corner's inside there (tarmac
    /// less margins); infinity: not known. A racing line takes the inside edge at the apex, and
    /// there is no room to outbrake a car on it.
    float cornerInsideRoom = std::numeric_limits<float>::infinity();
    /// m/s² the car brakes at when it brakes late (RaceCraftCommand::lateBraking).
    float lateDeceleration = 11.4f;
    /// The road to the next tight corner's braking point or no-overtaking zone, whichever comes
    /// first (null or steps 0: not known; no pass is then predicted on the paces). A pointer to the
    /// follower's own copy, valid for the update: the stretch is 268 bytes, and copying it into
    /// the situation every tick was a tenth of a 10 000-car tick.
    const StretchAhead* stretch = nullptr;
};

/// What race craft asks of the follower.
struct RaceCraftCommand {
    float lateralOffset = 0.0f;     ///< m from the line (blended; apply as is)
    float paceFactor = 1.0f;        ///< multiplies the speed hints (a yielding car lifts)
    /// m/s the car may go at most (dropping back behind a car that blocks its move); infinity: free.
    float speedCap = std::numeric_limits<float>::infinity();
    /// Brake late into the next tight corner (an outbraking move beside the car it passes): the
    /// follower's braking check counts on more of the car's braking (RunnerParameters::lateBrakingFraction).
    bool lateBraking = false;
    /// m/s² of lateral acceleration a return towards the line needs to stop at its target: rate² /
    /// (2 · distance left), 0 when not returning. The follower keeps that much grip spare: a return
    /// begun on a straight at 3 m/s and carried into a corner taken at its hint slid the car on
    /// across the line and off the road. (Kept for every move across, passes too, it cut e-track-1's
    /// overtakes a race from 11.5 to 9.4 over 30 seeds.)
    float crossingAcceleration = 0.0f;
};

/// What a car's race craft did, for the race's figures.
struct RaceCraftCounts {
    int looks = 0;        ///< passes committed to (pulled out to look)
    int dropped = 0;      ///< of those, given up before drawing alongside
    /// Of those, the ones that drew alongside (the nose level with the other car's tail): an
    /// attempt as a race engineer counts it.
    int attempts = 0;
    int completed = 0;    ///< attempts that cleared the other car
    int aborted = 0;      ///< attempts given up after drawing alongside
    int defends = 0;      ///< defending moves made
    int yields = 0;       ///< blue flags obeyed
};

/// One car's race craft (issue 25): overtaking with commitment, defending and the blue flag, on top
/// of the follow and alongside rules (follow_rules.h) which keep applying — they only ever slow a
/// car or stop it steering into a neighbour. Every rule reads the traffic view's neighbours and the
/// car's situation and asks for a lateral offset from the line, blended with rate and jerk limits
/// (lateral_blend.h). Priority: a committed pass, then the blue flag, then a defence, else the line.
/// Plain state, no allocation, deterministic.
class RaceCraft {
public:
    enum class Pass : std::uint8_t { None, Committed, Returning };

    RaceCraftCommand update(const CarTraffic& traffic, const RaceCraftSituation& situation, const DriverProfile& driver);
    void reset();
    /// Starts the blend at `offset` m from the line (where the car stands), so the first update
    /// does not pull it towards the line.
    void startAt(float offset) { m_blend = {offset, 0.0f}; }

    Pass pass() const { return m_pass; }
    /// The car being passed (an index into the traffic view), while a pass is committed.
    std::uint32_t passTarget() const { return m_target; }
    /// +1 passing on the left, −1 on the right.
    float passSide() const { return m_side; }
    bool yielding() const { return m_yielding; }
    bool defending() const { return m_defending; }
    /// The committed pass is an outbraking move (OvertakeRules::outbrakeWindow).
    bool outbraking() const { return m_pass == Pass::Committed && m_outbraking; }
    const RaceCraftCounts& counts() const { return m_counts; }
    /// The factor on the driver's pace race craft asked for last (a push while attacking, a lift
    /// while yielding; 1 otherwise).
    float paceFactor() const { return m_paceFactor; }

    OvertakeRules overtake;
    LaneChangeRules laneChange;
    DefendRules defend;
    BlueFlagRules blueFlag;

private:
    /// The offset from the line a pass of `other` on `side` holds, or NaN when it does not fit here.
    float passingOffset(const TrafficNeighbour& other, float side, const RaceCraftSituation& s) const;
    /// True when this car, on the inside of the next tight corner beside `other`, is still the
    /// quicker through it (its pace on the tighter inside path against the other's on the line).
    bool quickerInside(const TrafficNeighbour& other, const RaceCraftSituation& s) const;
    void considerPass(const CarTraffic& traffic, const RaceCraftSituation& s, const DriverProfile& driver);
    void continuePass(const CarTraffic& traffic, const RaceCraftSituation& s, const DriverProfile& driver);
    void endPass(bool completed);
    /// True when, driving the stretch ahead at their paces, this car draws level with `other` (its
    /// centre past the other's) before the stretch ends: a pass worth starting on a speed
    /// difference the cars do not have yet (the faster car gains where the hints hold both back).
    bool drawsLevelAhead(const TrafficNeighbour& other, const RaceCraftSituation& s, const DriverProfile& driver, float slack = 0.0f) const;
    /// True when a car ahead on this car's line, slower than it and close, holds it up (pressureGap).
    bool heldUp(const CarTraffic& traffic, const RaceCraftSituation& s) const;
    /// The nearest car lying across the path from the car's lateral to `lateral` within the
    /// lane-change window, or null when the way is clear (a car straight ahead or behind on the
    /// car's own line is the follow rule's, not a blocker).
    const TrafficNeighbour* corridorBlocker(const CarTraffic& traffic, const RaceCraftSituation& s, float lateral) const;
    float defendTarget(const CarTraffic& traffic, const RaceCraftSituation& s, const DriverProfile& driver);
    bool yieldTarget(const CarTraffic& traffic, const RaceCraftSituation& s, float& lateral);

    Pass m_pass = Pass::None;
    std::uint32_t m_target = 0;
    float m_side = 0.0f;
    float m_passOffset = 0.0f;     ///< m from the line the pass holds (decided once, beside the other car)
    float m_passTime = 0.0f;       ///< s since the decision
    float m_lastCentre = 0.0f;     ///< m the passed car was ahead when last seen
    float m_noRoomTime = 0.0f;     ///< s the pass has had no room on either side
    bool m_drewAlongside = false;
    bool m_outbraking = false;     ///< this pass is an outbraking move (OvertakeRules::outbrakeWindow)
    bool m_lateBraking = false;    ///< this tick: beside the car it outbrakes  ///< this pass has drawn alongside (an attempt)
    float m_sinceAbort = 1e9f;     ///< s
    bool m_yielding = false;
    bool m_defending = false;
    bool m_defendUsed = false;     ///< this attack's one move is made
    float m_defendLateral = 0.0f;
    float m_sinceAttack = 1e9f;    ///< s since a car last attacked
    float m_paceFactor = 1.0f;
    LateralBlend m_blend;
    RaceCraftCounts m_counts;
};

/// The fraction of the hints a car drives at now (TrafficCar::pace): its driver's pace times race
/// craft's push or lift, at most the hints. Race craft predicts a pass on the other car's pace; on
/// its driver's alone, a car passing a third one at the hints looked 5 % slower than it was, and
/// half the passes started on such a car fell back.
inline float racingPace(float driverPace, const RaceCraft* craft) { return std::min(1.0f, driverPace * (craft ? craft->paceFactor() : 1.0f)); }

} // namespace trackwright
