#include "trackwright/vehicle/car_physics.h"
#include "trackwright/vehicle/vehicle_limits.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace {

using trackwright::format::CarDescription;

/// A front-engined GT: the numbers a game would read off its car.
CarDescription gt() {
    CarDescription car;
    car.mass = 1200.0;
    car.dragArea = 0.8;
    car.downforceArea = 1.5;
    car.airDensity = 1.2;
    car.tyreFriction = 1.4;
    car.tyreLoadSensitivity = 0.1;
    car.brakeForce = 24000.0;
    car.wheelbase = 2.6;
    car.trackWidth = 1.6;
    car.steeringLock = 0.4;
    car.width = 1.9;
    car.length = 4.6;
    car.engine.torqueCurve = {{1000, 300}, {4000, 450}, {7000, 420}, {8000, 380}};
    car.engine.revLimit = 8000;
    car.engine.gearRatios = {3.2, 2.2, 1.6, 1.25, 0.75};  // a tall top gear: the top speed is the power's, not the rev limit's
    car.engine.finalDrive = 3.9;
    car.engine.wheelRadius = 0.32;
    return car;
}

TEST(CarPhysics, TheLimitsComeFromTheCarsPhysicsAlone) {
    const CarDescription car = gt();
    ASSERT_EQ(trackwright::format::carDescriptionProblem(car), nullptr);
    const trackwright::VehicleParameters v = trackwright::vehicleFromCar(car);
    ASSERT_TRUE(trackwright::validVehicleParameters(v));
    // The reference load left at 0: μ at the car's own load is the tyre's μ.
    EXPECT_NEAR(v.lateralGrip, 1.4 * 9.81, 1e-4);
    EXPECT_NEAR(v.downforce, 1.2 * 1.5 / 2400.0, 1e-7);
    EXPECT_NEAR(v.drag, 1.2 * 0.8 / 2400.0, 1e-7);
    EXPECT_NEAR(v.brakeLimit, 20.0, 1e-5);
    EXPECT_NEAR(v.loadSensitivity, 0.1, 1e-6);
    EXPECT_EQ(v.maxSteeringAngle, 0.4f);
    // Top speed: where the best gear's force stops beating drag and rolling resistance.
    const double force = trackwright::wheelForce(car.engine, v.topSpeed, trackwright::bestGear(car.engine, v.topSpeed));
    EXPECT_NEAR(force / car.mass, v.drag * v.topSpeed * v.topSpeed + v.rollingResistance, 0.1);
    // Launch: first gear at the torque peak (450 N·m), within the driven tyres' traction — not the
    // curve's first point at a standstill, which capped the drive at every speed.
    EXPECT_NEAR(v.maxAcceleration, std::min(1.4 * 9.81 * 0.5, 450.0 * 3.2 * 3.9 * 0.9 / 0.32 / 1200.0), 1e-3);
    EXPECT_GT(trackwright::driveLimit(v, 10.0f), 6.0f);
    // Faster, the downforce gives more grip than the car has at rest, load sensitivity less than all of it.
    EXPECT_GT(trackwright::lateralLimit(v, 60.0f), 1.15f * v.lateralGrip);
}

TEST(CarPhysics, ADriverShiftsUpAsTheSpeedRises) {
    const CarDescription car = gt();
    int gear = 0;
    for (double speed = 1.0; speed < 70.0; speed += 1.0) {
        const int best = trackwright::bestGear(car.engine, speed);
        EXPECT_GE(best, gear) << speed << " m/s";
        gear = best;
    }
    EXPECT_EQ(gear, 4);
    EXPECT_EQ(trackwright::wheelForce(car.engine, 80.0, 0), 0.0);  // first gear far past its rev limit
}

TEST(CarPhysics, ADescriptionThatCannotBeDrivenNamesItsField) {
    CarDescription car = gt();
    car.mass = 0.0;
    EXPECT_NE(std::string(trackwright::format::carDescriptionProblem(car)).find("mass"), std::string::npos);
    car = gt();
    car.engine.torqueCurve = {{4000, 300}, {3000, 350}};
    EXPECT_NE(std::string(trackwright::format::carDescriptionProblem(car)).find("torque_curve"), std::string::npos);
    car = gt();
    car.tyreLoadSensitivity = 1.0;
    EXPECT_NE(std::string(trackwright::format::carDescriptionProblem(car)).find("tyre_load_sensitivity"), std::string::npos);
    car = gt();
    car.engine.gearRatios.clear();
    EXPECT_NE(std::string(trackwright::format::carDescriptionProblem(car)).find("gear_ratios"), std::string::npos);
    // The preset's parameters rather than nonsense.
    car.mass = NAN;
    EXPECT_EQ(trackwright::vehicleFromCar(car).lateralGrip, trackwright::vehiclePreset(trackwright::VehiclePreset::Car).lateralGrip);
}

} // namespace
