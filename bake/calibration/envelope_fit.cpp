#include "bake/calibration/envelope_fit.h"

#include "bake/pipeline/speed_profile.h"
#include "trackwright/vehicle/vehicle_model.h"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>

namespace bake::calibration {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

/// A bin's figure of one quantity, where the curve is fitted.
struct Point {
    double v = 0.0;  ///< m/s
    double y = 0.0;  ///< m/s²
    std::size_t bin = 0;
};

using Curve = std::function<double(double)>;

double sumSquares(std::span<const Point> points, const std::vector<bool>& used, const Curve& curve) {
    double sum = 0.0;
    for (std::size_t i = 0; i < points.size(); ++i)
        if (used[i]) sum += (points[i].y - curve(points[i].v)) * (points[i].y - curve(points[i].v));
    return sum;
}

std::size_t countUsed(const std::vector<bool>& used) { return static_cast<std::size_t>(std::count(used.begin(), used.end(), true)); }

/// The upper envelope: fit the curve to the bins used, leave out those more than `tolerance` below
/// it (the car did not use its limit at that speed), let back in those within it, refit; until no bin
/// moves (at most 20 rounds), never below `minPoints` bins. `fit` returns the curve for a set of bins.
std::vector<bool> envelopeBins(std::span<const Point> points, std::size_t minPoints, double tolerance,
                               const std::function<Curve(const std::vector<bool>&)>& fit) {
    std::vector<bool> used(points.size(), true);
    for (int round = 0; round < 20; ++round) {
        const Curve curve = fit(used);
        std::vector<bool> next(points.size());
        for (std::size_t i = 0; i < points.size(); ++i) next[i] = points[i].y >= (1.0 - tolerance) * curve(points[i].v);
        if (countUsed(next) < minPoints || next == used) break;
        used = std::move(next);
    }
    return used;
}

/// Least squares y = a + c·x over the bins used, x = basis(v); c ≥ 0 when `nonNegativeSlope`.
std::pair<double, double> lineFit(std::span<const Point> points, const std::vector<bool>& used, const std::function<double(double)>& basis,
                                  bool nonNegativeSlope) {
    double n = 0.0, sx = 0.0, sy = 0.0, sxx = 0.0, sxy = 0.0;
    for (std::size_t i = 0; i < points.size(); ++i) {
        if (!used[i]) continue;
        const double x = basis(points[i].v), y = points[i].y;
        n += 1.0;
        sx += x;
        sy += y;
        sxx += x * x;
        sxy += x * y;
    }
    if (n == 0.0) return {0.0, 0.0};
    const double det = n * sxx - sx * sx;
    double c = det > 1e-12 * n * sxx ? (n * sxy - sx * sy) / det : 0.0;
    if (nonNegativeSlope && c < 0.0) c = 0.0;
    return {(sy - c * sx) / n, c};
}

/// Braking and drive fitted together (they share the drag k): braking(v) = B·(1 + D·v²/g) + k·v²
/// and drive(v) = min(F·(1 + D·v²/g), P/v) − k·v² − rolling, linear least squares in (B, k, F, P)
/// for each split of the drive bins (by speed) into the traction-limited ones below and the
/// power-limited ones above; the split whose curves fit best (the drive as the min of both) wins.
/// k < 0 is refitted with k = `fallbackDrag` (the car preset's: what a class that writes no drag runs). A regime with no bins is +infinity (F: power-limited at every speed
/// of the log; P: traction-limited).
struct Longitudinal {
    double maxBraking = 0.0, drag = 0.0, maxAcceleration = kInfinity, powerPerMass = kInfinity;
    bool dragClamped = false;
    Curve braking, drive;
};

Longitudinal longitudinalFit(std::span<const Point> braking, const std::vector<bool>& brakingUsed, std::span<const Point> drive,
                             const std::vector<bool>& driveUsed, const std::function<double(double)>& grip, double rolling, double fallbackDrag) {
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < drive.size(); ++i)
        if (driveUsed[i]) order.push_back(i);
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return drive[a].v < drive[b].v; });
    const auto curves = [&grip, rolling](Longitudinal& l) {
        const double b = l.maxBraking, k = l.drag, f = l.maxAcceleration, p = l.powerPerMass;
        l.braking = [grip, b, k](double v) { return b * grip(v) + k * v * v; };
        l.drive = [grip, k, f, p, rolling](double v) { return std::min(f * grip(v), p / v) - k * v * v - rolling; };
    };
    // One least squares: columns B, k, F, P; those without a row left out, and k when it is fixed.
    const auto solve = [&](std::size_t split, bool fixedDrag) {
        const double k = fixedDrag ? fallbackDrag : 0.0;
        const std::size_t rows = static_cast<std::size_t>(std::count(brakingUsed.begin(), brakingUsed.end(), true)) + order.size();
        Eigen::MatrixXd a = Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(rows), 4);
        Eigen::VectorXd y(static_cast<Eigen::Index>(rows));
        Eigen::Index r = 0;
        for (std::size_t i = 0; i < braking.size(); ++i) {
            if (!brakingUsed[i]) continue;
            const double v = braking[i].v;
            a(r, 0) = grip(v);
            a(r, 1) = v * v;
            y(r++) = braking[i].y - k * v * v;
        }
        for (std::size_t j = 0; j < order.size(); ++j) {
            const double v = drive[order[j]].v;
            a(r, 1) = -v * v;
            a(r, j < split ? 2 : 3) = j < split ? grip(v) : 1.0 / v;
            y(r++) = drive[order[j]].y + rolling + k * v * v;
        }
        std::vector<Eigen::Index> columns;
        for (Eigen::Index c = 0; c < 4; ++c)
            if (!(fixedDrag && c == 1) && a.col(c).cwiseAbs().maxCoeff() > 0.0) columns.push_back(c);
        Eigen::MatrixXd reduced(a.rows(), static_cast<Eigen::Index>(columns.size()));
        for (std::size_t c = 0; c < columns.size(); ++c) reduced.col(static_cast<Eigen::Index>(c)) = a.col(columns[c]);
        const Eigen::VectorXd x = reduced.colPivHouseholderQr().solve(y);
        double theta[4] = {0.0, k, kInfinity, kInfinity};
        for (std::size_t c = 0; c < columns.size(); ++c) theta[columns[c]] = x(static_cast<Eigen::Index>(c));
        Longitudinal l;
        l.maxBraking = theta[0];
        l.drag = theta[1];
        l.maxAcceleration = theta[2];
        l.powerPerMass = theta[3];
        curves(l);
        return l;
    };
    Longitudinal best;
    double bestError = kInfinity;
    for (std::size_t split = 0; split <= order.size(); ++split) {
        Longitudinal l = solve(split, false);
        if (l.drag < 0.0) {
            l = solve(split, true);
            l.dragClamped = true;
        }
        double error = 0.0;
        for (std::size_t i = 0; i < braking.size(); ++i)
            if (brakingUsed[i]) error += (braking[i].y - l.braking(braking[i].v)) * (braking[i].y - l.braking(braking[i].v));
        for (std::size_t i : order) error += (drive[i].y - l.drive(drive[i].v)) * (drive[i].y - l.drive(drive[i].v));
        if (error < bestError - 1e-12) {
            bestError = error;
            best = std::move(l);
        }
    }
    return best;
}

