#pragma once

#include "trackwright/drive/follower.h"
#include "trackwright/drive/grip_reserve.h"
#include "trackwright/track/line_sampler.h"
#include "trackwright/drive/steering.h"
#include "trackwright/drive/stuck_manager.h"
#include "trackwright/traffic/driver_mistakes.h"
#include "trackwright/traffic/driver_profile.h"
#include "trackwright/traffic/driver_strength.h"
#include "trackwright/traffic/follow_rules.h"
#include "trackwright/traffic/race_craft.h"
#include "trackwright/traffic/slipstream.h"
#include "trackwright/vehicle/vehicle_limits.h"

#include <cmath>

namespace trackwright {

/// The race-track chapter's runner follower (§39.4). Distances in metres, times in seconds.
struct RunnerParameters {
    float lookaheadMin = 4.0f;             ///< m ahead of the car at rest
    float lookaheadTime = 0.35f;           ///< s: added lookahead per m/s of speed
    float curvatureShortening = 30.0f;     ///< m: lookahead divided by (1 + this·|κ|) in bends (§39.4.1)
    float runnerCatchUpTime = 0.25f;       ///< s over which the runner settles to a new lookahead
    float lateralOffset = 0.0f;            ///< m from the line, left positive: drive parallel, overtake
    float brakingFraction = 0.85f;         ///< share of the vehicle's braking the braking check counts on
    float lateBrakingFraction = 0.95f;     ///< …and while race craft outbrakes a car (RaceCraftCommand::lateBraking)
    float speedGain = 2.0f;                ///< throttle per m/s below or above the hint
    float wallPredictionTime = 0.8f;       ///< s: medium-range extrapolation of the turning path (§39.4.3)
    float wallMargin = 0.6f;               ///< m kept from the tarmac edge
    float sideCorrectionGain = 0.25f;      ///< steering per m beyond the margin, short range
    float wallCorrection = 0.3f;           ///< share of the lock steered back when the predicted path leaves the tarmac…
    /// …but at most this share of lateralGrip as lateral acceleration (at speed a fixed share of the
    /// lock asks for many times the grip: a car a metre off its line at 55 m/s spun).
    float wallCorrectionGrip = 0.5f;
    /// The car it drives, as it plans with it: its geometry, its limits and their envelope at speed
    /// (vehicle/vehicle_limits.h: the braking check counts on the braking the car has at each
    /// speed). Where a hint reaches the top speed the straight is run flat out, which the slipstream
    /// raises (traffic/slipstream.h); the width is the room it needs to pass, the grip what a line
    /// change may use, the acceleration how fast race craft expects it to gain speed.
    VehicleParameters vehicle;
    float length = 4.6f;                   ///< m, of the vehicle, bumper to bumper
    float passHorizon = 400.0f;            ///< m ahead searched for the next tight corner's braking point in traffic
    /// A corner whose hint is below this fraction of the car's speed is tight: no pass is started
    /// that would reach its braking point before drawing alongside, and defending moves are made before it.
    float tightCornerFraction = 0.7f;
    StuckParameters stuck;
    FollowRules follow;                    ///< with traffic: following and alongside (traffic/follow_rules.h)
    SlipstreamRules slipstream;            ///< with traffic: the tow behind a car ahead (traffic/slipstream.h)
};

/// [runner] A runner ("rabbit") moves along the racing line ahead of the car, advanced each tick by
/// the car's speed and eased to a lookahead that grows with speed and shrinks in bends; the car
/// steers at it. Speed: the baked hint, with the braking-distance check (brake when the speed
/// predicted under full braking exceeds a later point's hint, eq. 39.4's corner speeds). Walls: the
/// turning path is extrapolated and corrected when it leaves the tarmac, and a sideways correction
/// keeps a margin from the edges. Optional lateral offset; the same stuck manager as pursuit.
/// In traffic (setTraffic): the speed is also capped by the cars ahead in its way, the steering
/// never turns into a car alongside (traffic/follow_rules.h), and race craft (traffic/race_craft.h)
/// passes, yields and defends by moving the runner across the line; the driver's profile scales
/// the hints and holds the start (setDriver).
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
    void setDriver(const DriverProfile& driver) override;
    const RaceCraft* raceCraft() const override { return &m_craft; }
    float driverPace() const override { return (m_hasDriver ? m_driver.pace : 1.0f) * m_strength.cornerFactor * m_catchUp; }
    void setCatchUp(float factor) override { m_catchUp = std::isfinite(factor) && factor > 0.0f ? factor : 1.0f; }
    float driverStraightPace() const override { return (m_hasDriver ? m_driver.pace : 1.0f) * m_strength.topSpeedFactor; }
    float speedHintShare(std::uint32_t point) const override { return hintShare(point, m_paceNow); }
    MistakeTally mistakeTally() const override { return m_tally; }
    /// The corners its driver makes mistakes at (traffic/driver_mistakes.h), in order along the line.
    const std::vector<LineCorner>& corners() const { return m_corners; }
    /// How its driver's strength is driven on this line (traffic/driver_strength.h).
    const StrengthPlan& strengthPlan() const { return m_strength; }
    /// The race craft's rules, to tune them (a reference: edits apply from the next update).
    RaceCraft& raceCraftRules() { return m_craft; }

