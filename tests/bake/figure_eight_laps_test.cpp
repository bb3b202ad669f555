// A figure-eight with a bridge, driven as a game drives it: the runner on the reference car laps it
// three times, and where the track passes over itself the car's registration stays on the deck it
// is driving (its progress never jumps, its road height never leaps the 6 m between the decks).
#include "bake/pipeline/default_vehicle_classes.h"
#include "bake/sim/simulated_car.h"
#include "formats/validate/validate.h"
#include "tests/support/baked_sample.h"
#include "tests/support/test_tracks.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {

TEST(FigureEightBridge, ValidatesBakesAndACarLapsItWithoutChangingDeck) {
    formats::TrackDocument doc = tw::test::bridgedFigureEight();
    EXPECT_FALSE(formats::hasErrors(formats::validate(doc)));
    doc.vehicleClasses = {bake::vehicleClassFor(trackwright::VehiclePreset::Car)};
    const auto sample = tw::test::bakeSample(doc);

    bake::CarSetup setup;
    bake::SimulatedCar car(sample->track, setup);
    const double dt = 1.0 / 60.0;
    double previousProgress = car.progress();
    float previousHeight = car.height();
    double largestProgressStep = 0.0, largestHeightStep = 0.0;
    for (int tick = 0; tick < 60 * 600 && car.crossings() < 4; ++tick) {
        car.step(dt);
        largestProgressStep = std::max(largestProgressStep, std::abs(car.progress() - previousProgress));
        if (tick > 0) largestHeightStep = std::max(largestHeightStep, static_cast<double>(std::abs(car.height() - previousHeight)));
        previousProgress = car.progress();
        previousHeight = car.height();
    }
    EXPECT_GE(car.crossings(), 4) << "three flying laps after the run-up";
    EXPECT_EQ(car.stuckStats().events, 0);
    // At 80 m/s a tick covers 1.3 m: a jump to the other deck would move progress by half a lap
    // (~600 m) and the road height by the 6 m between the decks.
    EXPECT_LT(largestProgressStep, 3.0);
    EXPECT_LT(largestHeightStep, 0.5);
}

} // namespace