CurveQuality quality(std::span<const Point> points, const std::vector<bool>& used, const Curve& curve) {
    CurveQuality q;
    q.binsUsed = countUsed(used);
    if (q.binsUsed > 0) q.rms = std::sqrt(sumSquares(points, used, curve) / static_cast<double>(q.binsUsed));
    return q;
}

/// The smaller magnitude of two measures of one quantity, signed, when they agree in sign; else 0.
double agreed(double a, double b) {
    if (!(a * b > 0.0)) return 0.0;
    return std::abs(a) < std::abs(b) ? a : b;
}

/// Each row's sustained figures over the rows of its run within ±half s of it.
struct Sustained {
    std::vector<double> lateral;       ///< m/s², ≥ 0
    std::vector<double> longitudinal;  ///< m/s², signed (braking negative)
    std::vector<double> speed;         ///< m/s, the least in the window
};

Sustained sustain(std::span<const TelemetrySample> run, double half) {
    Sustained out;
    const std::size_t n = run.size();
    out.lateral.resize(n);
    out.longitudinal.resize(n);
    out.speed.resize(n);
    std::size_t first = 0, last = 0;  // the window [first, last] of row i
    for (std::size_t i = 0; i < n; ++i) {
        while (run[i].time - run[first].time > half) ++first;
        if (last < i) last = i;
        while (last + 1 < n && run[last + 1].time - run[i].time <= half) ++last;
        double accelY = 0.0, kinematic = 0.0, accelX = 0.0, least = run[i].speed;
        for (std::size_t j = first; j <= last; ++j) {
            accelY += run[j].accelY;
            kinematic += run[j].speed * run[j].yawRate;
            accelX += run[j].accelX;
            least = std::min(least, run[j].speed);
        }
        const double rows = static_cast<double>(last - first + 1);
        TelemetrySample mean = run[i];
        mean.accelY = accelY / rows;
        mean.accelX = accelX / rows;
        mean.yawRate = mean.speed != 0.0 ? kinematic / rows / mean.speed : 0.0;
        out.lateral[i] = lateralMagnitude(mean);
        // The speed's change across the window is the mean acceleration the car sustained over it.
        const double speedChange = last > first ? (run[last].speed - run[first].speed) / (run[last].time - run[first].time) : mean.accelX;
        out.longitudinal[i] = agreed(mean.accelX, speedChange);
        out.speed[i] = least;
    }
    return out;
}