    /// Pit stops (drive/pit_stop.h): the car keeps racing on its line until within braking reach of
    /// the pit lane's fork, then drives the lane at its limit to the box, stands the track's pit stop
    /// time and merges back into a gap. Refused (with the reason) for a marker that is not a
    /// `pit-box` on a branch that forks from and joins the car's route, or while a stop is under way.
    PitRequestStatus requestPitStop(std::uint32_t boxMarker) override;
    PitState pitState() const override { return m_pit.state(); }
    const PitStop* pitStop() const override { return &m_pit; }
    void prefetch() const override;
    float plannedOffset() const override { return m_p.lateralOffset + m_offset; }

    float targetSpeed() const { return m_targetSpeed; }
    format::Vec2 runnerPosition() const { return m_runnerPosition; }

private:
    /// The pit stop's tick (runner_pit.cpp): true and `out` filled while the stop drives the car.
    bool updatePit(const FollowerInput& in, Controls& out);
    /// `hint` with this tick's tow: raised by m_towFactor where it is the top speed.
    float towed(float hint, std::uint32_t point) const;
    /// The share of point `point`'s hint a driver at `pace` (its consistency, race craft's push or
    /// lift) takes: its strength's share there (times catch-up's factor where grip sets the hint)
    /// times the pace, never above the hint; then a mistake's factor (runner_mistakes.cpp).
    float hintShare(std::uint32_t point, float pace) const {
        const float factor = m_strength.engineSets(point) ? m_strength.topSpeedFactor : m_strength.cornerFactor * m_catchUp;
        return std::min(1.0f, pace * factor) * m_mistakeSpeed;
    }
    /// The mistakes' tick (runner_mistakes.cpp): reaching a corner draws the one due there, and the
    /// one under way sets m_mistakeSpeed and m_mistakeOffset for this tick.
    void updateMistake(const FollowerInput& in, float speed);
    /// Ends the mistake under way and its factors, and makes the schedule find the next corner
    /// afresh: off the route (pushed off, a shortcut, a teleport) nothing says where its corner is.
    void forgetMistake();
    /// What the mistake under way does to the controls (a lock-up's brakes, a slide's throttle).
    void applyMistake(bool braking, float& steering, float& throttle);
    /// m along the line from point `point` of the line to the car (negative: the point is ahead),
    /// the short way round a closed line.
    float pastPoint(std::uint32_t point) const;
    /// Speed from the hints ahead: the hint here, or braking when a later hint demands it.
    float speedFromHints(float speed, bool& mustBrake);
    /// `throttle` within the friction ellipse of what the car's turn uses of its tyres now:
    /// braking at most the ellipse's share (never less than kLeastBraking), driving at most the
    /// traction it leaves. The tyres' limit is the banked road's (bankedLateralLimit) into the turn
    /// the path takes. Cars with an envelope only (the reference model's limits are separate).
    float withinFrictionBudget(float throttle, const VehicleState& state, const RoadSurface& road) const;
    /// True when the car turns faster than its path by more than kOversteerGrip of its lateral
    /// grip (its rear sliding out): the brakes are eased to kLeastBraking while it lasts.
    bool oversteering(const VehicleState& state, float speed, const RoadSurface& road) const;
    /// The throttle (≤ 0) that slows the car to where its grip turns it back inside the edge the
    /// path predicted `time` s on (`ahead`) leaves; 1 where no slowing is needed.
    /// What this tick teaches the grip reserve (GripReserve) of the point the car is at.
    void learnGripReserve(const FollowerInput& in, float speed);
    static constexpr float kReserveReach = 1.0f;  ///< s of travel before a wide point whose grip falls with it
    /// The angle between where the car moves and where it points (measureSlipAngle).
    void measureSlipAngle(const VehicleState& state, float dt);
    static constexpr float kLeastSlipSpeed = 5.0f;   ///< m/s: slower, the course is not measured
    static constexpr float kMostSlipAngle = 0.5f;    ///< rad: more is a spin, not a course
    /// The throttle (≤ 0) that slows an envelope car to where its grip bends its path back before its
    /// outer wheels cross the tarmac's edge at `ahead`, predicted `time` s on; 1 where none is needed.
    float edgeSpeedThrottle(const VehicleState& state, const Registration& ahead, float time, const RoadSurface& road) const;
    /// The stopping table reaches this share past the top speed (a tow, a descent).
    static constexpr float kStoppingTableSpeed = 1.3f;
    /// After braking, the throttle stays shut until the curve ahead asks for less than this share
    /// of the counted braking.
    static constexpr float kBrakingRelease = 0.8f;
    /// The least brake a braking car applies (the ellipse leaves at least this much too).
    static constexpr float kLeastBraking = 0.2f;
    /// Share of the car's lateral grip its yaw may exceed the path's by before it counts as oversteer.
    static constexpr float kOversteerGrip = 0.5f;
    /// Tarmac half-width on the side of `lateral` at a registration.
    float trackWidthAt(const Registration& r, float lateral) const;
    /// 1/m: the route's centre-line curvature where the car is registered.
    float routeCurvatureAt(const Registration& r) const;
    /// The first baked point of the line beyond the car (the walks over the points start there).
    std::uint32_t firstPointAfterCar() const;
    /// A tight corner ahead (tightCornerFraction): where on the line, its hint at the driver's
    /// pace, its turning side (+1 left) and the room inside the line there (RaceCraftSituation::cornerInsideRoom).
    struct TightCorner {
        bool valid = false;
        float distance = 0.0f, hint = 0.0f, side = 0.0f, curvature = 0.0f, insideRoom = 0.0f;
    };
    /// Race craft's view of the car and the road this tick (traffic only).
    /// The stretch ahead `end` m long, for race craft's pass prediction (StretchAhead).
    void fillStretch(float end, StretchAhead& stretch) const;
    /// The stretch, measured again only when the car is a step into it or its end has moved.
    const StretchAhead& stretchAhead(float end);
    /// RaceCraft's largest keenness (aggression and optimism 1 in an overtaking zone): the decision
    /// reach the stretch is filled within.
    static constexpr float kKeenestDecision = 1.25f * kMostOptimismFactor * 1.5f;
    RaceCraftSituation situation(const FollowerInput& in, float speed, float pace);
    /// The tight corner whose braking point comes first within passHorizon.
    TightCorner findTightCorner(float speed, float pace) const;
    /// m to where the car must start braking for the tight corner ahead (0 inside its braking
    /// zone, infinity without one) and its side; the corner is kept until the car passes it.
    float tightBrakingPoint(float speed, float pace, float& cornerSide);
    /// m along the line from the car to the first tight corner, judged against the fastest hint
    /// before it (0: none within a lap).
    float firstTightCornerAhead() const;

