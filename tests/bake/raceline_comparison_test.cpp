#include "tests/support/raceline_comparison.h"

#include "bake/pipeline/class_vehicle.h"
#include "tests/support/test_cars.h"

#include <gtest/gtest.h>

namespace {

// Issue targets, on equal room and measured on each line's own points the same way: our
// minimum-curvature line bends no more than the peer's on every circuit, and the lap-time method's
// line (after the ideal-lap descent) has an ideal lap no slower than the peer line's.
TEST(RacelineComparison, OurLinesBendNoMoreAndLapNoSlowerThanThePeersOnEveryCircuit) {
    const std::filesystem::path folder = TRACKWRIGHT_SHARED_TRACKS_DIR;
    auto circuits = tw::test::circuitsWithPeerLines(folder);
    ASSERT_EQ(circuits.size(), 12u);
#ifdef TRACKWRIGHT_SANITIZED
    circuits.resize(2);  // sanitizers check the code paths; the Release run holds the targets on all twelve
#endif
    for (const auto& circuit : circuits) {
        const tw::test::CircuitComparison c = tw::test::compareCircuit(circuit, folder / "racelines" / circuit.filename());
        EXPECT_LE(c.ours.metrics.integralSquaredCurvature, c.peer.metrics.integralSquaredCurvature) << c.name;
        EXPECT_LT(c.ours.metrics.integralSquaredCurvature, 0.8 * c.centre.metrics.integralSquaredCurvature) << c.name;
        EXPECT_LE(c.fastest.idealLapTime, c.peer.idealLapTime) << c.name;
        EXPECT_LT(c.fastest.idealLapTime, c.ours.idealLapTime) << c.name;
        for (std::size_t i = 0; i < c.bounds.lower.size(); ++i) {
            const double offset = c.document.lines[c.racingLine].offsets[i];
            ASSERT_GE(offset, c.bounds.lower[i] - 1e-9) << c.name << " node " << i;
            ASSERT_LE(offset, c.bounds.upper[i] + 1e-9) << c.name << " node " << i;
        }
    }
}

// The same on a car's g-g-v envelope (downforce, load-sensitive tyres, drag, a power curve): the
// descent judges its ideal lap on the car's own limits, so the line it finds is the car's, and no
// slower than the peer's with equal room on every circuit.
TEST(RacelineComparison, WithACarsEnvelopeTheDescendedLineLapsNoSlowerThanThePeersOnEveryCircuit) {
    const std::filesystem::path folder = TRACKWRIGHT_SHARED_TRACKS_DIR;
    auto circuits = tw::test::circuitsWithPeerLines(folder);
    ASSERT_EQ(circuits.size(), 12u);
#ifdef TRACKWRIGHT_SANITIZED
    circuits.resize(1);
#endif
    const std::optional<formats::VehicleClass> car = tw::test::testGtClass();
    ASSERT_TRUE(car);
    const formats::VehicleClass gt = bake::resolvedClass(*car);
    ASSERT_TRUE(bake::classSpeedLimits(gt).car) << "the class is judged on its envelope";
    for (const auto& circuit : circuits) {
        const tw::test::CircuitComparison c = tw::test::compareCircuit(circuit, folder / "racelines" / circuit.filename(), gt);
        EXPECT_LE(c.fastest.idealLapTime, c.peer.idealLapTime) << c.name;
        EXPECT_LT(c.fastest.idealLapTime, c.ours.idealLapTime + 1e-9) << c.name;
    }
}

} // namespace
