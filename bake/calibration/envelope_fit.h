#pragma once

#include "bake/calibration/telemetry_log.h"
#include "formats/source/track_document.h"

#include <cstddef>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <vector>

/// Fitting a vehicle class's g-g-v envelope to what a car did in logged laps (`twbake calibrate`,
/// docs/cli.md). Plain functions, deterministic: the same samples give the same figures.
///
/// The method, in three steps:
/// 1. Each row's *sustained* figures, over the rows of the car's run within ±sustainWindow/2 s of it:
///    two measures of each quantity, averaged over the window, and the smaller of them where they
///    agree in sign (else 0) — a kerb's jolt shows in the accelerometer only, a spin's yaw in the yaw
///    rate only, and in a corner or a braking zone held at the limit they agree:
///    - lateral: accel_y and speed·yaw_rate;
///    - longitudinal: accel_x and the speed's change across the window (the mean acceleration the car
///      sustained: a log's instantaneous accel_x can alias a modulated signal — TORCS's robots pulse
///      the brakes, accel_x alternating −20 and −4 m/s² row by row while the car slows at 13);
///    deceleration where it is negative, forward acceleration where positive.
/// 2. Per speed bin (binWidth m/s wide) with at least minBinSamples of a quantity (rows decelerating
///    for braking, accelerating for the drive), its `percentile` (the 98th): the limit is what the car
///    sustained, not its mean nor its one highest row; it is placed at the mean speed of the rows that
///    reached it.
/// 3. Least squares over the bins, upper-envelope style: a bin more than envelopeTolerance below the
///    fitted curve is one where the car never used its limit (a straight at that speed) and is left out,
///    and the curve refitted, until no bin moves:
///    - lateral(v) = A·(1 + D·v²/g) → max lateral acceleration A, downforce D (1/m);
///    - braking(v) = B + E·v² → max braking B, with E = B·D/g + drag: vehicle_limits.h's brakingLimit,
///      B·(1 + D·v²/g) + drag·v²;
///    - drive(v) = min(F·(1 + D·v²/g), P/v) − drag·v² − rollingResistance → max acceleration F
///      (traction), power per mass P (W/kg), for the split between the two regimes that fits best.
///    One drag slows the car under braking and under power, so braking and drive are fitted together
///    (one linear least squares in B, drag, F and P per split): from the braking alone, drag = E − B·D/g
///    leans on the lateral fit's D, which a driver who does not corner at the limit at speed leaves
///    low (the report notes when the two disagree). A drag fitted negative is the car preset's.
///    No brake limit is fitted: a log cannot tell brakes that give out from a driver's margin.
///    The top speed is the highest speed the car held for the sustain window (the least in it).
namespace bake::calibration {

/// How the envelope is fitted. The defaults are the documented method.
struct FitOptions {
    double binWidth = 4.0;              ///< m/s, bins [0, w), [w, 2w) …
    std::size_t minBinSamples = 20;     ///< samples of a quantity a bin needs to give a figure
    double percentile = 0.98;           ///< of a bin's sustained magnitudes (linear between order statistics)
    double sustainWindow = 0.3;         ///< s: a row's sustained figures are over the rows within ±half of it
    double minSpeed = 3.0;              ///< m/s: slower rows (and reversing) are left out
    double envelopeTolerance = 0.15;    ///< share below the fitted curve beyond which a bin is left out
    double rollingResistance = 0.2;     ///< m/s² the drive spends besides drag (the car preset's, which a class without a car runs)
    std::size_t minSamples = 200;       ///< rows kept, at least
    double runGap = 1.0;                ///< s: a longer gap between rows (or time going back) starts a new run
};

/// Rows of the logs, and those left out by reason (a row counts for its first: off track, pit,
/// collision, slow).
struct SampleCounts {
    std::size_t read = 0;
    std::size_t used = 0;
    std::size_t offTrack = 0;
    std::size_t pit = 0;
    std::size_t collision = 0;
    std::size_t slow = 0;  ///< below FitOptions::minSpeed
};

inline constexpr double kNoFigure = std::numeric_limits<double>::quiet_NaN();

/// One quantity in one speed bin.
struct BinFigure {
    std::size_t samples = 0;     ///< samples of the quantity in the bin
    double figure = kNoFigure;   ///< m/s², the percentile; NaN with fewer than minBinSamples
    double speed = kNoFigure;    ///< m/s where it is fitted: the mean speed of the rows that reached the figure
    double fitted = kNoFigure;   ///< m/s², the fitted curve at the bin's speed
    bool used = false;           ///< in the final least squares
};

/// A speed bin and what the car did in it.
struct SpeedBin {
    double low = 0.0, high = 0.0;  ///< m/s
    double speed = 0.0;            ///< m/s, the mean speed of its rows
    std::size_t rows = 0;
    BinFigure lateral, braking, drive;
};

/// How well a curve fits the bins it kept.
struct CurveQuality {
    std::size_t binsUsed = 0;
    double rms = 0.0;  ///< m/s², root mean square of figure − curve over the bins used
};

/// The fitted envelope: the class's figures and how they were found.
struct EnvelopeFit {
    double maxLateralAcceleration = 0.0;  ///< A, m/s²
    double downforce = 0.0;               ///< D, 1/m
    double maxBraking = 0.0;              ///< B, m/s²
    double brakingSlope = 0.0;            ///< E = B·D/g + drag, 1/m: braking(v) = B + E·v²
    double drag = 0.0;                    ///< 1/m
    double maxAcceleration = 0.0;         ///< F, m/s²
    double powerPerMass = 0.0;            ///< P, W/kg; 0: the traction limit all the way
    double topSpeed = 0.0;                ///< m/s
    CurveQuality lateral, braking, drive;
    std::vector<SpeedBin> bins;
    SampleCounts counts;
    std::vector<std::string> notes;  ///< what the fit decided that a reader should know
};

/// The fit, or why there is none (too few samples, too few bins of a quantity).
struct EnvelopeFitResult {
    std::optional<EnvelopeFit> fit;
    std::string problem;
};

/// The runs of one car: rows in time order, a new run after a gap or where time goes back.
std::vector<std::vector<TelemetrySample>> splitRuns(std::span<const TelemetrySample> samples, double runGap = FitOptions{}.runGap);

/// The `p`-quantile (0..1) of `values`, linear between order statistics (as numpy's default); NaN
/// when empty.
double percentile(std::vector<double> values, double p);

/// A row's lateral acceleration magnitude: the smaller of |accel_y| and |speed·yaw_rate| when both
/// have one sign (a kerb's jolt shows in accel_y only, a spin's yaw in the yaw rate only; in a
/// steady corner they agree), else 0.
double lateralMagnitude(const TelemetrySample& sample);

/// Fits the envelope to the rows of `runs` (each a car's rows in time order: splitRuns).
EnvelopeFitResult fitEnvelope(std::span<const std::vector<TelemetrySample>> runs, const FitOptions& options = {});

/// What a class cannot get from a log: the geometry.
struct ClassGeometry {
    double wheelbase = 0.0;         ///< m
    double maxSteeringAngle = 0.0;  ///< rad
    double width = 0.0;             ///< m
};

/// The vehicle class of the fit: its limits and envelope terms (drag, written when not 0: a class
/// without it runs the car preset's), the geometry given.
formats::VehicleClass calibratedClass(const EnvelopeFit& fit, const std::string& name, const ClassGeometry& geometry);

} // namespace bake::calibration