    std::uint32_t m_line;
    std::uint32_t m_vehicleClass;
    LineSampler m_sampler;
    /// Where this follower's samples of the line last landed (LineSampler cursors): at the car, half
    /// a second ahead of it, at the runner point.
    std::uint32_t m_carCursor = ~0u, m_aheadCursor = ~0u, m_runnerCursor = ~0u;
    Registrar m_predictor;  ///< also holds the follower's copy of the track: one copy a car is enough
    const BakedTrack& track() const { return m_predictor.track(); }
    RunnerParameters m_p;
    StoppingDistances m_stopping;      ///< at brakingFraction of the car's braking at each speed
    StoppingDistances m_lateStopping;  ///< at lateBrakingFraction, while outbraking a car
    bool m_envelope = false;           ///< the car has a g-g-v envelope: one friction budget (withinFrictionBudget)
    StuckManager m_stuck;
    std::int64_t m_firstHint = -1;  ///< into SpeedHints, for the braking check's walk over the points
    bool m_hasRunner = false;
    float m_runnerDistance = 0.0f;
    float m_lineDistance = 0.0f;
    float m_targetSpeed = 0.0f;
    format::Vec2 m_runnerPosition;
    const CarTraffic* m_traffic = nullptr;
    DriverProfile m_driver;
    bool m_hasDriver = false;
    StrengthPlan m_strength;     ///< how the driver's strength is driven on this line (setDriver)
    RaceCraft m_craft;
    float m_offset = 0.0f;       ///< m, race craft's offset from the line this tick
    float m_paceNow = 1.0f;      ///< the driver's pace here, race craft's push or lift included (its strength apart)
    float m_brakingPoint = 0.0f;
    bool m_lateBraking = false;
    float m_crossingAcceleration = 0.0f;  ///< m/s² race craft's return to the line needs spare (RaceCraftCommand)
    float m_towFactor = 1.0f;    ///< what the slipstream raises this car's top speed by this tick
    float m_craftSpeedCap = 0.0f; ///< m/s, race craft's cap this tick (infinity: none)
    double m_clock = 0.0;        ///< s since the first update (the start signal)
    double m_travelled = 0.0;    ///< m driven since the first update
    bool m_started = false;
    bool m_tightBraking = false; ///< braking for a tight corner this tick (traffic only)
    TightCorner m_corner;        ///< the tight corner ahead, kept through its braking zone
    StretchAhead m_stretch;         ///< race craft's last measured stretch (stretchAhead)
    double m_stretchMeasuredAt = 0.0; ///< m travelled when it was measured
    double m_nextCornerSearch = 0.0; ///< m travelled before the next search when none was found
    static constexpr double kCornerSearchStep = 10.0;  ///< m between searches that find no tight corner
    LineSample m_atCar;          ///< the line at the car this update (sampled once)
    float m_openingDistance = 0.0f; ///< m from the start to the first tight corner: no passes before it
    PitStop m_pit;               ///< a requested pit stop (runner_pit.cpp)
    format::Vec2 m_lastPosition{};  ///< the car's position last tick, for its course
    bool m_hasLastPosition = false;
    float m_slipAngle = 0.0f;       ///< rad, the course less the heading (measureSlipAngle)
    float m_lastThrottle = 0.0f;    ///< the throttle sent last tick (smoothLift)
    GripReserve m_reserve;          ///< per line point, envelope cars only (learnGripReserve)
    float m_brakingShare = 1.0f;    ///< of the braking the turn leaves the tyres this tick (speedFromHints)
    float m_trackingError = 0.0f;   ///< m, the car's recent worst error outside its line (withinTrackingMargin)
    bool m_brakingHeld = false;  ///< braking or coasting for a point ahead (speedFromHints), until its demand falls
    float m_brakeDemand = 0.0f;  ///< share of the car's braking the curve ahead asks for now (the counted share at the braking point)
    UndersteerCompensation m_understeer;
    std::vector<LineCorner> m_corners;  ///< where its driver's mistakes happen (lineCorners)
    MistakeSchedule m_schedule;         ///< which mistake is due at the next corner
    MistakeTally m_tally;
    std::uint32_t m_nextCorner = 0;     ///< into m_corners: the next corner the car reaches
    float m_toNextCorner = NAN;         ///< m to its decision point last tick; NaN: to be found
    struct Mistake {
        int kind = MistakeSchedule::kNone;
        std::uint32_t corner = 0;
        bool shown = false;     ///< its effect has started (and it is counted)
        float elapsed = 0.0f;   ///< s since it was shown
    } m_mistake;
    int m_waiting = MistakeSchedule::kNone;  ///< a mistake drawn while the last had still to show: the next corner's
    float m_mistakeSpeed = 1.0f;   ///< the mistake's factor on the hint share this tick
    float m_catchUp = 1.0f;        ///< catch-up's factor on its corner pace (setCatchUp)
    float m_mistakeOffset = 0.0f;  ///< m, the mistake's offset from the line this tick (left positive)
};

} // namespace trackwright
