// A game's car as a track's vehicle class: the car file, `twbake class`, the bake's envelope hints
// and `laps --class`.
#include "bake/cli/exit_codes.h"
#include "bake/pipeline/bake_track.h"
#include "bake/pipeline/class_vehicle.h"
#include "bake/pipeline/speed_profile.h"
#include "formats/source/car_json.h"
#include "formats/source/file_io.h"
#include "formats/source/track_json.h"
#include "formats/validate/validate.h"
#include "trackwright/vehicle/car_physics.h"

#include "tests/support/run_twbake.h"
#include "tests/support/scratch_dir.h"
#include "tests/support/test_tracks.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;
using tw::test::twbake;

const std::string kCarFile = std::string(TRACKWRIGHT_TEST_DATA_DIR) + "/cars/test-gt.json";

trackwright::format::CarDescription testCar() {
    const formats::CarLoadResult loaded = formats::loadCarFile(kCarFile);
    EXPECT_TRUE(loaded.car) << (loaded.diagnostics.empty() ? "" : loaded.diagnostics[0].message);
    return loaded.car.value_or(trackwright::format::CarDescription{});
}

class CarClass : public ::testing::Test {
protected:
    std::string file(const std::string& name) const { return (m_dir / name).string(); }
    tw::test::ScratchDir m_scratch{"car_class"};
    const fs::path& m_dir = m_scratch.path();
};

TEST(CarJson, ACarFileAndATracksCarSurviveASaveExactly) {
    const formats::CarLoadResult loaded = formats::loadCarFile(kCarFile);
    ASSERT_TRUE(loaded.car);
    EXPECT_EQ(loaded.name, "test-gt");
    EXPECT_EQ(loaded.car->engine.torqueCurve.size(), 4u);
    EXPECT_EQ(loaded.car->engine.torqueCurve[1].torque, 450.0);
    const formats::CarLoadResult again = formats::parseCarJson(formats::writeCarJson(*loaded.car, loaded.name));
    ASSERT_TRUE(again.car);
    EXPECT_EQ(*again.car, *loaded.car);

    formats::TrackDocument track = tw::test::circleTrack(24);
    const std::string plain = formats::writeTrackJson(track);
    EXPECT_NE(plain.find("\"schema\": 2"), std::string::npos) << "a track without cars stays readable by schema-2 builds";
    formats::VehicleClass gt;
    gt.name = "gt-car";
    gt.topSpeed = 50.0;  // a limit written wins over the car's
    gt.car = loaded.car;
    track.vehicleClasses.push_back(gt);
    const std::string text = formats::writeTrackJson(track);
    EXPECT_NE(text.find("\"schema\": 3"), std::string::npos);
    const formats::TrackLoadResult read = formats::parseTrackJson(text);
    ASSERT_TRUE(read.document);
    EXPECT_EQ(read.document->vehicleClasses.back(), gt);
    EXPECT_EQ(formats::writeTrackJson(*read.document), text);
    for (const formats::Diagnostic& d : formats::validate(*read.document)) EXPECT_NE(d.severity, formats::Severity::Error) << d.code << ": " << d.message;
    EXPECT_EQ(bake::classVehicle(gt).topSpeed, 50.0f);
}

TEST(CarJson, AMalformedCarNamesTheKey) {
    const formats::CarLoadResult noEngine = formats::parseCarJson(R"({"mass": 1000, "drag_area": 0.7, "downforce_area": 0, "tyre_friction": 1.2,
        "brake_force": 0, "wheelbase": 2.5, "steering_lock": 0.4, "width": 1.8})");
    ASSERT_FALSE(noEngine.car);
    EXPECT_EQ(noEngine.diagnostics[0].code, "missing-field");
    EXPECT_EQ(noEngine.diagnostics[0].jsonPath, "engine");
    const formats::CarLoadResult track = formats::parseCarJson(R"({"format": "trackwright-track"})");
    ASSERT_FALSE(track.car);
    EXPECT_EQ(track.diagnostics[0].code, "not-a-car");

    formats::TrackDocument doc = tw::test::circleTrack(24);
    formats::VehicleClass broken;
    broken.name = "broken";
    broken.car = testCar();
    broken.car->mass = -5.0;
    doc.vehicleClasses.push_back(broken);
    const formats::Diagnostics found = formats::validate(doc);
    bool named = false;
    for (const formats::Diagnostic& d : found)
        named = named || (d.code == "vehicle-car" && d.jsonPath == "vehicle_classes[" + std::to_string(doc.vehicleClasses.size() - 1) + "].car" &&
                          d.message.find("mass") != std::string::npos);
    EXPECT_TRUE(named) << "the broken car's mass is named, at its JSON path";
}

TEST(CarEnvelope, DownforceHoldsAFastCornerThatConstantGripCannot) {
    const trackwright::VehicleParameters car = trackwright::vehicleFromCar(testCar());
    trackwright::VehicleParameters noSensitivity = car;
    noSensitivity.loadSensitivity = 0.0f;
    const double radius = 150.0, mu = car.lateralGrip / bake::kGravity, k = car.downforce;
    // v²/R = μ·(g + k·v²) on the level: v² = μ·g·R / (1 − μ·k·R).
    const double exact = std::sqrt(mu * bake::kGravity * radius / (1.0 - mu * k * radius));
    EXPECT_NEAR(bake::cornerSpeedLimit(1.0 / radius, 0.0, 0.0, 0.0, 1.0, noSensitivity), exact, 0.01);
    EXPECT_GT(exact, 1.05 * std::sqrt(car.lateralGrip * radius));
    // Load sensitivity gives some of it back.
    EXPECT_LT(bake::cornerSpeedLimit(1.0 / radius, 0.0, 0.0, 0.0, 1.0, car), exact);
}

