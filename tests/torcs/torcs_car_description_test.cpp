// SPDX-License-Identifier: GPL-2.0-or-later
// The car description from TORCS parameters, against car1-stock1's real files (hand-checked below)
// and a plain parameter map; its JSON; the vehicle mapping; the gearbox.

#include "integrations/torcs/common/car_description.h"
#include "integrations/torcs/common/controls_mapping.h"
#include "integrations/torcs/common/gearbox.h"
#include "integrations/torcs/common/vehicle_mapping.h"

#ifdef TRACKWRIGHT_TORCS_ENABLED
#include "integrations/torcs/robot/torcs_car_params.h"
#include <tgf.h>
#endif

#include <gtest/gtest.h>
#include <rapidjson/document.h>

#include <cmath>
#include <filesystem>
#include <map>
#include <numbers>

namespace {

using namespace trackwright::torcs;

constexpr float kDeg = std::numbers::pi_v<float> / 180.0f;
constexpr float kRpm = 2.0f * std::numbers::pi_v<float> / 60.0f;  // rad/s per rpm: GfParmGetNum's unit

/// Parameters from a map, SI units as GfParmGetNum gives them.
class MapParameters final : public CarParameterSource {
public:
    std::map<std::string, float> numbers;
    std::map<std::string, std::string> texts;
    std::map<std::string, int> counts;
    float number(const std::string& s, const std::string& k, float fallback) const override {
        const auto it = numbers.find(s + "|" + k);
        return it == numbers.end() ? fallback : it->second;
    }
    std::string text(const std::string& s, const std::string& k, const std::string& fallback) const override {
        const auto it = texts.find(s + "|" + k);
        return it == texts.end() ? fallback : it->second;
    }
    int count(const std::string& s) const override {
        const auto it = counts.find(s);
        return it == counts.end() ? 0 : it->second;
    }
};

/// A simple car: no wings, no ground effect, stock tyres and one brake size.
MapParameters simpleCar() {
    MapParameters p;
    p.numbers["Car|mass"] = 1000.0f;
    p.numbers["Car|initial fuel"] = 50.0f;
    p.numbers["Car|fuel tank"] = 80.0f;
    p.numbers["Aerodynamics|Cx"] = 0.3f;
    p.numbers["Aerodynamics|front area"] = 2.0f;
    p.numbers["Front Axle|xpos"] = 1.5f;
    p.numbers["Rear Axle|xpos"] = -1.0f;
    for (const char* w : {"Front Right Wheel", "Front Left Wheel", "Rear Right Wheel", "Rear Left Wheel"}) {
        const bool right = std::string(w).find("Right") != std::string::npos;
        p.numbers[std::string(w) + "|ypos"] = right ? -0.8f : 0.8f;
        p.numbers[std::string(w) + "|mu"] = 1.0f;
        p.numbers[std::string(w) + "|rim diameter"] = 0.4f;
        p.numbers[std::string(w) + "|tire width"] = 0.2f;
        p.numbers[std::string(w) + "|tire height-width ratio"] = 0.5f;
        p.numbers[std::string(w) + "|dynamic friction"] = 0.8f;
    }
    p.numbers["Engine|revs limiter"] = 6000.0f * kRpm;
    p.counts["Engine/data points"] = 3;
    p.numbers["Engine/data points/1|rpm"] = 0.0f;
    p.numbers["Engine/data points/1|Tq"] = 100.0f;
    p.numbers["Engine/data points/2|rpm"] = 4000.0f * kRpm;
    p.numbers["Engine/data points/2|Tq"] = 300.0f;
    p.numbers["Engine/data points/3|rpm"] = 8000.0f * kRpm;
    p.numbers["Engine/data points/3|Tq"] = 200.0f;
    p.numbers["Gearbox/gears/1|ratio"] = 3.0f;
    p.numbers["Gearbox/gears/2|ratio"] = 2.0f;
    p.numbers["Gearbox/gears/3|ratio"] = 1.0f;
    p.numbers["Rear Differential|ratio"] = 4.0f;
    p.numbers["Steer|steer lock"] = 20.0f * kDeg;
    return p;
}

TEST(TorcsCarDescription, SimpleCarFromAMap) {
    const MapParameters p = simpleCar();
    const CarDescription d = describeTorcsCar(p, "simple");
    EXPECT_EQ(d.name, "simple");
    EXPECT_FLOAT_EQ(d.mass, 1050.0f);
    // 0.645·Cx·A = 0.387 N per (m/s)², as 0.5·1.23·CdA.
    EXPECT_NEAR(d.dragArea, 0.645f * 0.3f * 2.0f / (0.5f * 1.23f), 1e-5f);
    EXPECT_NEAR(d.downforceArea, 0.0f, 1e-6f);  // no wings, no Clift
    EXPECT_NEAR(d.engine.wheelRadius, 0.2f + 0.1f, 1e-6f);
    EXPECT_NEAR(d.wheelbase, 2.5f, 1e-6f);
    EXPECT_NEAR(d.trackWidth, 1.6f, 1e-6f);
    EXPECT_NEAR(d.steeringLock, 20.0f * kDeg, 1e-6f);
    // The curve cut at the limiter: 6000 rpm interpolated between 4000 (300) and 8000 (200).
    ASSERT_EQ(d.engine.torqueCurve.size(), 3u);
    EXPECT_NEAR(d.engine.torqueCurve.back().first, 6000.0f, 0.05f);
    EXPECT_NEAR(d.engine.torqueCurve.back().second, 250.0f, 0.01f);
    EXPECT_NEAR(d.engine.revLimit, 6000.0f, 0.05f);
    EXPECT_EQ(d.engine.gearRatios, (std::vector<float>{3.0f, 2.0f, 1.0f}));
    EXPECT_FLOAT_EQ(d.engine.finalDrive, 4.0f);
    EXPECT_FLOAT_EQ(d.engine.drivenLoadShare, 0.5f);
    // Default load factors (0.8, 1.6, operating load 1.2·weight0): the curve is 1 at the reference
    // and falls with load.
    EXPECT_NEAR(torcsLoadFactorCurve(p, 1.0f), 1.0f, 1e-6f);
    EXPECT_GT(torcsLoadFactorCurve(p, 0.5f), 1.0f);
    EXPECT_LT(torcsLoadFactorCurve(p, 2.0f), 1.0f);
    EXPECT_GT(d.tyreLoadSensitivity, 0.0f);
    EXPECT_LT(d.tyreLoadSensitivity, 0.5f);
    // No brake sections: simuv2's defaults (diameter 0.2, piston 0.002, pad μ 0.3, 1 MPa, 50 %).
    EXPECT_NEAR(d.brakeForce, 4.0f * 0.2f * 0.5f * 0.002f * 0.3f * 1e6f * 0.5f / 0.3f, 0.5f);
}

TEST(TorcsCarDescription, FuelTheRobotAsksForAndTheTank) {
    const MapParameters p = simpleCar();
    EXPECT_FLOAT_EQ(describeTorcsCar(p, "x", 10.0f).mass, 1010.0f);
    EXPECT_FLOAT_EQ(describeTorcsCar(p, "x", 500.0f).mass, 1080.0f);  // never above the 80 l tank
}

TEST(TorcsCarDescription, JsonHasTheSchemaKeysInOrder) {
    const CarDescription d = describeTorcsCar(simpleCar(), "simple \"one\"");
    const std::string json = carDescriptionJson(d);
    rapidjson::Document doc;
    ASSERT_FALSE(doc.Parse(json.c_str()).HasParseError()) << json;
    const char* keys[] = {"name", "mass", "drag_area", "downforce_area", "air_density", "tyre_friction", "tyre_reference_load",
                          "tyre_load_sensitivity", "brake_force", "rolling_resistance", "engine", "wheelbase", "track_width", "centre_of_gravity_height", "steering_lock", "width", "length"};
    auto member = doc.MemberBegin();
    for (const char* key : keys) {
        ASSERT_NE(member, doc.MemberEnd());
        EXPECT_STREQ(member->name.GetString(), key);
        ++member;
    }
    EXPECT_EQ(member, doc.MemberEnd());
    EXPECT_STREQ(doc["name"].GetString(), "simple \"one\"");
    EXPECT_NEAR(doc["mass"].GetDouble(), 1050.0, 1e-3);
    const auto& e = doc["engine"];
    const char* engineKeys[] = {"torque_curve", "rev_limit", "gear_ratios", "final_drive", "drivetrain_efficiency", "wheel_radius", "driven_load_share"};
    auto em = e.MemberBegin();
    for (const char* key : engineKeys) {
        ASSERT_NE(em, e.MemberEnd());
        EXPECT_STREQ(em->name.GetString(), key);
        ++em;
    }
    ASSERT_TRUE(e["torque_curve"].IsArray());
    EXPECT_EQ(e["torque_curve"].Size(), 3u);
    EXPECT_NEAR(e["torque_curve"][1][0].GetDouble(), 4000.0, 0.05);
    EXPECT_NEAR(e["torque_curve"][1][1].GetDouble(), 300.0, 1e-6);
    EXPECT_EQ(e["gear_ratios"].Size(), 3u);
}

TEST(TorcsVehicleMapping, TheProductsReadingOfTheDescription) {
    const CarDescription d = describeTorcsCar(simpleCar(), "simple");
    // Key for key into the product's description, which it accepts.
    const trackwright::format::CarDescription p = toProductCar(d);
    EXPECT_EQ(trackwright::format::carDescriptionProblem(p), nullptr);
    EXPECT_DOUBLE_EQ(p.mass, d.mass);
    EXPECT_DOUBLE_EQ(p.tyreFriction, d.tyreFriction);
    EXPECT_EQ(p.engine.torqueCurve.size(), d.engine.torqueCurve.size());
    EXPECT_DOUBLE_EQ(p.engine.gearRatios.back(), d.engine.gearRatios.back());
    const trackwright::VehicleParameters v = vehicleFromCar(d);
    EXPECT_TRUE(trackwright::validVehicleParameters(v));
    EXPECT_NEAR(v.lateralGrip, d.tyreFriction * 9.81f, 0.01f);  // μ at the car's own (the reference) load
    EXPECT_NEAR(v.maxSteeringAngle, d.steeringLock, 1e-6f);
    EXPECT_NEAR(v.wheelbase, d.wheelbase, 1e-6f);
    EXPECT_NEAR(v.brakeLimit, d.brakeForce / d.mass, 1e-3f);
    EXPECT_NEAR(v.drag, 0.5f * 1.23f * d.dragArea / d.mass, 1e-7f);
    EXPECT_LE(v.topSpeed, gearLimitedSpeed(d) + 0.01f);
    EXPECT_GT(v.topSpeed, 0.5f * gearLimitedSpeed(d));
}

TEST(TorcsGearbox, ShiftsUpWhereTheNextGearPullsMoreAndDownBelowIt) {
    const CarDescription d = describeTorcsCar(simpleCar(), "simple");
    GearShifter g(d, 0.2f);
    ASSERT_EQ(g.gears(), 3);
    EXPECT_LT(g.upshiftSpeed(1), g.upshiftSpeed(2));
    EXPECT_TRUE(std::isinf(g.upshiftSpeed(3)));
    // At the upshift speed the next gear pulls at least as hard, or the limiter is reached.
    for (int gear = 1; gear <= 2; ++gear) {
        const float v = g.upshiftSpeed(gear);
        const float limiter = 6000.0f * kRpm / (d.engine.gearRatios[static_cast<std::size_t>(gear - 1)] * 4.0f) * 0.3f;
        EXPECT_TRUE(g.wheelForce(gear + 1, v) >= g.wheelForce(gear, v) * 0.999f || v >= GearShifter::kLimiterShare * limiter * 0.999f);
        EXPECT_LT(g.downshiftSpeed(gear + 1), v);
    }
    // Accelerating: 1 → 2 → 3; then slowing: back down, never two gears in one shift time.
    int gear = 1;
    for (float v = 1.0f; v < 60.0f; v += 0.5f) gear = g.update(gear, v, v, 0.05f).gear;
    EXPECT_EQ(gear, 3);
    int down = g.update(3, 1.0f, 1.0f, 0.05f).gear;
    EXPECT_EQ(down, 2);  // one gear at a time…
    down = g.update(down, 1.0f, 1.0f, 0.05f).gear;
    EXPECT_EQ(down, 2);  // …held for the shift time…
    for (int k = 0; k < 10; ++k) down = g.update(down, 1.0f, 1.0f, 0.05f).gear;
    EXPECT_EQ(down, 1);  // …then the next
    // No hunting: a spinning wheel takes the gear up, the car a little slower than the upshift
    // speed (the drive lost while the gear engages) keeps it.
    GearShifter h(d, 0.2f);
    const float up = h.upshiftSpeed(1);
    int g2 = h.update(1, up * 1.01f, up * 0.98f, 0.05f).gear;
    EXPECT_EQ(g2, 2);
    for (int k = 0; k < 20; ++k) g2 = h.update(g2, up * 0.95f, up * 0.95f, 0.05f).gear;
    EXPECT_EQ(g2, 2);
    EXPECT_GT(h.downshiftSpeed(2), 0.5f * up);
    EXPECT_LT(h.downshiftSpeed(2), 0.9f * up);
}

TEST(TorcsControls, PedalsReverseAndAbs) {
    const CarDescription d = describeTorcsCar(simpleCar(), "simple");
    const trackwright::VehicleParameters vehicle = vehicleFromCar(d);
    ControlsMapper m(d, vehicle, 0.2f);
    WheelState rolling;
    rolling.speed = 20.0f;
    for (float& w : rolling.wheelSpeed) w = 20.0f;
    trackwright::Controls c;
    c.steering = 0.3f;
    c.throttle = 0.6f;
    TorcsCommand t = m.map(c, rolling, 0.02f);
    EXPECT_FLOAT_EQ(t.steer, 0.3f);
    EXPECT_FLOAT_EQ(t.accel, 0.6f);
    EXPECT_FLOAT_EQ(t.brake, 0.0f);
    c.throttle = -1.0f;
    t = m.map(c, rolling, 0.02f);
    // Full braking is the pressure that gives the tyres' limit, not the brakes' (which lock them).
    const float full = trackwright::brakePedal(vehicle, rolling.speed, 1.0f);
    EXPECT_FLOAT_EQ(t.brake, full);
    EXPECT_LE(full, 1.0f);
    ASSERT_GT(vehicle.brakeLimit, 0.0f);
    EXPECT_NEAR(full * vehicle.brakeLimit, trackwright::brakingLimit(vehicle, rolling.speed) - vehicle.drag * 400.0f, 1e-3f);
    EXPECT_FLOAT_EQ(t.accel, 0.0f);
    c.throttle = -0.5f;
    EXPECT_FLOAT_EQ(m.map(c, rolling, 0.02f).brake, 0.5f * full);
    c.throttle = -1.0f;
    // A locked wheel: the brakes are released in proportion to the slip beyond the peak.
    WheelState locked = rolling;
    locked.wheelSpeed[2] = 0.0f;
    t = m.map(c, locked, 0.02f);
    EXPECT_LT(t.brake, 0.5f);
    // Braking at a standstill never reverses; Controls::reverse does, once the car stands.
    WheelState standing;
    for (int k = 0; k < 50; ++k) t = m.map(c, standing, 0.02f);
    EXPECT_EQ(t.gear, 1);
    EXPECT_FLOAT_EQ(t.brake, trackwright::brakePedal(vehicle, 0.0f, 1.0f));
    c.reverse = true;
    t = m.map(c, rolling, 0.02f);  // still rolling forwards at 20 m/s: brakes, no reverse yet
    EXPECT_GE(t.gear, 1);
    EXPECT_GT(t.brake, 0.0f);
    t = m.map(c, standing, 0.02f);
    EXPECT_EQ(t.gear, -1);
    EXPECT_FLOAT_EQ(t.accel, 1.0f);
    EXPECT_TRUE(m.reversing());
    WheelState backwards;
    backwards.speed = -3.0f;
    c.reverse = false;
    c.throttle = 0.5f;  // asked forward while rolling backwards: brakes, then first gear
    t = m.map(c, backwards, 0.02f);
    EXPECT_EQ(t.gear, -1);
    EXPECT_GT(t.brake, 0.0f);
    t = m.map(c, standing, 0.02f);
    EXPECT_EQ(t.gear, 1);
    EXPECT_FLOAT_EQ(t.accel, 0.5f);
    EXPECT_FALSE(m.reversing());
}

#ifdef TRACKWRIGHT_TORCS_ENABLED

/// car1-stock1 as TORCS's race engine builds its handle: the car file over categories/stock1.xml.
class TorcsRealCar : public ::testing::Test {
protected:
    void SetUp() override {
        if (!std::filesystem::is_regular_file(std::string(TORCS_DATA_DIR) + "/cars/car1-stock1/car1-stock1.xml"))
            GTEST_SKIP() << "TORCS's data (torcs-data) is not installed at " << TORCS_DATA_DIR;
        GfInit();
        handle = readTorcsCarHandle(std::string(TORCS_DATA_DIR) + "/", "car1-stock1");
        ASSERT_NE(handle, nullptr);
    }
    void TearDown() override {
        if (handle) GfParmReleaseHandle(handle);
    }
    void* handle = nullptr;
};

TEST_F(TorcsRealCar, Car1Stock1HandChecked) {
    const TorcsCarParameters p(handle);
    const CarDescription d = describeTorcsCar(p, "car1-stock1");
    // Car: 1550 kg and 60 l of fuel (TORCS counts a litre as a kilogram).
    EXPECT_NEAR(d.mass, 1610.0f, 1e-3f);
    // Drag: body 0.645·0.38·2.25 = 0.551475; wings 1.23·(0.3·sin 15° + 0.35·sin 16°) = 0.214167;
    // (0.551475 + 0.214167) / (0.5·1.23) = 1.244945 m².
    EXPECT_NEAR(d.dragArea, 1.244945f, 1e-4f);
    // Downforce: wings 4·0.214167 = 0.856667; ground effect (0.25 + 0.55)·hm, ride heights
    // 0.08, 0.08, 0.10, 0.10: hm = 2·exp(−3·(1.5·0.36)⁴) = 1.549618 → 1.239694; / 0.615 = 3.408808 m².
    EXPECT_NEAR(d.downforceArea, 3.408808f, 1e-4f);
    EXPECT_NEAR(d.airDensity, 1.23f, 1e-6f);
    // Tyres: μ 1.6, camber −4° front (1 + 0.05·sin 1.2566 = 1.047553), −3° rear (1.040451); the
    // magic formula (stiffness 20, dynamic friction 0.9, elasticity 0.7) reaches its peak (at slip
    // 0.376); default load factors 0.8/1.6 at 1.2 × weight0; at the static loads (front 48 %):
    // μ0 = 1.738593 × 1.2 = 2.086311. Reference load 1610·9.81/4 = 3948.525 N.
    EXPECT_NEAR(d.tyreFriction, 2.086311f, 2e-4f);
    EXPECT_NEAR(d.tyreReferenceLoad, 3948.525f, 0.01f);
    EXPECT_NEAR(d.tyreLoadSensitivity, 0.203132f, 1e-4f);
    EXPECT_NEAR(d.tyrePeakSlip, 0.376f, 1e-6f);
    // Brakes: 25 MPa, 66 % front; disks 0.38 m front, 0.28 m rear, pistons 50 cm², pad μ 0.45
    // (the stock1 category): per front wheel 0.19·0.005·0.45·16.5e6 / 0.35466 = 19 888.7 N, per
    // rear 0.14·0.005·0.45·8.5e6 / 0.35466 = 7 549.5 N; all four 54 876.5 N.
    EXPECT_NEAR(d.brakeForce, 54876.5f, 1.0f);
    // Engine: the car's 11 points up to the 9000 rpm limiter (the category's 12-21 are beyond it).
    ASSERT_EQ(d.engine.torqueCurve.size(), 10u);
    EXPECT_NEAR(d.engine.torqueCurve.front().first, 0.0f, 1e-3f);
    EXPECT_NEAR(d.engine.torqueCurve.front().second, 100.0f, 1e-3f);
    EXPECT_NEAR(d.engine.torqueCurve[7].first, 7000.0f, 0.05f);
    EXPECT_NEAR(d.engine.torqueCurve[7].second, 710.0f, 1e-3f);
    EXPECT_NEAR(d.engine.torqueCurve.back().first, 9000.0f, 0.05f);
    EXPECT_NEAR(d.engine.torqueCurve.back().second, 663.0f, 1e-2f);
    EXPECT_NEAR(d.engine.revLimit, 9000.0f, 0.05f);
    const std::vector<float> gears = {3.82f, 2.15f, 1.56f, 1.21f, 0.97f, 0.8f};
    ASSERT_EQ(d.engine.gearRatios.size(), gears.size());
    for (std::size_t k = 0; k < gears.size(); ++k) EXPECT_NEAR(d.engine.gearRatios[k], gears[k], 1e-5f);
    EXPECT_NEAR(d.engine.finalDrive, 4.5f, 1e-6f);       // the car's rear differential (the category says 3.444)
    EXPECT_NEAR(d.engine.wheelRadius, 0.35466f, 1e-5f);  // 15 in rim / 2 + 304 mm · 0.54
    EXPECT_NEAR(d.engine.drivenLoadShare, 0.52f, 1e-6f); // RWD, 48 % on the front
    EXPECT_NEAR(d.engine.drivetrainEfficiency, 1.0f, 1e-6f);
    // Geometry: axles at +1.602 and −1.198 m, wheels at ±0.795 m, steer lock 21°, 1.92 × 4.90 m.
    EXPECT_NEAR(d.wheelbase, 2.8f, 1e-5f);
    EXPECT_NEAR(d.trackWidth, 1.59f, 1e-5f);
    EXPECT_NEAR(d.centreOfGravityHeight, 0.3f, 1e-6f);  // car1-stock1.xml: GC height 0.3 m
    EXPECT_NEAR(d.steeringLock, 21.0f * kDeg, 1e-5f);
    EXPECT_NEAR(d.width, 1.92f, 1e-5f);
    EXPECT_NEAR(d.length, 4.9f, 1e-5f);

    // The follower's vehicle, the runtime's reading (car_physics.h): 2.086·9.81 = 20.47 m/s² of
    // grip; the brakes' 54.9 kN are 34.1 m/s²; downforce ρ·ClA/2m = 0.0013022, drag ρ·CdA/2m =
    // 0.00047556 per m; top speed at most sixth's limiter, 9000 rpm / (0.8·4.5) at 0.35466 m =
    // 92.86 m/s (the engine's 625 kW against the drag alone would hold 93.46).
    const trackwright::VehicleParameters v = vehicleFromCar(d);
    EXPECT_NEAR(v.lateralGrip, 20.466f, 0.01f);
    EXPECT_NEAR(v.brakeLimit, 54876.5f / 1610.0f, 0.01f);
    EXPECT_NEAR(v.downforce, 0.0013022f, 1e-6f);
    EXPECT_NEAR(v.drag, 0.00047556f, 1e-7f);
    EXPECT_NEAR(gearLimitedSpeed(d), 9000.0f * kRpm / 3.6f * 0.35466f, 0.01f);
    EXPECT_NEAR(powerLimitedSpeed(d), 93.46f, 0.02f);
    EXPECT_NEAR(maxEnginePower(d.engine), 663.0f * 9000.0f * kRpm, 1.0f);
    EXPECT_LE(v.topSpeed, gearLimitedSpeed(d) + 0.01f);
    EXPECT_GT(v.topSpeed, 88.0f);
    EXPECT_NEAR(v.maxSteeringAngle, 21.0f * kDeg, 1e-5f);
}

#endif

} // namespace
