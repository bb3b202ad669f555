// The orbit view's wheel zooms toward the point under the cursor (orbit_zoom.h), as map tools do:
// the ground point under the cursor stays under it zooming in and out, a notch out undoes a notch
// in, and at the view's centre it is the plain orbit zoom that leaves the pivot where it is.
#include "editor/preview/orbit_framing.h"
#include "editor/preview/orbit_zoom.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {

using editor::preview::OrbitFraming;
using editor::preview::OrbitPose;

constexpr float kFov = 60.0f;
const QSizeF kView(1100, 700);

/// The pose preview.qml gives the orbit camera for `framing` about `origin`.
OrbitPose poseOf(QVector3D origin, const OrbitFraming& framing) {
    return {origin, QQuaternion::fromEulerAngles(-framing.pitchDegrees, framing.yawDegrees, 0.0f), framing.distance};
}

/// Where `point` (scene frame) shows in kView from the camera of `pose`, turned as `framing`, by
/// orbitCameraSpace's own projection.
QPointF pixelOf(const OrbitPose& pose, const OrbitFraming& framing, QVector3D point) {
    const QVector3D seen = editor::preview::orbitCameraSpace({pose.distance, framing.pitchDegrees, framing.yawDegrees}, point - pose.origin);
    const double tanV = std::tan(kFov * 3.14159265358979 / 360.0), tanH = tanV * kView.width() / kView.height();
    return {kView.width() / 2.0 * (1.0 + seen.x() / (seen.z() * tanH)), kView.height() / 2.0 * (1.0 - seen.y() / (seen.z() * tanV))};
}

// Framed views of a flat circuit (60 deg down), a hilly one turned by the user, a steep one.
const OrbitFraming kFramings[] = {{2400.0f, 60.0f, 0.0f}, {900.0f, 42.0f, 35.0f}, {150.0f, 80.0f, -120.0f}};
const QVector3D kOrigin(310.0f, 12.0f, -85.0f);
const QPointF kCursors[] = {{820, 210}, {40, 660}, {1090, 690}, {600, 360}, {130, 90}};

TEST(OrbitZoom, TheGroundPointUnderTheCursorStaysUnderItZoomingInAndOut) {
    for (const OrbitFraming& framing : kFramings) {
        for (const QPointF cursor : kCursors) {
            OrbitPose pose = poseOf(kOrigin, framing);
            const QVector3D target = editor::preview::orbitZoomTarget(pose, cursor, kView, kFov);
            EXPECT_NEAR(target.y(), kOrigin.y(), 1e-3f * framing.distance) << "on the ground, the pivot's plane";
            for (float notches : {1.0f, 3.0f, -2.0f, -5.0f}) {
                const float factor = editor::preview::orbitWheelZoomFactor(notches);
                pose = editor::preview::zoomOrbitToward(pose, target, factor);
                const QPointF seen = pixelOf(pose, framing, target);
                EXPECT_NEAR(seen.x(), cursor.x(), 0.05) << framing.pitchDegrees << " deg, " << notches << " notches";
                EXPECT_NEAR(seen.y(), cursor.y(), 0.05) << framing.pitchDegrees << " deg, " << notches << " notches";
                EXPECT_NEAR(pose.origin.y(), kOrigin.y(), 1e-3f * framing.distance) << "the pivot stays on the ground";
            }
        }
    }
}

TEST(OrbitZoom, AtTheCentreItIsThePlainOrbitZoomAboutThePivot) {
    for (const OrbitFraming& framing : kFramings) {
        const OrbitPose pose = poseOf(kOrigin, framing);
        const QPointF centre(kView.width() / 2.0, kView.height() / 2.0);
        const QVector3D target = editor::preview::orbitZoomTarget(pose, centre, kView, kFov);
        EXPECT_LT((target - kOrigin).length(), 1e-4f * framing.distance);
        const OrbitPose zoomed = editor::preview::zoomOrbitToward(pose, target, 0.88f);
        EXPECT_LT((zoomed.origin - kOrigin).length(), 1e-4f * framing.distance) << "the pivot stays";
        EXPECT_FLOAT_EQ(zoomed.distance, 0.88f * framing.distance);
        EXPECT_EQ(zoomed.rotation, pose.rotation);
    }
}

TEST(OrbitZoom, ANotchOutUndoesANotchIn) {
    EXPECT_FLOAT_EQ(editor::preview::orbitWheelZoomFactor(1.0f), 0.88f) << "OrbitCameraController's step in";
    EXPECT_FLOAT_EQ(editor::preview::orbitWheelZoomFactor(1.0f) * editor::preview::orbitWheelZoomFactor(-1.0f), 1.0f);
    const OrbitPose pose = poseOf(kOrigin, kFramings[1]);
    const QPointF cursor = kCursors[0];
    OrbitPose zoomed = editor::preview::zoomOrbitToward(pose, editor::preview::orbitZoomTarget(pose, cursor, kView, kFov),
                                                        editor::preview::orbitWheelZoomFactor(1.0f));
    zoomed = editor::preview::zoomOrbitToward(zoomed, editor::preview::orbitZoomTarget(zoomed, cursor, kView, kFov),
                                              editor::preview::orbitWheelZoomFactor(-1.0f));
    EXPECT_LT((zoomed.origin - pose.origin).length(), 1e-4f * pose.distance);
    EXPECT_NEAR(zoomed.distance, pose.distance, 1e-4f * pose.distance);
}

TEST(OrbitZoom, OverTheHorizonItZoomsTowardThePivotsDepthAndNeverFar) {
    // Turned up to 10 deg below the horizon: the top of the view is sky.
    const OrbitFraming lowFraming{500.0f, 10.0f, 20.0f};
    const OrbitPose low = poseOf(kOrigin, lowFraming);
    const QVector3D camera = editor::preview::orbitCameraPosition(low);
    const QVector3D sky = editor::preview::orbitZoomTarget(low, {700, 20}, kView, kFov);
    const QVector3D forward = low.rotation.rotatedVector(QVector3D(0, 0, -1));
    EXPECT_NEAR(QVector3D::dotProduct(sky - camera, forward), low.distance, 1e-3f * low.distance) << "at the pivot's depth";
    const QPointF seen = pixelOf(low, lowFraming, sky);
    EXPECT_NEAR(seen.x(), 700.0, 0.05);
    EXPECT_NEAR(seen.y(), 20.0, 0.05);
    // Just under the horizon the ground lies kilometres off: the target stops kOrbitZoomReach
    // distances along the ray.
    const QVector3D grazing = editor::preview::orbitZoomTarget(low, {550, 247}, kView, kFov);
    EXPECT_LE((grazing - camera).length(), editor::preview::kOrbitZoomReach * low.distance * 1.0001f);
    EXPECT_GT(grazing.y(), kOrigin.y()) << "short of the ground";
}

} // namespace