TEST_F(CarClass, TwbakeClassAddsTheCarAndLapsDriveIt) {
    const std::string kart = std::string(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack";
    const auto added = twbake({"class", kart, "--car", kCarFile, "-o", file("kart.twtrack")});
    ASSERT_EQ(added.exitCode, bake::cli::kExitOk) << added.err;
    EXPECT_NE(added.out.find("added class \"test-gt\""), std::string::npos) << added.out;
    const auto replaced = twbake({"class", file("kart.twtrack"), "--car", kCarFile, "-o", file("kart.twtrack")});
    EXPECT_NE(replaced.out.find("replaced class \"test-gt\""), std::string::npos) << replaced.out;
    const formats::TrackLoadResult loaded = formats::loadTrackFile(file("kart.twtrack"));
    ASSERT_TRUE(loaded.document);
    EXPECT_EQ(loaded.document->vehicleClasses.size(), 2u);

    const auto laps = twbake({"laps", file("kart.twtrack"), "--class", "test-gt", "--laps", "2", "--json"});
    ASSERT_EQ(laps.exitCode, bake::cli::kExitOk) << laps.err;
    EXPECT_NE(laps.out.find("\"vehicle\": \"test-gt\""), std::string::npos);
    EXPECT_NE(laps.out.find("\"completed\": true"), std::string::npos);
    const auto missing = twbake({"laps", file("kart.twtrack"), "--class", "lorry"});
    EXPECT_EQ(missing.exitCode, bake::cli::kExitInvalidInput);
    EXPECT_NE(missing.err.find("no vehicle class \"lorry\" (it has kart, test-gt)"), std::string::npos) << missing.err;
}

TEST_F(CarClass, ACarClassesRacingLineKeepsTheCarsWidthFromTheEdgeAndIsRefinedDrivingTheCar) {
    // A class that carries a car writes no width of its own: the line's margin is the car's half
    // width plus the safety, and the lap-time refinement drives the car, not the car preset (whose
    // 12 m/s² could not hold the car's hints, so no lap finished and nothing was refined).
    const std::string kart = std::string(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack";
    ASSERT_EQ(twbake({"class", kart, "--car", kCarFile, "-o", file("kart.twtrack")}).exitCode, bake::cli::kExitOk);
    const auto lined = twbake({"raceline", file("kart.twtrack"), "--vehicle", "test-gt", "--method", "laptime", "--laps", "12", "--jobs", "1",
                               "--no-alternates", "--json", "-o", file("lined.twtrack")});
    ASSERT_EQ(lined.exitCode, bake::cli::kExitOk) << lined.err;
    EXPECT_EQ(lined.out.find("\"lap_evaluations\": 1,"), std::string::npos) << "the refinement drove no lap of the car:\n" << lined.out;
    const formats::TrackLoadResult loaded = formats::loadTrackFile(file("lined.twtrack"));
    ASSERT_TRUE(loaded.document);
    const formats::TrackDocument& doc = *loaded.document;
    const double width = trackwright::vehicleFromCar(testCar()).width;
    ASSERT_GT(width, 1.0);
    const double margin = 0.5 * width + 0.5;  // --safety's default
    bool found = false;
    for (const formats::Line& line : doc.lines) {
        if (line.name != "racing" || line.route != 0) continue;
        found = true;
        const formats::Route& route = doc.routes[line.route];
        double closest = 1e9;
        for (std::size_t k = 0; k < route.nodes.size(); ++k) {
            const formats::TrackNode& node = doc.nodes[route.nodes[k]];
            closest = std::min({closest, node.left.track - line.offsets[k], node.right.track + line.offsets[k]});
        }
        EXPECT_GE(closest, margin - 1e-6) << "the line's centre comes within " << closest << " m of the tarmac's edge";
        EXPECT_LT(closest, margin + 0.5) << "a racing line uses the road to its margins";
    }
    EXPECT_TRUE(found);
}

TEST_F(CarClass, ABrokenCarFileIsRefusedAndNothingIsWritten) {
    std::string error;
    ASSERT_TRUE(formats::writeOutputFile(file("bad.json"), R"({"mass": 0, "drag_area": 0.7, "downforce_area": 0, "tyre_friction": 1.2, "brake_force": 0,
        "wheelbase": 2.5, "steering_lock": 0.4, "width": 1.8, "engine": {"torque_curve": [[1000, 200], [6000, 250]], "rev_limit": 7000,
        "gear_ratios": [3, 2, 1], "final_drive": 4, "wheel_radius": 0.3}})", error));
    const auto r = twbake({"class", std::string(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack", "--car", file("bad.json"), "-o", file("out.twtrack")});
    EXPECT_EQ(r.exitCode, bake::cli::kExitInvalidInput);
    EXPECT_NE(r.err.find("mass must be > 0"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(file("out.twtrack")));
}

} // namespace
