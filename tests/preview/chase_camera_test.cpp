#include "editor/preview/preview_controller.h"
#include "editor/preview/surface_height.h"

#include <QQuaternion>

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace {

using editor::preview::PreviewController;

/// A closed circle of radius 200 m with a hill 12 m high on its far side: climbs and descents of
/// up to 15 % and a crest of 200 m radius between them.
formats::TrackDocument crestLoop() {
    formats::TrackDocument doc;
    doc.name = "Crest";
    formats::Route route{"loop", true, {}, std::nullopt, std::nullopt};
    for (int k = 0; k < 250; ++k) {
        const double a = 2.0 * std::numbers::pi * k / 250.0, fromTop = (a - std::numbers::pi) / 0.35;
        formats::TrackNode node;
        node.position = {200.0 * std::cos(a), 200.0 * std::sin(a), 12.0 * std::exp(-fromTop * fromTop)};
        node.left = node.right = {6.0, 8.0, 10.0};
        route.nodes.push_back(static_cast<std::uint32_t>(k));
        doc.nodes.push_back(node);
    }
    doc.routes.push_back(route);
    doc.vehicleClasses.push_back({"car", 12.0, 6.0, 12.0, 60.0, 2.6, 0.55, 1.9});
    doc.markers.push_back({"start-finish", 0, ""});
    return doc;
}

// Over a lap of the hill the chase camera keeps above the road under it and tilts with the road:
// the car it follows stays in the middle of the view, climbing it looks up and going over the
// crest down, where a camera fixed 14° down would stare at the hill and then at the sky.
TEST(ChaseCamera, FollowsTheCarOverACrestAboveTheRoadWithTheCarInView) {
    PreviewController controller;
    ASSERT_TRUE(controller.setDocument(crestLoop()));
    controller.addCar({});
    controller.selectCar(0);
    controller.setCameraMode(PreviewController::Chase);
    const trackwright::BakedTrack& track = controller.simulation().track()->track;
    float lowestLook = 0.0f, highestLook = -90.0f, worstOffCentre = 0.0f;
    for (int tick = 0; tick < 60 * 45; ++tick) {
        controller.stepOnce();
        const editor::preview::PreviewCar& car = controller.simulation().cars()[0];
        const QVector3D eye = controller.chasePosition();
        const trackwright::format::Vec2 plan{eye.x(), -eye.z()};
        if (const auto under = editor::preview::surfaceUnder(track, plan, car.attitude.height)) {
            ASSERT_GE(eye.y(), under->height + 1.4f) << "in the road at tick " << tick;
        }
        // The car in the view: the angle between the camera's axis and the car.
        const QVector3D look = QQuaternion::fromEulerAngles(controller.chaseRotation()).rotatedVector(QVector3D(0, 0, -1));
        const trackwright::VehicleState& s = car.car->body().state;
        const QVector3D toCar = (QVector3D(static_cast<float>(s.position.x), car.attitude.height + 0.6f, static_cast<float>(-s.position.y)) - eye).normalized();
        worstOffCentre = std::max(worstOffCentre, std::acos(std::clamp(QVector3D::dotProduct(look, toCar), -1.0f, 1.0f)) * 180.0f / std::numbers::pi_v<float>);
        lowestLook = std::min(lowestLook, controller.chaseRotation().x());
        highestLook = std::max(highestLook, controller.chaseRotation().x());
    }
    ASSERT_GT(controller.simulation().cars()[0].car->progress(), 1300.0) << "over the hill at least once";
    EXPECT_LT(worstOffCentre, 20.0f) << "the car wandered off towards the edge of a 60° view";
    EXPECT_GT(highestLook, -8.0f) << "never looked up the climb";
    EXPECT_LT(lowestLook, -20.0f) << "never looked down past the crest";
}

} // namespace
