#pragma once

// The ranges of the numbers a .twbake holds: what the validator lets into a bake and what the
// reader accepts from one, so whatever validates bakes into a file the product reads back, and a
// file edited and re-sealed outside the baker is refused when it holds what no bake can
// (docs/formats.md, "Ranges").

#include "trackwright/format/baked_format.h"

namespace trackwright::format {

inline constexpr float kMinBakedAcceleration = 0.1f;  ///< m/s²: a class's lateral, acceleration and braking limits
inline constexpr float kMaxBakedAcceleration = 100.0f;  ///< m/s², 10 g
inline constexpr float kMinBakedSpeed = 0.1f;         ///< m/s: a class's top speed
inline constexpr float kMaxBakedSpeed = 1000.0f;      ///< m/s: top speeds, speed overrides and hints
inline constexpr float kMinBakedLength = 0.1f;        ///< m: a wheelbase
inline constexpr float kMaxBakedWheelbase = 20.0f;    ///< m
inline constexpr float kMinBakedSteering = 0.01f;     ///< rad: a class's steering lock
inline constexpr float kMaxBakedSteering = 1.5f;      ///< rad, 86°
inline constexpr float kMaxBakedVehicleWidth = 10.0f; ///< m
/// 1/m: a 1 mm radius. Real bakes stay far below (0.44 on the 43 tracks here: a 2.3 m hairpin);
/// a finite but huge curvature (3e38) turned the runner's v²·κ into infinity and its controls NaN.
inline constexpr float kMaxBakedCurvature = 1000.0f;
inline constexpr float kMaxBakedBanking = 0.6109f;    ///< rad, 35° (and a rounding): the steepest ovals raced
inline constexpr float kMinBakedGrip = 0.0f;          ///< a surface grip factor is above it
inline constexpr float kMaxBakedGrip = 3.0f;
inline constexpr float kMaxBakedGridDistance = 1000.0f;  ///< m: the grid's first-row gap, row spacing and stagger
inline constexpr float kMaxBakedPitStopTime = 3600.0f;   ///< s
/// A roster driver's numbers (BakedDriver), trackwright::validDriverProfile's ranges (the runtime
/// asserts they are the same): strength from this up to 1, reaction time up to 5 s, mistakes up to
/// 4 times the documented rates, pace in (0, 1], every other share in [0, 1].
inline constexpr float kLeastBakedStrength = 0.5f;
inline constexpr float kMaxBakedReactionTime = 5.0f;
inline constexpr float kMaxBakedMistakes = 4.0f;
/// Drivers a roster holds at most: a grid of any game, and a bound on the reader's check that no
/// two share a name.
inline constexpr std::uint32_t kMaxBakedDrivers = 1024;
/// m a car's body reaches beyond its wheelbase, front and back together, where it gives no length
/// of its own: a race counts a car of wheelbase w as w + kBodyOverhang long (contacts, gaps, the
/// grid's rows).
inline constexpr float kBodyOverhang = 2.0f;

/// Null when a baked vehicle class's numbers are all within the ranges above, else what is not
/// (a fixed English phrase).
const char* bakedVehicleClassProblem(const BakedVehicleClass& vehicleClass) noexcept;

} // namespace trackwright::format
