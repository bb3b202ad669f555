#include "trackwright/traffic/race_craft.h"

#include <algorithm>
#include <cmath>

namespace trackwright {

namespace {

/// The neighbour record of car `index`, wherever it is in the view, or null.
const TrafficNeighbour* findCar(const CarTraffic& t, std::uint32_t index) {
    for (int k = 0; k < t.aheadCount; ++k)
        if (t.ahead[k].car == index) return &t.ahead[k];
    for (int k = 0; k < t.alongsideCount; ++k)
        if (t.alongside[k].car == index) return &t.alongside[k];
    for (int k = 0; k < t.behindCount; ++k)
        if (t.behind[k].car == index) return &t.behind[k];
    return nullptr;
}

/// m the car travels until it has passed the other car and is clear of it by its own length and
/// `margin`, at an advantage of `advantage` m/s; infinity without one.
float clearingDistance(const TrafficNeighbour& n, float length, float margin, float speed, float advantage) {
    if (!(advantage > 0.0f)) return std::numeric_limits<float>::infinity();
    return std::max(0.0f, n.gap + n.length + 2.0f * length + margin) / advantage * std::max(speed, 1.0f);
}

/// m/s the car could be doing soon: its free speed, but no more than a few seconds of
/// acceleration above its speed (off the start every car is far below its free speed, and the car
/// ahead is no slower for it).
float reachableSpeed(const RaceCraftSituation& s) { return std::min(s.freeSpeed, s.speed + 8.0f); }

/// m/s this car could soon go faster than `other`: both cars' reachable speeds, the other's free
/// speed this car's at the other's pace. Against the other car's speed now, two cars accelerating
/// out of a corner always showed the one behind an advantage (its free speed far above both), and
/// it pulled out on it to be dropped 1.5 s later — e-track-1's cars did so a thousand times in ten
/// races, losing their tow each time.
float reachableAdvantage(const RaceCraftSituation& s, const TrafficNeighbour& other) {
    const float mine = s.engineHere ? s.straightPace : s.pace, theirs = s.engineHere ? other.straightPace : other.pace;
    const float otherFree = mine > 0.0f ? s.freeSpeed * theirs / mine : s.freeSpeed;
    return reachableSpeed(s) - std::min(otherFree, other.speed + 8.0f);
}

} // namespace

float stretchTime(const StretchAhead& stretch, float pace, float straightPace, float from, float speed) {
    from += stretch.start;
    const float squared = speed * speed;
    float time = 0.0f;
    for (int k = 0; k < stretch.steps; ++k) {
        const float start = static_cast<float>(k) * stretch.stepLength;
        const float end = start + stretch.stepLength;
        const float length = std::min(end - from, stretch.stepLength);
        if (!(length > 0.0f)) continue;
        const float reach = std::sqrt(squared + 2.0f * stretch.acceleration * (end - from));
        // The step's time at the corner pace on its corners and the straight pace on the rest.
        const float e = stretch.engineShare[k];
        const float free = e > 0.0f && straightPace != pace ? stretch.hint[k] / ((1.0f - e) / pace + e / straightPace) : pace * stretch.hint[k];
        time += length / std::max(1.0f, std::min(free, reach));
    }
    return time;
}

void RaceCraft::reset() {
    const OvertakeRules o = overtake;
    const LaneChangeRules l = laneChange;
    const DefendRules d = defend;
    const BlueFlagRules b = blueFlag;
    *this = RaceCraft{};
    overtake = o;
    laneChange = l;
    defend = d;
    blueFlag = b;
}

float RaceCraft::passingOffset(const TrafficNeighbour& other, float side, const RaceCraftSituation& s) const {
    // Beside the other car's place relative to the line (both cars follow the same line, so the
    // pass runs parallel to it), and where the road allows, at least a passing width off the line:
    // the other car comes back to the line off a corner or a defence, and an offset taken beside
    // where it happened to be put this car back behind it (on Monza a car 7 % faster stayed behind
    // for ten laps). On a road too narrow for that (a kart track), beside the other car will do.
    // The lateral it puts this car at must lie within the tarmac.
    const auto fits = [&](float offset) {
        const float lateral = s.lineLateral + offset;
        return side > 0.0f ? lateral <= s.leftLimit : lateral >= s.rightLimit;
    };
    const float width = 0.5f * (s.width + other.width) + overtake.passingClearance;
    const float beside = other.lateral - s.lineLateral + side * width;
    const float offLine = side * std::max(width, side * beside);
    if (fits(offLine)) return offLine;
    return fits(beside) ? beside : NAN;
}

bool RaceCraft::drawsLevelAhead(const TrafficNeighbour& other, const RaceCraftSituation& s, const DriverProfile& driver, float slack) const {
    if (!s.stretch || s.stretch->steps == 0 || other.centre <= 0.0f) return false;
    // A committed attacker pushes (attackPush), never above the hints.
    const float mine = std::min(1.0f, s.pace * overtake.pushFactor(driver));
    const float mineStraight = std::min(1.0f, s.straightPace * overtake.pushFactor(driver));
    // The other car starts `centre` m into the stretch (level: centres together, plus a metre,
    // less the slack), at its pace now (racingPace: a car passing a third one pushes too).
    return stretchTime(*s.stretch, mine, mineStraight, 0.0f, s.speed) <
           stretchTime(*s.stretch, other.pace, other.straightPace, other.centre + 1.0f - slack, other.speed);
}

bool RaceCraft::heldUp(const CarTraffic& traffic, const RaceCraftSituation& s) const {
    if (s.opening) return false;
    for (int k = 0; k < traffic.aheadCount; ++k) {
        const TrafficNeighbour& n = traffic.ahead[k];
        if (!overtake.inTheWay(n)) continue;
        return n.lapsAhead <= 0 && s.pace > n.pace && n.gap < std::max(overtake.pressureGap, overtake.pressureHeadway * s.speed);
    }
    return false;
}

bool RaceCraft::quickerInside(const TrafficNeighbour& other, const RaceCraftSituation& s) const {
    // Two abreast at the corner itself: the inside car's centre a passing width inside the line.
    // Where the line takes the inside edge (a racing line's apex) there is no such room; the
    // inside car, held to the edge, turned tighter than the line at the line's speed, slid wide and
    // met the other car turning in (Budapest, seeds 101–110: all ten contacts at one corner; 0.2 a race without the move).
    if (s.cornerInsideRoom < 0.5f * (s.width + other.width) + overtake.passingClearance) return false;
    const float offset = passingOffset(other, s.cornerSide, s);
    if (std::isnan(offset)) return false;
    // The inside of a corner is a tighter turn: v²·κ at the limit, so its speed scales by
    // √(1 − κ·offset). Into a hairpin a quicker driver on the inside is the slower car, and the
    // two ran side by side through it (Ridgeway's hairpin: most of its contacts).
    const float inside = std::sqrt(std::max(0.25f, 1.0f - s.cornerCurvature * std::abs(offset)));
    return s.pace * inside > other.pace + overtake.outbrakePace;
}

void RaceCraft::considerPass(const CarTraffic& traffic, const RaceCraftSituation& s, const DriverProfile& driver) {
    if (m_sinceAbort < overtake.retryDelay || s.opening) return;
    // The car in the way: the nearest ahead that this car would run into on its line.
    const TrafficNeighbour* target = nullptr;
    for (int k = 0; k < traffic.aheadCount && !target; ++k) {
        const TrafficNeighbour& n = traffic.ahead[k];
        if (overtake.inTheWay(n)) target = &n;
    }
    if (!target) return;
    const TrafficNeighbour& n = *target;
    // Keener drivers start from further back, and more so where the designer encourages it.
    const float keenness = (0.75f + 0.5f * driver.aggression) * optimismFactor(driver) * (s.permission.encouraged ? 1.5f : 1.0f);
    if (n.gap > overtake.decideGap * keenness + overtake.decideHeadway * s.speed) return;
    const bool lapping = n.lapsAhead < 0;  // a backmarker: it yields, the advantage needed is small
    const float advantage = reachableAdvantage(s, n);
    // Only a pass that is done before the next tight corner's braking point (two abreast into a
    // tight corner is where cars touch) and before a no-overtaking zone is started: cleared on the
    // speed difference now, or drawn level on the paces before the braking point (the car behind
    // by then backs out, follow_rules.h, so the one level or ahead has the corner).
    const float clearing = clearingDistance(n, s.length, overtake.clearMargin, s.speed, advantage);
    const bool clears = advantage >= (lapping ? 0.3f : 1.0f) * overtake.minSpeedAdvantage && clearing <= s.brakingPoint + overtake.brakingAllowance &&
                        clearing <= s.permission.noOvertakingAhead;
    // Outbraking: close behind near a tight corner's braking point and quicker through corners,
    // take the inside and brake late (the braking zone is where a field passes on a track whose
    // straights all cars accelerate along alike).
    const bool insideAllowed = s.cornerSide > 0.0f ? s.permission.left : s.cornerSide < 0.0f && s.permission.right;
    const bool outbrakes = !clears && !lapping && insideAllowed && s.brakingPoint > 0.0f && s.brakingPoint < overtake.outbrakeWindow &&
                           n.gap < overtake.outbrakeGap + overtake.outbrakeHeadway * s.speed && quickerInside(n, s);
    if (!clears && !outbrakes && !drawsLevelAhead(n, s, driver)) return;
    m_outbraking = outbrakes;
    // The side: the one allowed with room that needs the least move, the inside of the next corner
    // on a tie (it is the shorter way round), and never the side a backmarker yields to.
    float best = NAN, bestCost = std::numeric_limits<float>::infinity(), bestSide = 0.0f;
    for (const float side : {1.0f, -1.0f}) {
        if (side > 0.0f ? !s.permission.left : !s.permission.right) continue;
        if (lapping && side == s.yieldSide) continue;
        if (m_outbraking && side != s.cornerSide) continue;
        const float offset = passingOffset(n, side, s);
        if (std::isnan(offset)) continue;
        const float cost = std::abs(s.lineLateral + offset - s.lateral) - (side == s.cornerSide ? 0.5f : 0.0f);
        if (cost < bestCost) {
            bestCost = cost;
            best = offset;
            bestSide = side;
        }
    }
    if (std::isnan(best)) return;
    m_pass = Pass::Committed;
    m_target = n.car;
    m_side = bestSide;
    m_passOffset = best;
    m_passTime = 0.0f;
    m_noRoomTime = 0.0f;
    m_lastCentre = n.centre;
    m_drewAlongside = false;
    ++m_counts.looks;
}

void RaceCraft::endPass(bool completed) {
    m_pass = Pass::Returning;
    if (!m_drewAlongside) ++m_counts.dropped;
    else ++(completed ? m_counts.completed : m_counts.aborted);
    if (!completed) m_sinceAbort = 0.0f;
    m_outbraking = false;
}

void RaceCraft::continuePass(const CarTraffic& traffic, const RaceCraftSituation& s, const DriverProfile& driver) {
    m_passTime += s.dt;
    m_lateBraking = false;
    const TrafficNeighbour* found = findCar(traffic, m_target);
    if (!found) {
        // Out of the view: far behind (passed) or gone off the track or route (no longer in the way).
        endPass(m_lastCentre < 0.0f);
        return;
    }
    const TrafficNeighbour& n = *found;
    m_lastCentre = n.centre;
    // A backmarker moves over to its yield side as the pass starts and the line sweeps across the
    // road under both cars: an offset held from the line would put this car back behind it in the
    // next corner (a lapped car on Monza let the leader by 32 s after its flag). The pass keeps its
    // gap to the backmarker itself instead, on the side it does not yield to.
    if (n.lapsAhead < 0) {
        const float offset = passingOffset(n, m_side, s);
        if (!std::isnan(offset)) m_passOffset = offset;
    }
    if (n.centre < -(0.5f * (s.length + n.length) + s.length + overtake.clearMargin)) {
        endPass(true);
        return;
    }
    const bool behindIt = n.centre > 0.0f;
    const bool alongside = n.gap <= 0.0f;
    if (alongside && !m_drewAlongside) {
        m_drewAlongside = true;
        ++m_counts.attempts;
    }
    // The offset and the side hold for the whole pass; only the tarmac can squeeze the offset (the
    // line sweeps across the road). Squeezed for long, the pass has no room and ends. (Switching to
    // the other side when squeezed swung cars across the line in sweeping bends: a ~6 m move at the
    // blend's rate, mid-corner, ran them off the road and into the car they were passing.)
    const float squeeze = m_side * (s.lineLateral + m_passOffset) - (m_side > 0.0f ? s.leftLimit : -s.rightLimit);
    m_noRoomTime = squeeze > 0.5f * overtake.passingClearance ? m_noRoomTime + s.dt : 0.0f;
    if (m_outbraking) {
        // Late braking only beside the other car: straight behind it, braking late runs into it.
        m_lateBraking = n.lateralGap > overtake.lateBrakingClearance;
        if (s.brakingPoint <= 0.0f) {
            // In the braking zone the move holds while beside or ahead of the other car, or while
            // closing on it fast enough to draw alongside in the first outbrakeClosingShare of the
            // time left to slow to the corner's speed; else it is given up, before the other car
            // turns in across its nose (on Monza's Ascari the car ahead swept onto a passer 2 m
            // behind). Ahead, it is seen through until clear (giving up a move already made was a
            // third of e-track-1's aborted attempts).
            const bool inside = m_side == s.cornerSide;
            const float timeToCorner = std::max(0.0f, s.speed - s.cornerSpeed) / std::max(0.1f, s.lateDeceleration);
            const bool drawing = inside && n.gap / std::max(0.1f, n.closingSpeed) < overtake.outbrakeClosingShare * timeToCorner;
            if (behindIt && !alongside && !drawing) endPass(false);
            return;
        }
    }
    if (alongside && behindIt && s.brakingPoint <= 0.0f) {  // abreast but behind into a tight corner: back out
        endPass(false);
        return;
    }
    if (!alongside && behindIt && s.brakingPoint <= 0.0f) {  // not even abreast by the braking point: too late
        endPass(false);
        return;
    }
    if (alongside || !behindIt) return;  // drawn level: see it through (the alongside rule keeps the cars apart)
    const float advantage = reachableAdvantage(s, n);
    const bool noRoom = m_noRoomTime > overtake.minCommitTime;
    // A pass that can no longer be done before the tight corner: back out while still behind.
    const bool clears = advantage >= 0.0f && clearingDistance(n, s.length, overtake.clearMargin, s.speed, advantage) <= s.brakingPoint + overtake.brakingAllowance;
    // Still drawing level before the braking point at the closing speed now, it is not too late
    // whatever the hints say (out of a tow a car carries speed the hints do not know of).
    const bool levelInTime = n.closingSpeed > 0.0f && n.centre * s.speed < n.closingSpeed * s.brakingPoint;
    const bool tooLate = !levelInTime && m_passTime > overtake.minCommitTime && !clears && !drawsLevelAhead(n, s, driver, overtake.levelSlack) &&
                         !m_outbraking;  // an outbraking move is judged in the braking zone
    if (m_passTime > overtake.maxApproachTime || noRoom || tooLate) {
        endPass(false);
    }
}

const TrafficNeighbour* RaceCraft::corridorBlocker(const CarTraffic& traffic, const RaceCraftSituation& s, float lateral) const {
    const LaneChangeRules& r = laneChange;
    const float from = s.lateral, low = std::min(from, lateral), high = std::max(from, lateral);
    const auto blocks = [&](const TrafficNeighbour& n) {
        const float reach = 0.5f * (s.width + n.width) + r.lateralMargin;
        // In line ahead or behind: followed, not swept. Overlapping along the route too, it is a car
        // the move would push into (off the grid, a car a few metres back in the other column).
        if (n.gap > 0.0f && std::abs(n.lateral - from) < 0.5f * (s.width + n.width)) return false;
        return n.lateral + reach > low && n.lateral - reach < high;
    };
    const float aheadWindow = std::max(r.aheadGap, r.aheadTime * s.speed);
    for (int k = 0; k < traffic.alongsideCount; ++k)
        if (blocks(traffic.alongside[k])) return &traffic.alongside[k];
    for (int k = 0; k < traffic.aheadCount; ++k)
        if (traffic.ahead[k].gap < aheadWindow && blocks(traffic.ahead[k])) return &traffic.ahead[k];
    for (int k = 0; k < traffic.behindCount; ++k) {
        const TrafficNeighbour& n = traffic.behind[k];
        if (n.gap < r.behindGap + r.behindClosingTime * std::max(0.0f, n.closingSpeed) && blocks(n)) return &n;
    }
    return nullptr;
}

float RaceCraft::defendTarget(const CarTraffic& traffic, const RaceCraftSituation& s, const DriverProfile& driver) {
    const TrafficNeighbour* attacker = nullptr;
    for (int k = 0; k < traffic.behindCount && !attacker; ++k) {
        const TrafficNeighbour& n = traffic.behind[k];
        if (n.lapsAhead == 0 && n.gap < defend.attackGap && n.closingSpeed > defend.attackClosingSpeed) attacker = &n;
    }
    if (attacker) m_sinceAttack = 0.0f;
    else m_sinceAttack += s.dt;
    if (m_defendUsed && m_sinceAttack > defend.rearmTime) m_defendUsed = false;
    if (m_defending && (s.brakingPoint > defend.window || !attacker)) m_defending = false;  // the corner is reached or the attack over
    if (!m_defending && attacker && !m_defendUsed && driver.aggression > 0.0f && s.cornerSide != 0.0f && s.brakingPoint < defend.window) {
        // One move to the inside, unless the attacker is already there (that would be a block).
        const bool attackerInside = (attacker->lateral - s.lateral) * s.cornerSide > 0.5f * s.width;
        if (!attackerInside) {
            m_defendLateral = std::clamp(s.lineLateral + s.cornerSide * driver.aggression * defend.maxOffset, s.rightLimit, s.leftLimit);
            m_defending = true;
            m_defendUsed = true;
            ++m_counts.defends;
        }
    }
    return m_defendLateral;
}

bool RaceCraft::yieldTarget(const CarTraffic& traffic, const RaceCraftSituation& s, float& lateral) {
    bool flagged = false;
    std::uint32_t lapper = 0;
    for (int k = 0; k < traffic.behindCount && !flagged; ++k)
        if (traffic.behind[k].lapsAhead > 0 && traffic.behind[k].gap < blueFlag.range) flagged = true, lapper = traffic.behind[k].car;
    for (int k = 0; k < traffic.alongsideCount && !flagged; ++k)
        if (traffic.alongside[k].lapsAhead > 0) flagged = true, lapper = traffic.alongside[k].car;
    if (!flagged) {
        m_yielding = false;
        return false;
    }
    // A third car close by on the yield side (ahead, or beside): moving over could put this car into
    // it; hold the line until clear. A car ahead in line or on the other side is no conflict (in a
    // train one always is, and the lapped car would never move over).
    const float yieldLateral = s.yieldSide > 0.0f ? s.leftLimit : s.rightLimit;
    const auto onTheWay = [&](const TrafficNeighbour& n) {
        const float reach = 0.5f * (s.width + n.width) + laneChange.lateralMargin;
        return n.lateral + reach > std::min(s.lateral, yieldLateral) && n.lateral - reach < std::max(s.lateral, yieldLateral) &&
               std::abs(n.lateral - s.lateral) >= 0.5f * (s.width + n.width);
    };
    bool third = false;
    for (int k = 0; k < traffic.aheadCount; ++k) third |= traffic.ahead[k].gap < blueFlag.thirdCarGap && onTheWay(traffic.ahead[k]);
    for (int k = 0; k < traffic.alongsideCount; ++k) third |= traffic.alongside[k].car != lapper;
    if (third && !m_yielding) return false;
    if (!m_yielding) ++m_counts.yields;
    m_yielding = true;
    lateral = s.yieldSide > 0.0f ? s.leftLimit : s.rightLimit;
    return true;
}

RaceCraftCommand RaceCraft::update(const CarTraffic& traffic, const RaceCraftSituation& s, const DriverProfile& driver) {
    RaceCraftCommand command;
    if (!(s.dt > 0.0f)) return command;
    m_sinceAbort += s.dt;
    if (m_pass == Pass::Committed) continuePass(traffic, s, driver);
    command.lateBraking = m_pass == Pass::Committed && m_lateBraking;
    if (m_pass != Pass::Committed) considerPass(traffic, s, driver);
    float lateral = s.lineLateral;
    float yieldLateral = 0.0f;
    const float defendLateral = defendTarget(traffic, s, driver);
    if (m_pass == Pass::Committed) {
        lateral = std::clamp(s.lineLateral + m_passOffset, s.rightLimit, s.leftLimit);
        command.paceFactor = overtake.pushFactor(driver);
        m_yielding = false;
    } else if (yieldTarget(traffic, s, yieldLateral)) {
        lateral = yieldLateral;
        command.paceFactor = blueFlag.lift;
    } else if (m_defending) {
        lateral = defendLateral;
    }
    if (m_pass != Pass::Committed && !m_yielding && heldUp(traffic, s)) command.paceFactor = overtake.pushFactor(driver);
    m_paceFactor = command.paceFactor;
    // A move away from the line (a pass, a yield, a defence) waits for its corridor to clear, the
    // car holding where it is; before a tight corner it drops back behind a blocker ahead of it. A
    // return to the line waits only for the cars beside it (holding two abreast until the whole
    // corridor cleared kept cars side by side into the first chicane) and for a car ahead it closes
    // on fast; the follow rule keeps it behind the cars ahead in the lane it returns to.
    float besideSide = 0.0f;  // a car beside blocks the move: +1 on the left, −1 on the right
    if (std::abs(lateral - s.lateral) > laneChange.threshold) {
        const bool awayFromLine = std::abs(lateral - s.lineLateral) > std::abs(s.lateral - s.lineLateral);
        const TrafficNeighbour* blocker = corridorBlocker(traffic, s, lateral);
        // A car ahead across the way back that this car would reach before it could fall in
        // behind (an attempt given up at a braking point, 9 m/s faster and 2 m behind; one given
        // up in a hairpin, 2.4 m/s faster and 0.7 m behind) holds the return too: the car stays
        // beside the line and drops back first.
        const bool closingOnIt = blocker && blocker->gap > 0.0f && blocker->closingSpeed > 0.0f &&
                                 blocker->gap < (blocker->closingSpeed > laneChange.returnClosingSpeed ? laneChange.dropBackGap : 0.0f) +
                                                    laneChange.returnClosingTime * blocker->closingSpeed;
        if (blocker && (awayFromLine || blocker->gap <= 0.0f || closingOnIt)) {
            lateral = s.lateral;
            if (blocker->gap <= 0.0f) besideSide = blocker->lateral > s.lateral ? 1.0f : -1.0f;
            if (blocker->centre > 0.0f && s.brakingPoint < laneChange.dropBackWindow)
                command.speedCap = std::max(0.0f, blocker->speed + (blocker->gap - laneChange.dropBackGap) / laneChange.dropBackTime);
        }
    }
    const float rateChange = std::min(overtake.lateralRateChange, 0.5f * std::max(0.0f, s.lateralHeadroom));
    m_blend.update(lateral - s.lineLateral, overtake.lateralRate, std::max(rateChange, 0.05f), s.dt);
    // Held beside a car while the blend lags behind on its side (cornering at the limit the blend
    // barely moves): steering for the blend would carry this car into the other one, as two cars
    // side by side in a chicane drifted together and touched lap after lap. Held where it is.
    const float here = s.lateral - s.lineLateral;
    if (besideSide != 0.0f && (m_blend.offset - here) * besideSide > 0.0f) m_blend = {here, 0.0f};
    // The line sweeps across the road under a held offset: never let the two add up to a place off
    // the tarmac (a car left on yesterday's offset in a chicane ends in the runoff).
    const float lowest = std::min(0.0f, s.rightLimit - s.lineLateral), highest = std::max(0.0f, s.leftLimit - s.lineLateral);
    if (m_blend.offset < lowest || m_blend.offset > highest) m_blend = {std::clamp(m_blend.offset, lowest, highest), 0.0f};
    if (m_pass == Pass::Returning && std::abs(m_blend.offset) < 0.05f) m_pass = Pass::None;
    command.lateralOffset = m_blend.offset;
    const float left = lateral - s.lineLateral - m_blend.offset;
    const bool towardsLine = std::abs(lateral - s.lineLateral) < std::abs(m_blend.offset);
    if (towardsLine && m_blend.rate * left > 0.0f) command.crossingAcceleration = m_blend.rate * m_blend.rate / (2.0f * std::max(0.1f, std::abs(left)));
    return command;
}

} // namespace trackwright
