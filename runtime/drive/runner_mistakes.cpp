// The runner follower's mistakes (traffic/driver_mistakes.h): which one is due at the corner the
// car reaches, and what it does to the car there. Kept apart from runner_follower.cpp so the racing
// and the mistakes change apart.
#include "trackwright/drive/runner_follower.h"

#include <algorithm>
#include <cmath>

namespace trackwright {

namespace {

/// s before a corner's braking point (at its hint) the mistake is drawn: the follower brakes at a
/// share of the car's braking the hints were made with, so it starts braking before their fall.
constexpr float kLeadTime = 1.0f;
constexpr float kLeastLead = 20.0f;   ///< m, at least
constexpr float kLeastWindow = 20.0f; ///< m past the apex a mistake lasts at least
constexpr float kSlideTime = 0.5f;    ///< s of too much throttle
constexpr float kCatchTime = 1.2f;    ///< s of catching the slide after it

float sign(float x) { return x > 0.0f ? 1.0f : x < 0.0f ? -1.0f : 0.0f; }

} // namespace

float RunnerFollower::pastPoint(std::uint32_t point) const {
    const float past = m_lineDistance - track().view.linePoints[track().view.lines[m_line].firstPoint + point].distance;
    const float length = m_sampler.length();
    return m_sampler.closed() && length > 0.0f ? std::remainder(past, length) : past;
}

void RunnerFollower::updateMistake(const FollowerInput& in, float speed) {
    m_mistakeSpeed = 1.0f;
    m_mistakeOffset = 0.0f;
    m_tally.active = MistakeSchedule::kNone;
    if (!m_hasDriver || !(m_driver.mistakes > 0.0f) || m_corners.empty() || m_firstHint < 0) return;
    const float* hints = track().view.speedHints.data() + m_firstHint;
    const float length = m_sampler.length();
    const bool closed = m_sampler.closed() && length > 0.0f;
    const auto count = static_cast<std::uint32_t>(m_corners.size());
    // m ahead to corner c's decision point, a lead before its braking point: [0, length) round a
    // closed line, negative once passed on an open one.
    const auto toDecision = [&](std::uint32_t c) {
        const float lead = std::max(kLeastLead, kLeadTime * hints[m_corners[c].braking]);
        const float ahead = -pastPoint(m_corners[c].braking) - lead;
        return closed ? ahead - length * std::floor(ahead / length) : ahead;
    };
    if (std::isnan(m_toNextCorner)) {  // the first tick, or after a reset or a teleport: the next corner
        m_nextCorner = count;
        float nearest = INFINITY;
        for (std::uint32_t c = 0; c < count; ++c)
            if (const float ahead = toDecision(c); ahead >= 0.0f && ahead < nearest) {
                nearest = ahead;
                m_nextCorner = c;
            }
        m_toNextCorner = nearest;
    } else if (m_nextCorner < count) {
        const float ahead = toDecision(m_nextCorner);
        // Past the decision point: the wrapped distance jumps up a lap, the open one turns negative.
        if (closed ? ahead > m_toNextCorner + 0.5f * length : ahead < 0.0f) {
            // Every corner draws, so the rates hold. In a chicane the next corner's decision can
            // come before the last one's mistake has shown (a slide at its apex): that one is made
            // first, and the new one waits for the corner after.
            const bool pressed = m_traffic && m_traffic->behindCount > 0 &&
                std::any_of(m_traffic->behind, m_traffic->behind + m_traffic->behindCount,
                            [&](const TrafficNeighbour& n) { return n.gap <= std::max(m_p.length, speed * kPressureTime); });
            int kind = m_schedule.atCorner(m_driver, count, pressed);
            if (m_mistake.kind != MistakeSchedule::kNone && !m_mistake.shown) {
                if (kind != MistakeSchedule::kNone) m_waiting = kind;
            } else {
                if (kind == MistakeSchedule::kNone) std::swap(kind, m_waiting);
                m_mistake = {};
                if (kind != MistakeSchedule::kNone) m_mistake = {kind, m_nextCorner, false, 0.0f};
            }
            m_nextCorner = closed ? (m_nextCorner + 1) % count : m_nextCorner + 1;
        }
        m_toNextCorner = m_nextCorner < count ? toDecision(m_nextCorner) : INFINITY;
    }
    if (m_mistake.kind == MistakeSchedule::kNone) return;

    // Where the car is in the corner of the mistake: m past its braking point.
    const LineCorner& corner = m_corners[m_mistake.corner];
    const auto along = [&](std::uint32_t from, std::uint32_t to) {
        const float d = -(pastPoint(to) - pastPoint(from));
        return closed ? d - length * std::floor(d / length) : std::max(0.0f, d);
    };
    const float past = pastPoint(corner.braking);
    const float apex = along(corner.braking, corner.apex);
    const float end = std::max(along(corner.braking, corner.exit), apex + kLeastWindow);
    const float lead = std::max(kLeastLead, kLeadTime * hints[corner.braking]);
    const auto kind = static_cast<MistakeKind>(m_mistake.kind);
    // Wide of the line: away from the inside of the corner, within the tarmac less the car's margin.
    const auto runWide = [&] {
        const float side = sign(track().view.linePoints[track().view.lines[m_line].firstPoint + corner.apex].curvature);
        const float half = 0.5f * m_p.vehicle.width + m_p.wallMargin;
        const float left = std::max(0.0f, trackWidthAt(in.registration, 1.0f) - half);
        const float right = -std::max(0.0f, trackWidthAt(in.registration, -1.0f) - half);
        const float target = std::clamp(m_atCar.lateral + m_offset - side * kMistakeWidth, right, left);
        m_mistakeOffset = target - (m_atCar.lateral + m_offset);
    };
    bool show = false;
    switch (kind) {
    case MistakeKind::LateBraking:
        // Into the corner faster than it meant; out of it wide, gathering the car up.
        show = true;
        m_mistakeSpeed = past < apex ? kMistakeOverspeed : kMistakeRecovery;
        if (past >= apex) runWide();
        break;
    case MistakeKind::MissedApex:
        show = past >= 0.5f * apex;
        if (show) {
            m_mistakeSpeed = kMissedApexLift;
            runWide();
        }
        break;
    case MistakeKind::LockUp:
        show = m_mistake.shown;  // shown by applyMistake, on its first braking tick
        if (!show && past > apex) {  // it never braked here (a corner it takes below its hint): at the next one
            m_waiting = m_mistake.kind;
            m_mistake = {};
        }
        break;
    case MistakeKind::Slide:
        show = past >= apex;
        // The throttle too early, then the slide caught with a lift.
        if (show) m_mistakeSpeed = m_mistake.elapsed < kSlideTime ? kMistakeOverspeed : kMistakeRecovery;
        break;
    }
    // Over once the corner is done, or when the car is far from it (reset, pushed back, teleported).
    if (past > end || past < -lead - kLeastWindow || (m_mistake.shown && kind == MistakeKind::LockUp && m_mistake.elapsed >= kLockUpTime) ||
        (m_mistake.shown && kind == MistakeKind::Slide && m_mistake.elapsed >= kSlideTime + kCatchTime)) {
        m_mistake = {};
        m_mistakeSpeed = 1.0f;
        m_mistakeOffset = 0.0f;
        return;
    }
    if (m_mistake.kind == MistakeSchedule::kNone) return;
    if (show && !m_mistake.shown) {
        m_mistake.shown = true;
        ++m_tally.made[m_mistake.kind];
    }
    if (m_mistake.shown) {
        m_mistake.elapsed += in.dt;
        m_tally.active = m_mistake.kind;
    }
}

void RunnerFollower::forgetMistake() {
    m_mistake = {};
    m_mistakeSpeed = 1.0f;
    m_mistakeOffset = 0.0f;
    m_tally.active = MistakeSchedule::kNone;
    m_toNextCorner = NAN;
}

void RunnerFollower::applyMistake(bool braking, float& steering, float& throttle) {
    if (m_mistake.kind == static_cast<int>(MistakeKind::LockUp) && (m_mistake.shown || (braking && throttle < 0.0f))) {
        // Locked fronts: the brakes full on, the wheels hardly steering.
        if (!m_mistake.shown) {
            m_mistake.shown = true;
            ++m_tally.made[m_mistake.kind];
            m_tally.active = m_mistake.kind;
        }
        throttle = -1.0f;
        steering *= 0.5f;
    } else if (m_mistake.kind == static_cast<int>(MistakeKind::Slide) && m_mistake.shown && m_mistake.elapsed < kSlideTime) {
        throttle = 1.0f;  // the exit's throttle all at once: the rear steps out
    }
}

} // namespace trackwright