std::string fixed(double value, int decimals) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

} // namespace

std::vector<std::vector<TelemetrySample>> splitRuns(std::span<const TelemetrySample> samples, double runGap) {
    std::vector<std::vector<TelemetrySample>> runs;
    for (std::size_t i = 0; i < samples.size(); ++i) {
        if (i == 0 || !(samples[i].time > samples[i - 1].time) || samples[i].time - samples[i - 1].time > runGap) runs.emplace_back();
        runs.back().push_back(samples[i]);
    }
    return runs;
}

double percentile(std::vector<double> values, double p) {
    if (values.empty()) return kNoFigure;
    std::sort(values.begin(), values.end());
    const double at = std::clamp(p, 0.0, 1.0) * static_cast<double>(values.size() - 1);
    const auto low = static_cast<std::size_t>(std::floor(at));
    if (low + 1 >= values.size()) return values.back();
    const double t = at - static_cast<double>(low);
    return values[low] + t * (values[low + 1] - values[low]);
}

double lateralMagnitude(const TelemetrySample& s) {
    const double kinematic = s.speed * s.yawRate;
    if (!(s.accelY * kinematic > 0.0)) return 0.0;
    return std::min(std::abs(s.accelY), std::abs(kinematic));
}

EnvelopeFitResult fitEnvelope(std::span<const std::vector<TelemetrySample>> runs, const FitOptions& options) {
    EnvelopeFitResult result;
    EnvelopeFit fit;
    const double half = 0.5 * options.sustainWindow;

    // Steps 1 and 2: every kept row's sustained magnitudes, gathered per speed bin.
    struct BinSamples {
        double speedSum = 0.0;
        std::vector<std::pair<double, double>> lateral, braking, drive;  ///< (figure, speed) per row
    };
    std::map<long, BinSamples> gathered;
    for (const std::vector<TelemetrySample>& run : runs) {
        const Sustained held = sustain(run, half);
        for (std::size_t i = 0; i < run.size(); ++i) {
            const TelemetrySample& s = run[i];
            ++fit.counts.read;
            if (s.offTrack) ++fit.counts.offTrack;
            else if (s.pit) ++fit.counts.pit;
            else if (s.collision) ++fit.counts.collision;
            else if (!(s.speed >= options.minSpeed)) ++fit.counts.slow;
            else {
                ++fit.counts.used;
                fit.topSpeed = std::max(fit.topSpeed, held.speed[i]);
                BinSamples& bin = gathered[static_cast<long>(std::floor(s.speed / options.binWidth))];
                bin.speedSum += s.speed;
                bin.lateral.emplace_back(held.lateral[i], s.speed);
                if (held.longitudinal[i] < 0.0) bin.braking.emplace_back(-held.longitudinal[i], s.speed);
                if (held.longitudinal[i] > 0.0) bin.drive.emplace_back(held.longitudinal[i], s.speed);
            }
        }
    }
    const std::string counted = std::to_string(fit.counts.used) + " of " + std::to_string(fit.counts.read) + " rows kept (" +
                                std::to_string(fit.counts.offTrack) + " off the track, " + std::to_string(fit.counts.pit) + " in the pit, " +
                                std::to_string(fit.counts.collision) + " with a collision, " + std::to_string(fit.counts.slow) + " below " +
                                fixed(options.minSpeed, 0) + " m/s)";
    if (fit.counts.used < options.minSamples) {
        result.problem = "too few samples: " + counted + "; the fit needs " + std::to_string(options.minSamples) + " at least: log more laps";
        return result;
    }

    std::vector<Point> lateral, braking, drive;
    for (auto& [index, samples] : gathered) {
        SpeedBin bin;
        bin.low = static_cast<double>(index) * options.binWidth;
        bin.high = bin.low + options.binWidth;
        bin.rows = samples.lateral.size();
        bin.speed = samples.speedSum / static_cast<double>(bin.rows);
        // The figure is fitted at the mean speed of the rows that reached it (a bin's limit grows
        // across its 4 m/s under downforce: the top rows sit at its fast end).
        const auto figure = [&](const std::vector<std::pair<double, double>>& rows, BinFigure& out, std::vector<Point>& points) {
            out.samples = rows.size();
            if (rows.size() < options.minBinSamples) return;
            std::vector<double> values;
            for (const auto& row : rows) values.push_back(row.first);
            out.figure = percentile(std::move(values), options.percentile);
            double speedSum = 0.0, count = 0.0;
            for (const auto& [value, speed] : rows)
                if (value >= out.figure) {
                    speedSum += speed;
                    count += 1.0;
                }
            out.speed = count > 0.0 ? speedSum / count : bin.speed;
            points.push_back({out.speed, out.figure, fit.bins.size()});
        };
        figure(samples.lateral, bin.lateral, lateral);
        figure(samples.braking, bin.braking, braking);
        figure(samples.drive, bin.drive, drive);
        fit.bins.push_back(bin);
    }
    const auto tooFew = [&](const char* what, std::size_t have, std::size_t need) {
        result.problem = std::string("too few samples for the ") + what + " fit: " + std::to_string(have) + " speed bins of " +
                         fixed(options.binWidth, 0) + " m/s hold " + std::to_string(options.minBinSamples) + " samples of it (need " +
                         std::to_string(need) + "); " + counted + ": log more laps, at more speeds";
    };
    if (lateral.size() < 3 || braking.size() < 3 || drive.size() < 2) {
        if (lateral.size() < 3) tooFew("lateral", lateral.size(), 3);
        else if (braking.size() < 3) tooFew("braking", braking.size(), 3);
        else tooFew("drive", drive.size(), 2);
        return result;
    }

    const double g = kGravity;
    const auto square = [](double v) { return v * v; };
    const auto mark = [&](std::span<const Point> points, const std::vector<bool>& used, const Curve& curve, BinFigure SpeedBin::*which) {
        for (std::size_t i = 0; i < points.size(); ++i) {
            BinFigure& f = fit.bins[points[i].bin].*which;
            f.used = used[i];
            f.fitted = curve(points[i].v);
        }
    };

    // Lateral: y = A + C·v², C = A·D/g.
    const auto lateralCurve = [&](const std::vector<bool>& used) {
        // Plain names, not a structured binding: clang before 16 cannot capture one.
        const std::pair<double, double> line = lineFit(lateral, used, square, /*nonNegativeSlope=*/true);
        const double a = line.first, c = line.second;
        return Curve([a, c](double v) { return a + c * v * v; });
    };
    const std::vector<bool> lateralUsed = envelopeBins(lateral, 3, options.envelopeTolerance, lateralCurve);
    {
        const auto [a, c] = lineFit(lateral, lateralUsed, square, true);
        fit.maxLateralAcceleration = a;
        fit.downforce = a > 0.0 ? c * g / a : 0.0;
        const Curve curve = lateralCurve(lateralUsed);
        fit.lateral = quality(lateral, lateralUsed, curve);
        mark(lateral, lateralUsed, curve, &SpeedBin::lateral);
    }
    if (!(fit.maxLateralAcceleration > 0.0)) {
        result.problem = "the lateral fit gives no grip at rest (" + fixed(fit.maxLateralAcceleration, 2) + " m/s²): the log holds no cornering";
        return result;
    }
    const double downforce = fit.downforce;
    const auto grip = [downforce, g](double v) { return 1.0 + downforce * v * v / g; };

    // Braking and drive together: they share the drag (one drag slows the car under braking and
    // under power), fitted to both at once.
    const double rolling = options.rollingResistance;
    const double presetDrag = trackwright::vehiclePreset(trackwright::VehiclePreset::Car).drag;
    const auto longitudinalCurves = [&](const std::vector<bool>& brakingUsed, const std::vector<bool>& driveUsed) {
        return longitudinalFit(braking, brakingUsed, drive, driveUsed, grip, rolling, presetDrag);
    };
    std::vector<bool> brakingUsed(braking.size(), true), driveUsed(drive.size(), true);
    for (int round = 0; round < 20; ++round) {
        const Longitudinal l = longitudinalCurves(brakingUsed, driveUsed);
        std::vector<bool> nextBraking(braking.size()), nextDrive(drive.size());
        for (std::size_t i = 0; i < braking.size(); ++i) nextBraking[i] = braking[i].y >= (1.0 - options.envelopeTolerance) * l.braking(braking[i].v);
        for (std::size_t i = 0; i < drive.size(); ++i) nextDrive[i] = drive[i].y >= (1.0 - options.envelopeTolerance) * l.drive(drive[i].v);
        if (countUsed(nextBraking) < 3 || countUsed(nextDrive) < 2 || (nextBraking == brakingUsed && nextDrive == driveUsed)) break;
        brakingUsed = std::move(nextBraking);
        driveUsed = std::move(nextDrive);
    }
    const Longitudinal l = longitudinalCurves(brakingUsed, driveUsed);
    fit.maxBraking = l.maxBraking;
    fit.drag = l.drag;
    fit.brakingSlope = l.maxBraking * downforce / g + l.drag;
    fit.braking = quality(braking, brakingUsed, l.braking);
    mark(braking, brakingUsed, l.braking, &SpeedBin::braking);
    fit.drive = quality(drive, driveUsed, l.drive);
    mark(drive, driveUsed, l.drive, &SpeedBin::drive);
    {
        // What the braking alone says of the drag, for the reader: B + E·v², drag = E − B·D/g.
        const auto [b, e] = lineFit(braking, brakingUsed, square, false);
        const double alone = e - b * downforce / g;
        if (std::abs(alone - l.drag) > 0.25 * std::max(alone, l.drag) + 1e-5)
            fit.notes.push_back("the braking alone (B + E·v², " + fixed(b, 2) + " + " + fixed(e * 1e4, 2) + "e-4·v²) gives a drag of " + fixed(alone * 1e4, 2) +
                                "e-4 1/m against the lateral fit's downforce, the drive alone another: the drag is fitted to both (" +
                                fixed(l.drag * 1e4, 2) + "e-4 1/m)");
    }
    if (l.dragClamped)
        fit.notes.push_back("the drag fitted negative (the braking grows less with speed than the lateral fit's downforce gives the tyres): the car "
                            "preset's drag, " + fixed(presetDrag * 1e4, 1) + "e-4 1/m, is used (and not written)");
    double slowest = kInfinity;
    for (std::size_t i = 0; i < drive.size(); ++i)
        if (driveUsed[i]) slowest = std::min(slowest, drive[i].v);
    if (!std::isfinite(l.powerPerMass)) {
        fit.powerPerMass = 0.0;
        fit.notes.push_back("the drive is traction-limited at every speed the log holds: no power per mass fitted (the class accelerates at its "
                            "traction limit up to its top speed)");
    } else {
        fit.powerPerMass = l.powerPerMass;
    }
    if (!std::isfinite(l.maxAcceleration)) {
        fit.maxAcceleration = l.powerPerMass / (slowest * grip(slowest));
        fit.notes.push_back("the drive is power-limited at every speed the log holds (from " + fixed(slowest, 1) +
                            " m/s): max acceleration is the power's at that speed, the launch below it is not known");
    } else {
        fit.maxAcceleration = l.maxAcceleration;
    }
    if (!(fit.maxBraking > 0.0)) {
        result.problem = "the braking fit gives no braking at rest (" + fixed(fit.maxBraking, 2) + " m/s²): the log holds no braking";
        return result;
    }
    if (!(fit.maxAcceleration > 0.0)) {
        result.problem = "the drive fit gives no acceleration (" + fixed(fit.maxAcceleration, 2) + " m/s²): the log holds no acceleration";
        return result;
    }
    result.fit = std::move(fit);
    return result;
}

formats::VehicleClass calibratedClass(const EnvelopeFit& fit, const std::string& name, const ClassGeometry& geometry) {
    formats::VehicleClass c;
    c.name = name;
    c.maxLateralAcceleration = fit.maxLateralAcceleration;
    c.maxAcceleration = fit.maxAcceleration;
    c.maxBraking = fit.maxBraking;
    c.topSpeed = fit.topSpeed;
    c.wheelbase = geometry.wheelbase;
    c.maxSteeringAngle = geometry.maxSteeringAngle;
    c.width = geometry.width;
    c.downforce = fit.downforce;
    // The preset's drag is what a class that writes none runs: written only when the fit found another.
    const double presetDrag = trackwright::vehiclePreset(trackwright::VehiclePreset::Car).drag;
    c.drag = fit.drag == presetDrag ? 0.0 : fit.drag;
    c.powerPerMass = fit.powerPerMass;
    return c;
}

} // namespace bake::calibration
