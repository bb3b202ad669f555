// `twbake calibrate` and what it stands on: a vehicle class's envelope keys, the class file, the
// telemetry log and the envelope fit (bake/calibration/).
#include "bake/calibration/envelope_fit.h"
#include "bake/calibration/telemetry_log.h"
#include "bake/cli/exit_codes.h"
#include "bake/pipeline/bake_track.h"
#include "bake/pipeline/class_vehicle.h"
#include "formats/source/class_json.h"
#include "formats/source/file_io.h"
#include "formats/source/track_json.h"
#include "formats/validate/validate.h"
#include "trackwright/vehicle/vehicle_limits.h"

#include "tests/support/run_twbake.h"
#include "tests/support/scratch_dir.h"
#include "tests/support/test_tracks.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <sstream>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;
namespace cal = bake::calibration;
using tw::test::twbake;

const std::string kCarFile = std::string(TRACKWRIGHT_TEST_DATA_DIR) + "/cars/test-gt.json";
const std::string kKart = std::string(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack";

/// The car the synthetic logs are driven with: an envelope the fit's form holds exactly (no load
/// sensitivity, no load transfer), the car preset's rolling resistance.
trackwright::VehicleParameters knownCar() {
    trackwright::VehicleParameters p = trackwright::vehiclePreset(trackwright::VehiclePreset::Car);
    p.lateralGrip = 18.0f;
    p.maxBraking = 16.0f;
    p.maxAcceleration = 9.0f;
    p.powerPerMass = 320.0f;
    p.downforce = 0.0012f;
    p.drag = 0.0005f;
    p.topSpeed = 80.0f;
    return p;
}

/// Laps of `p` at its limits, 10 rows a second as twtorcs logs them: corners held for 2 s at speeds
/// spread over 16–72 m/s, full throttle out of each, full braking into the next; noise (σ 0.3 m/s²
/// on both accelerometers) and 2 % outliers (single rows 8 m/s² beyond what the car did, a kerb).
std::vector<cal::TelemetrySample> syntheticLog(const trackwright::VehicleParameters& p, int corners = 60, unsigned seed = 7) {
    std::vector<cal::TelemetrySample> rows;
    std::mt19937 rng(seed);
    std::normal_distribution<double> noise(0.0, 0.3);
    std::uniform_real_distribution<double> chance(0.0, 1.0);
    double t = 0.0;
    const double dt = 0.1;
    const auto emit = [&](double v, double ax, double ay) {
        cal::TelemetrySample s;
        s.time = t;
        s.speed = v;
        s.yawRate = ay / v + 0.002 * noise(rng);
        s.accelX = ax + noise(rng);
        s.accelY = ay + noise(rng);
        if (chance(rng) < 0.02) {
            if (chance(rng) < 0.5) s.accelX += ax < 0.0 ? -8.0 : 8.0;
            else s.accelY += 8.0;
        }
        rows.push_back(s);
        t += dt;
    };
    const auto cornerSpeed = [&](int k) { return 16.0 + static_cast<double>((k * 37) % 57); };
    double v = cornerSpeed(0);
    for (int k = 0; k < corners; ++k) {
        const double corner = cornerSpeed(k), next = cornerSpeed(k + 1);
        for (int i = 0; i < 20; ++i) emit(corner, 0.0, trackwright::lateralLimit(p, static_cast<float>(corner)));
        v = corner;
        const double peak = std::min(78.0, std::max(corner, next) + 12.0);
        while (v < peak) {
            const double a = trackwright::driveLimit(p, static_cast<float>(v)) - p.drag * v * v - p.rollingResistance;
            emit(v, a, 0.0);
            v += a * dt;
        }
        while (v > next) {
            const double b = trackwright::brakingLimit(p, static_cast<float>(v));
            emit(v, -b, 0.0);
            v = std::max(next, v - b * dt);
        }
    }
    return rows;
}

std::string csvOf(const std::vector<cal::TelemetrySample>& rows, const std::string& driver = "") {
    std::ostringstream out;
    out.precision(9);
    out << (driver.empty() ? "" : "car,driver,") << "time_s,speed_mps,yaw_rate,accel_x,accel_y,off_track,pit,collision\n";
    for (const cal::TelemetrySample& s : rows)
        out << (driver.empty() ? "" : "0," + driver + ",") << s.time << ',' << s.speed << ',' << s.yawRate << ',' << s.accelX << ',' << s.accelY
            << ',' << s.offTrack << ',' << s.pit << ',' << s.collision << '\n';
    return out.str();
}

/// A class of constant limits: the car preset's, named `name`, top speed `topSpeed`.
formats::VehicleClass constantClass(const std::string& name, double topSpeed = 60.0) {
    formats::VehicleClass c;
    c.name = name;
    c.maxLateralAcceleration = 12;
    c.maxAcceleration = 6;
    c.maxBraking = 12;
    c.topSpeed = topSpeed;
    c.wheelbase = 2.6;
    c.maxSteeringAngle = 0.5;
    c.width = 1.9;
    return c;
}

class Calibration : public ::testing::Test {
protected:
    std::string file(const std::string& name) const { return (m_dir / name).string(); }
    std::string write(const std::string& name, const std::string& text) const {
        std::string error;
        EXPECT_TRUE(formats::writeOutputFile(file(name), text, error)) << error;
        return file(name);
    }
    tw::test::ScratchDir m_scratch{"calibration"};
    const fs::path& m_dir = m_scratch.path();
};

TEST(EnvelopeFit, RecoversAKnownCarFromANoisyLogWithOutliers) {
    const trackwright::VehicleParameters p = knownCar();
    const std::vector<cal::TelemetrySample> log = syntheticLog(p);
    const auto runs = cal::splitRuns(log);
    ASSERT_EQ(runs.size(), 1u);
    const cal::EnvelopeFitResult result = cal::fitEnvelope(runs);
    ASSERT_TRUE(result.fit) << result.problem;
    const cal::EnvelopeFit& fit = *result.fit;
    const auto within = [](double fitted, double known, double share) { return std::abs(fitted - known) <= share * known; };
    EXPECT_TRUE(within(fit.maxLateralAcceleration, p.lateralGrip, 0.03)) << fit.maxLateralAcceleration;
    EXPECT_TRUE(within(fit.downforce, p.downforce, 0.05)) << fit.downforce;
    EXPECT_TRUE(within(fit.maxBraking, p.maxBraking, 0.03)) << fit.maxBraking;
    EXPECT_TRUE(within(fit.powerPerMass, p.powerPerMass, 0.03)) << fit.powerPerMass;
    EXPECT_TRUE(within(fit.maxAcceleration, p.maxAcceleration, 0.05)) << fit.maxAcceleration;
    EXPECT_TRUE(within(fit.drag, p.drag, 0.25)) << fit.drag;
    EXPECT_NEAR(fit.topSpeed, 78.0, 0.5);
    EXPECT_LT(fit.lateral.rms, 0.5);
    EXPECT_LT(fit.braking.rms, 0.5);
    EXPECT_LT(fit.drive.rms, 0.5);
    EXPECT_EQ(fit.counts.used, log.size());
    // The class's limits at speed are the car's, within a few per cent.
    const formats::VehicleClass c = cal::calibratedClass(fit, "fitted", {2.6, 0.5, 1.9});
    const trackwright::VehicleParameters v = bake::classVehicle(c);
    for (float speed : {20.0f, 40.0f, 60.0f}) {
        SCOPED_TRACE(speed);
        EXPECT_TRUE(within(trackwright::lateralLimit(v, speed), trackwright::lateralLimit(p, speed), 0.03));
        EXPECT_TRUE(within(trackwright::brakingLimit(v, speed), trackwright::brakingLimit(p, speed), 0.03));
        EXPECT_TRUE(within(trackwright::driveLimit(v, speed), trackwright::driveLimit(p, speed), 0.04));
    }
}

TEST(EnvelopeFit, TheSameSamplesGiveTheSameFigures) {
    const auto runs = cal::splitRuns(syntheticLog(knownCar(), 40, 3));
    const cal::EnvelopeFitResult a = cal::fitEnvelope(runs), b = cal::fitEnvelope(runs);
    ASSERT_TRUE(a.fit && b.fit);
    EXPECT_EQ(a.fit->maxLateralAcceleration, b.fit->maxLateralAcceleration);
    EXPECT_EQ(a.fit->powerPerMass, b.fit->powerPerMass);
    EXPECT_EQ(a.fit->drag, b.fit->drag);
}

TEST(EnvelopeFit, RowsOffTheTrackInThePitInACollisionOrSlowAreLeftOut) {
    std::vector<cal::TelemetrySample> log = syntheticLog(knownCar(), 30);
    for (std::size_t i = 0; i < log.size(); i += 10) log[i].offTrack = true;
    for (std::size_t i = 1; i < log.size(); i += 10) log[i].pit = true;
    for (std::size_t i = 2; i < log.size(); i += 10) log[i].collision = true;
    log[3].speed = 1.0;
    const cal::EnvelopeFitResult result = cal::fitEnvelope(cal::splitRuns(log));
    ASSERT_TRUE(result.fit) << result.problem;
    const cal::SampleCounts& n = result.fit->counts;
    EXPECT_EQ(n.read, log.size());
    EXPECT_EQ(n.offTrack, (log.size() + 9) / 10);
    EXPECT_GT(n.pit, 0u);
    EXPECT_GT(n.collision, 0u);
    EXPECT_EQ(n.slow, 1u);
    EXPECT_EQ(n.used + n.offTrack + n.pit + n.collision + n.slow, n.read);
}

TEST(EnvelopeFit, TooFewSamplesAreRefusedSayingSo) {
    std::vector<cal::TelemetrySample> log = syntheticLog(knownCar(), 2);
    log.resize(150);
    const cal::EnvelopeFitResult few = cal::fitEnvelope(cal::splitRuns(log));
    EXPECT_FALSE(few.fit);
    EXPECT_NE(few.problem.find("too few samples"), std::string::npos) << few.problem;
    // Enough rows, but all at one speed: no curve through one bin.
    std::vector<cal::TelemetrySample> steady;
    for (int i = 0; i < 600; ++i) steady.push_back({0.1 * i, 30.0, 0.3, 0.0, 9.0});
    const cal::EnvelopeFitResult oneSpeed = cal::fitEnvelope(cal::splitRuns(steady));
    EXPECT_FALSE(oneSpeed.fit);
    EXPECT_NE(oneSpeed.problem.find("lateral fit"), std::string::npos) << oneSpeed.problem;
}

TEST(EnvelopeFit, PiecesDoWhatTheySay) {
    EXPECT_DOUBLE_EQ(cal::percentile({1, 2, 3, 4, 5}, 0.5), 3.0);
    EXPECT_DOUBLE_EQ(cal::percentile({1, 2, 3, 4, 5}, 0.98), 4.92);
    EXPECT_TRUE(std::isnan(cal::percentile({}, 0.5)));
    // The lateral magnitude: the smaller of the two measures when they agree, else nothing.
    EXPECT_DOUBLE_EQ(cal::lateralMagnitude({0, 20.0, 0.5, 0, 12.0}), 10.0);   // a kerb's jolt in accel_y
    EXPECT_DOUBLE_EQ(cal::lateralMagnitude({0, 20.0, 0.5, 0, 9.0}), 9.0);
    EXPECT_DOUBLE_EQ(cal::lateralMagnitude({0, 20.0, -0.5, 0, 9.0}), 0.0);   // a spin: they disagree
    const std::vector<cal::TelemetrySample> rows = {{0.0}, {0.1}, {0.2}, {5.0}, {5.1}, {1.0}, {1.1}};
    const auto runs = cal::splitRuns(rows);
    ASSERT_EQ(runs.size(), 3u);  // a gap of 4.8 s, then time going back
    EXPECT_EQ(runs[0].size(), 3u);
}

TEST(TelemetryLog, ReadsTwtorcsColumnsAndChoosesACar) {
    const std::string text = "time_s,car,driver,module,lap,speed_mps,yaw_rate,accel_x,accel_y,off_track,pit,collision\n"
                             "0.1,0,bt 1,bt,0,10,0.1,2,1,0,0,0\n"
                             "0.1,1,berniw 1,berniw,0,11,0.1,2,1,0,0,4\n"
                             "0.2,0,bt 1,bt,0,10.2,0.1,2,1,1,0,0\n";
    const cal::TelemetryReadResult read = cal::parseTelemetryCsv(text);
    ASSERT_TRUE(read.log) << read.problem;
    ASSERT_EQ(read.log->cars.size(), 2u);
    EXPECT_TRUE(read.log->hasOffTrack && read.log->hasPit && read.log->hasCollision);
    EXPECT_EQ(read.log->cars[0].samples.size(), 2u);
    EXPECT_TRUE(read.log->cars[0].samples[1].offTrack);
    EXPECT_TRUE(read.log->cars[1].samples[0].collision);
    std::string problem;
    EXPECT_EQ(cal::chooseCar(*read.log, {"bt 1", -1}, problem), &read.log->cars[0]);
    EXPECT_EQ(cal::chooseCar(*read.log, {"berniw", -1}, problem), &read.log->cars[1]) << "a module one car has names it";
    EXPECT_EQ(cal::chooseCar(*read.log, {"", 1}, problem), &read.log->cars[1]);
    EXPECT_EQ(cal::chooseCar(*read.log, {"", -1}, problem), nullptr);
    EXPECT_NE(problem.find("2 cars"), std::string::npos) << problem;
    EXPECT_EQ(cal::chooseCar(*read.log, {"inferno", -1}, problem), nullptr);
    EXPECT_NE(problem.find("no driver \"inferno\" in the log (it has car 0 (bt 1), car 1 (berniw 1))"), std::string::npos) << problem;

    const cal::TelemetryReadResult missing = cal::parseTelemetryCsv("time_s,speed_mps,accel_x\n0,1,2\n");
    EXPECT_FALSE(missing.log);
    EXPECT_EQ(missing.code, "csv-columns");
    EXPECT_NE(missing.problem.find("yaw_rate, accel_y"), std::string::npos) << missing.problem;
    const cal::TelemetryReadResult bad = cal::parseTelemetryCsv("time_s,speed_mps,yaw_rate,accel_x,accel_y\n0,1,2,x,4\n");
    EXPECT_EQ(bad.code, "csv-syntax");
    EXPECT_NE(bad.problem.find("line 2, column accel_x"), std::string::npos) << bad.problem;
    const cal::TelemetryReadResult infinite = cal::parseTelemetryCsv("time_s,speed_mps,yaw_rate,accel_x,accel_y\n0,1,2,inf,4\n");
    EXPECT_EQ(infinite.code, "csv-non-finite");
    const cal::TelemetryReadResult shortRow = cal::parseTelemetryCsv("time_s,speed_mps,yaw_rate,accel_x,accel_y\n0,1,2\n");
    EXPECT_EQ(shortRow.code, "csv-columns");
}

TEST(ClassFile, RoundTripsAndTracksWithoutEnvelopeKeysKeepTheirBytes) {
    formats::VehicleClass c = constantClass("fitted", 71.9);
    c.maxLateralAcceleration = 19.5;
    c.maxAcceleration = 11.25;
    c.downforce = 0.0012;
    c.drag = 0.00036;
    c.powerPerMass = 356.0;
    const std::string text = formats::writeClassJson(c);
    EXPECT_NE(text.find("\"format\": \"trackwright-class\""), std::string::npos);
    EXPECT_EQ(text.find("load_sensitivity"), std::string::npos) << "a key at 0 is not written";
    const formats::ClassLoadResult read = formats::parseClassJson(text);
    ASSERT_TRUE(read.vehicleClass) << read.diagnostics[0].message;
    EXPECT_FALSE(read.fromCarFile);
    EXPECT_EQ(*read.vehicleClass, c);
    EXPECT_EQ(formats::writeClassJson(*read.vehicleClass), text);

    // The same class in a track: schema 4, read back equal; a track without the keys stays schema 2, byte for byte.
    formats::TrackDocument track = tw::test::circleTrack(24);
    const std::string before = formats::writeTrackJson(track);
    EXPECT_EQ(before.find("downforce"), std::string::npos);
    const formats::TrackLoadResult again = formats::parseTrackJson(before);
    ASSERT_TRUE(again.document);
    EXPECT_EQ(formats::writeTrackJson(*again.document), before);
    track.vehicleClasses.push_back(c);
    const std::string withClass = formats::writeTrackJson(track);
    EXPECT_NE(withClass.find("\"schema\": 4"), std::string::npos);
    const formats::TrackLoadResult loaded = formats::parseTrackJson(withClass);
    ASSERT_TRUE(loaded.document);
    EXPECT_EQ(loaded.document->vehicleClasses.back(), c);
    EXPECT_EQ(formats::writeTrackJson(*loaded.document), withClass);
    for (const formats::Diagnostic& d : formats::validate(*loaded.document)) EXPECT_NE(d.severity, formats::Severity::Error) << d.code << ": " << d.message;

    // A car file reads as the class of its car; something else is named for what it is not.
    const formats::ClassLoadResult car = formats::loadClassOrCarFile(kCarFile);
    ASSERT_TRUE(car.vehicleClass);
    EXPECT_TRUE(car.fromCarFile);
    EXPECT_TRUE(car.vehicleClass->car);
    EXPECT_EQ(car.vehicleClass->name, "test-gt");
    EXPECT_EQ(formats::parseClassJson(R"({"format": "trackwright-car"})").diagnostics.at(0).code, "not-a-class");
    EXPECT_EQ(formats::parseClassOrCarJson(R"({"format": "trackwright-track"})").diagnostics.at(0).code, "not-a-car");
    const formats::ClassLoadResult noLimits = formats::parseClassJson(R"({"format": "trackwright-class", "name": "x", "downforce": 0.001})");
    ASSERT_FALSE(noLimits.vehicleClass);
    EXPECT_EQ(noLimits.diagnostics.at(0).code, "missing-field");
}

TEST(ClassEnvelope, KeysAreValidatedNamingTheirPath) {
    formats::TrackDocument doc = tw::test::circleTrack(24);
    formats::VehicleClass c = constantClass("odd");
    c.downforce = -0.001;
    c.loadSensitivity = 1.2;
    c.powerPerMass = std::nan("");
    doc.vehicleClasses.push_back(c);
    const std::string path = "vehicle_classes[" + std::to_string(doc.vehicleClasses.size() - 1) + "]";
    bool downforce = false, sensitivity = false, power = false;
    for (const formats::Diagnostic& d : formats::validate(doc)) {
        downforce = downforce || (d.code == "vehicle-parameter" && d.jsonPath == path + ".downforce");
        sensitivity = sensitivity || (d.code == "vehicle-parameter" && d.jsonPath == path + ".load_sensitivity" && d.message.find("below 1") != std::string::npos);
        power = power || (d.code == "non-finite" && d.jsonPath == path + ".power_per_mass");
    }
    EXPECT_TRUE(downforce);
    EXPECT_TRUE(sensitivity);
    EXPECT_TRUE(power);
}

TEST(ClassEnvelope, AClassWithEnvelopeKeysBakesItsEnvelopesHints) {
    formats::TrackDocument plain = tw::test::circleTrack(48, 120.0);
    plain.vehicleClasses = {constantClass("gt", 70.0)};
    formats::TrackDocument enveloped = plain;
    enveloped.vehicleClasses[0].downforce = 0.002;
    enveloped.vehicleClasses[0].powerPerMass = 400.0;

    EXPECT_FALSE(bake::classSpeedLimits(plain.vehicleClasses[0]).car);
    const bake::SpeedLimits limits = bake::classSpeedLimits(enveloped.vehicleClasses[0]);
    ASSERT_TRUE(limits.car);
    EXPECT_FLOAT_EQ(limits.car->downforce, 0.002f);
    EXPECT_FLOAT_EQ(limits.car->powerPerMass, 400.0f);
    EXPECT_FLOAT_EQ(limits.car->lateralGrip, 12.0f);

    const bake::BakeResult a = bake::bakeTrack(plain), b = bake::bakeTrack(enveloped);
    ASSERT_TRUE(a.data && b.data);
    ASSERT_EQ(a.data->speedHints.size(), b.data->speedHints.size());
    float fastestPlain = 0.0f, fastestEnveloped = 0.0f;
    for (float h : a.data->speedHints) fastestPlain = std::max(fastestPlain, h);
    for (float h : b.data->speedHints) fastestEnveloped = std::max(fastestEnveloped, h);
    // On constant grip v² = 12·R (R the racing line's radius, about the circle's); with downforce
    // v² = μg·R/(1 − μ·D·R): the same corner 23 % faster.
    const double radius = fastestPlain * fastestPlain / 12.0;
    EXPECT_NEAR(radius, 120.0, 25.0);
    EXPECT_NEAR(fastestEnveloped, std::sqrt(12.0 * radius / (1.0 - 12.0 / 9.81 * 0.002 * radius)), 0.3);
    EXPECT_NE(a.data->speedHints, b.data->speedHints);
}

TEST_F(Calibration, TwbakeCalibrateWritesAClassThatTwbakeClassAdds) {
    const std::string log = write("laps.csv", csvOf(syntheticLog(knownCar())));
    const auto r = twbake({"calibrate", log, "--car", kCarFile, "-o", file("gt.json")});
    ASSERT_EQ(r.exitCode, bake::cli::kExitOk) << r.err;
    EXPECT_NE(r.out.find("lateral(v) = A·(1 + D·v²/g): A 18."), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("wrote " + file("gt.json") + " (class \"gt\")"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("| test-gt.json"), std::string::npos) << "the car file's limits beside the fit's";
    EXPECT_EQ(r.err, "") << "the geometry came from --car: no warning";
    const formats::ClassLoadResult written = formats::loadClassOrCarFile(file("gt.json"));
    ASSERT_TRUE(written.vehicleClass);
    EXPECT_FALSE(written.vehicleClass->car);
    EXPECT_GT(written.vehicleClass->downforce, 0.0);
    EXPECT_GT(written.vehicleClass->powerPerMass, 0.0);

    const auto added = twbake({"class", kKart, "--car", file("gt.json"), "-o", file("kart.twtrack")});
    ASSERT_EQ(added.exitCode, bake::cli::kExitOk) << added.err;
    EXPECT_NE(added.out.find("added class \"gt\""), std::string::npos) << added.out;
    const auto laps = twbake({"laps", file("kart.twtrack"), "--class", "gt", "--laps", "1", "--json"});
    ASSERT_EQ(laps.exitCode, bake::cli::kExitOk) << laps.err;
    EXPECT_NE(laps.out.find("\"completed\": true"), std::string::npos);

    // JSON; the geometry from the preset with a warning, or from the options.
    const auto json = twbake({"calibrate", log, "--name", "fitted", "--json", "-o", file("fitted.json")});
    ASSERT_EQ(json.exitCode, bake::cli::kExitOk) << json.err;
    EXPECT_NE(json.out.find("\"bins\": ["), std::string::npos);
    EXPECT_NE(json.out.find("\"power_per_mass\": "), std::string::npos);
    EXPECT_NE(json.err.find("warning: the wheelbase, steering lock and width cannot be fitted"), std::string::npos) << json.err;
    const auto given = twbake({"calibrate", log, "--wheelbase", "3.1", "--width", "2", "--steering-lock", "0.4", "-o", file("given.json")});
    ASSERT_EQ(given.exitCode, bake::cli::kExitOk) << given.err;
    EXPECT_EQ(given.err, "");
    const formats::ClassLoadResult geometry = formats::loadClassOrCarFile(file("given.json"));
    ASSERT_TRUE(geometry.vehicleClass);
    EXPECT_EQ(geometry.vehicleClass->name, "given");
    EXPECT_EQ(geometry.vehicleClass->wheelbase, 3.1);
    EXPECT_EQ(geometry.vehicleClass->maxSteeringAngle, 0.4);
}

TEST_F(Calibration, TwbakeCalibrateRefusesWhatItCannotFitAndWritesNothing) {
    const std::string out = file("class.json");
    const auto noColumn = twbake({"calibrate", write("a.csv", "time_s,speed_mps,yaw_rate,accel_x\n0,10,0.1,1\n"), "-o", out});
    EXPECT_EQ(noColumn.exitCode, bake::cli::kExitInvalidInput);
    EXPECT_NE(noColumn.err.find("error [csv-columns]: line 1: the header has no column accel_y"), std::string::npos) << noColumn.err;

    std::vector<cal::TelemetrySample> few = syntheticLog(knownCar(), 2);
    few.resize(120);
    const auto tooFew = twbake({"calibrate", write("few.csv", csvOf(few)), "-o", out});
    EXPECT_EQ(tooFew.exitCode, bake::cli::kExitInvalidInput);
    EXPECT_NE(tooFew.err.find("too few samples: 120 of 120 rows kept"), std::string::npos) << tooFew.err;

    const std::string named = write("bt.csv", csvOf(syntheticLog(knownCar(), 20), "bt 1"));
    const auto unknown = twbake({"calibrate", named, "--driver", "inferno", "-o", out});
    EXPECT_EQ(unknown.exitCode, bake::cli::kExitInvalidInput);
    EXPECT_NE(unknown.err.find("error [telemetry-car]: no driver \"inferno\" in the log (it has car 0 (bt 1))"), std::string::npos) << unknown.err;
    const auto badIndex = twbake({"calibrate", named, "--car-index", "3", "-o", out});
    EXPECT_EQ(badIndex.exitCode, bake::cli::kExitInvalidInput);

    const auto missing = twbake({"calibrate", file("nope.csv"), "-o", out});
    EXPECT_EQ(missing.exitCode, bake::cli::kExitIo);
    const auto both = twbake({"calibrate", named, "--driver", "bt 1", "--car-index", "0", "-o", out});
    EXPECT_EQ(both.exitCode, bake::cli::kExitUsage);
    const auto overInput = twbake({"calibrate", named, "-o", named});
    EXPECT_EQ(overInput.exitCode, bake::cli::kExitUsage);
    EXPECT_FALSE(fs::exists(out));

    const auto byDriver = twbake({"calibrate", named, "--driver", "bt 1", "-o", out});
    EXPECT_EQ(byDriver.exitCode, bake::cli::kExitOk) << byDriver.err;
}

/// twtorcs beside twbake in the build tree (integrations/torcs/twtorcs), when it was built.
fs::path twtorcsExecutable() { return fs::path(TWBAKE_EXECUTABLE).parent_path().parent_path() / "integrations" / "torcs" / "twtorcs"; }

TEST_F(Calibration, ARealTwtorcsLogCalibratesToTheCarsLimits) {
    const fs::path twtorcs = twtorcsExecutable();
    if (!fs::exists(twtorcs)) GTEST_SKIP() << "twtorcs is not built (" << twtorcs << ")";
    const std::string log = file("bt.csv");
    const std::string command = twtorcs.string() + " practice --track road/g-track-1 --car car1-stock1 --driver bt --laps 3 --telemetry " + log +
                                " --cache " + file("cache") + " > " + file("out.txt") + " 2>&1";
    const int status = std::system(command.c_str());
    if (status != 0 || !fs::exists(log)) GTEST_SKIP() << "twtorcs could not run TORCS here (exit " << status << ")";
    const auto r = twbake({"calibrate", log, "--driver", "bt", "-o", file("bt-class.json")});
    ASSERT_EQ(r.exitCode, bake::cli::kExitOk) << r.err;
    const formats::ClassLoadResult written = formats::loadClassOrCarFile(file("bt-class.json"));
    ASSERT_TRUE(written.vehicleClass);
    const formats::VehicleClass& c = *written.vehicleClass;
    // car1-stock1 in bt's hands: about 20 m/s² of grip, 13-20 of braking, 11 of launch, 320 W/kg
    // (docs/results/torcs.md has the measured figures).
    EXPECT_GT(c.maxLateralAcceleration, 15.0);
    EXPECT_LT(c.maxLateralAcceleration, 26.0);
    EXPECT_GT(c.maxBraking, 9.0);
    EXPECT_LT(c.maxBraking, 26.0);
    EXPECT_GT(c.maxAcceleration, 7.0);
    EXPECT_LT(c.maxAcceleration, 16.0);
    EXPECT_GT(c.powerPerMass, 200.0);
    EXPECT_LT(c.powerPerMass, 500.0);
    EXPECT_GT(c.topSpeed, 55.0);
    EXPECT_LT(c.topSpeed, 85.0);
}

} // namespace
