#include "editor/preview/preview_simulation.h"

#include "formats/source/track_json.h"

#include <gtest/gtest.h>

namespace {

using editor::preview::PreviewCarSetup;
using editor::preview::PreviewSimulation;

formats::TrackDocument kart() {
    auto loaded = formats::loadTrackFile(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack");
    if (!loaded.document) throw std::runtime_error("cannot load kart.twtrack");
    return *loaded.document;
}

TEST(PreviewSimulation, RunsFixedStepsWhateverTheFrameRateAndSpeed) {
    PreviewSimulation a, b;
    a.setTrack(PreviewSimulation::bakeForPreview(kart()));
    b.setTrack(a.track());
    a.addCar({});
    b.addCar({});
    // Ten seconds in 600 frames of 1/60 s, or in 37 uneven frames at ×8: the same ticks, the same car.
    for (int i = 0; i < 600; ++i) a.advance(1.0 / 60.0, 1.0);
    int ticks = 0;
    for (int i = 0; i < 37; ++i) ticks += b.advance(10.0 / 8.0 / 37.0, 8.0);
    EXPECT_EQ(ticks, 600);
    EXPECT_NEAR(a.time(), 10.0, 1e-9);
    EXPECT_EQ(a.time(), b.time());
    EXPECT_EQ(a.cars()[0].car->body().state.position.x, b.cars()[0].car->body().state.position.x);
    EXPECT_EQ(a.cars()[0].trail.size(), 100u);  // a point every 0.1 s
}

TEST(PreviewSimulation, StartsCarsOnAGridBehindTheLineAndNamesWhatTheyFollow) {
    PreviewSimulation sim;
    sim.setTrack(PreviewSimulation::bakeForPreview(kart()));
    PreviewCarSetup truck;
    truck.vehicle = trackwright::VehiclePreset::Truck;
    sim.addCar({});
    sim.addCar(truck);
    // The kart has no racing line: the cars drive its centre line and say so; each follows hints for its own vehicle.
    EXPECT_EQ(sim.cars()[0].setup.line, "centre");
    EXPECT_EQ(sim.cars()[1].setup.vehicleClass, "truck");
    const double gap = sim.cars()[0].car->progress() - sim.cars()[1].car->progress();
    EXPECT_NEAR(gap, PreviewSimulation::kGridSpacing, 1.0);
    EXPECT_EQ(sim.cars()[0].car->totals().lapTimes.size(), 0u);
    sim.reset();
    EXPECT_EQ(sim.time(), 0.0);
}

} // namespace
