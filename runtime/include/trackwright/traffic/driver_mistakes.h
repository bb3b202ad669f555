#pragma once

#include "trackwright/traffic/driver_profile.h"
#include "trackwright/traffic/driver_strength.h"

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace trackwright {

/// The mistakes a driver makes (issue 50), the kinds a player recognises. Each is made at a corner:
/// a run of the line's hints that falls by at least kLeastCornerDrop into a slowest point (lineCorners).
enum class MistakeKind : std::uint8_t {
    /// brakes late: into the corner at kMistakeOverspeed of its own pace (over the car's limit at
    /// strength 1), then from the apex kMistakeWidth m wide at kMistakeRecovery of its pace
    LateBraking,
    LockUp,       ///< locks its brakes: full brakes for kLockUpTime s from the braking point, the steering half gone
    MissedApex,   ///< misses the apex: kMistakeWidth m wide of its line from the turn-in, kMissedApexLift of its pace
    /// too much throttle out of the corner: full throttle for 0.5 s from the apex, aiming at
    /// kMistakeOverspeed of its pace, then 1.2 s at kMistakeRecovery of it to catch the slide
    Slide,
};
inline constexpr int kMistakeKinds = 4;

/// "late-braking", "lock-up", "missed-apex", "slide": the names race JSON and the preview use.
std::string_view mistakeKindName(MistakeKind kind);

/// The documented rates, mistakes per lap (a lap of a line with corners), of a driver of strength 1,
/// mistakes 1, smoothness 0.5, with no car pressing it; mistakeRate scales them.
inline constexpr std::array<float, kMistakeKinds> kBaseMistakeRates = {0.02f, 0.01f, 0.03f, 0.01f};

inline constexpr float kLeastCornerDrop = 0.05f;       ///< a corner's hint is at least this share below its braking point's
inline constexpr float kMistakeOverspeed = 1.1f;  ///< the share of its own pace a late braker or a slide carries
inline constexpr float kLockUpTime = 0.5f;        ///< s of locked brakes
inline constexpr float kMistakeWidth = 1.5f;      ///< m wide of the line a late braker or a missed apex runs
inline constexpr float kMissedApexLift = 0.9f;    ///< the share of its pace it holds while wide of the apex
inline constexpr float kMistakeRecovery = 0.8f;   ///< the share of its pace while it gathers the car up
inline constexpr float kPressureTime = 1.0f;           ///< s: a car at most this far behind presses the driver

/// Mistakes per lap of `kind` for `driver`: kBaseMistakeRates[kind] · mistakes · (1 + 20 · (1 − strength))
/// · (1 + 2 · (1 − composure) when pressed by a car within kPressureTime behind) · (1.5 − smoothness
/// for lock-ups and slides). Strength 0.8: five times the strength-1 rate; 0.5: eleven times.
float mistakeRate(MistakeKind kind, const DriverProfile& driver, bool pressed);

/// One corner of a line, by its points: where the hints start falling into it, its slowest point,
/// and where the engine sets the hints again (or they start falling into the next).
struct LineCorner {
    std::uint32_t braking = 0, apex = 0, exit = 0;
};

/// The corners of `line`, in order along it; `engineSets` marks the points where the engine sets the
/// hint (StrengthPlan::engineBound). None on a line taken flat out.
std::vector<LineCorner> lineCorners(const LineHints& line, const StrengthPlan& engineSets);

/// What a follower tells of its driver's mistakes (Follower::mistakeTally).
struct MistakeTally {
    std::array<std::uint32_t, kMistakeKinds> made{};  ///< per kind (MistakeKind), since the follower was made
    int active = -1;                                   ///< the MistakeKind it is making now; −1: none
    std::uint32_t total() const { return made[0] + made[1] + made[2] + made[3]; }
};

/// When a driver makes its mistakes: one clock per kind, counted in laps, that each corner the car
/// reaches advances by the kind's rate / the corners of a lap; a mistake is due when its clock passes
/// its mark, counted from the last, drawn 0.5–1.5 of a mean interval from the driver's seed
/// (SplitMix64), so mistakes come at their rate over many laps without coming like clockwork. At
/// most one a corner (the most overdue). Deterministic for a seed; no allocation.
class MistakeSchedule {
public:
    /// Starts the clocks for a driver whose noise is `seed`.
    void start(std::uint64_t seed);
    /// The car reaches a corner of a line with `cornersPerLap` corners: the mistake it makes there,
    /// or kNone.
    int atCorner(const DriverProfile& driver, std::uint32_t cornersPerLap, bool pressed);
    static constexpr int kNone = -1;

private:
    float nextInterval();
    std::array<float, kMistakeKinds> m_clock{}, m_mark{};
    std::uint64_t m_state = 0;
};

} // namespace trackwright
