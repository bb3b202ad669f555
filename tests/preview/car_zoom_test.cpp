// What a designer relies on when zooming the orbit view: a car reads as a car at every zoom. Seen
// whole, a 5.8 km circuit's cars are drawn larger than life, just enough to show; zoomed in on one,
// it is its true size, never a disc swollen over the road (CarModel.qml, preview.qml).
#include "editor/preview/preview_screenshot.h"
#include "editor/preview/preview_widget.h"

#include "formats/source/track_json.h"

#include <QAbstractItemModel>
#include <QImage>
#include <QQuickItem>
#include <QQuickWidget>
#include <QTest>
#include <QWheelEvent>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace {

using editor::preview::PreviewController;
using editor::preview::PreviewWidget;

/// preview.qml's carMinPixels: the least length a car is drawn from afar.
constexpr double kCarMinPixels = 16.0;

/// How a set of pixels lies: how many, and their extent end to end along their longest and
/// shortest directions (the principal axes of their spread).
struct Shape {
    int pixels = 0;
    double length = 0.0, width = 0.0;
};

/// The shape of the pixels within `radius` of `around` that differ between `with` and `without`.
Shape changedPixels(const QImage& with, const QImage& without, QPointF around, double radius) {
    std::vector<QPointF> points;
    for (int y = std::max(0, static_cast<int>(around.y() - radius)); y < std::min(with.height(), static_cast<int>(around.y() + radius)); ++y) {
        for (int x = std::max(0, static_cast<int>(around.x() - radius)); x < std::min(with.width(), static_cast<int>(around.x() + radius)); ++x) {
            const QColor a = with.pixelColor(x, y), b = without.pixelColor(x, y);
            if (std::max({std::abs(a.red() - b.red()), std::abs(a.green() - b.green()), std::abs(a.blue() - b.blue())}) > 24) points.emplace_back(x, y);
        }
    }
    Shape shape;
    shape.pixels = static_cast<int>(points.size());
    if (points.empty()) return shape;
    QPointF mean;
    for (const QPointF& p : points) mean += p / static_cast<double>(points.size());
    double xx = 0.0, yy = 0.0, xy = 0.0;
    for (const QPointF& p : points) {
        const QPointF d = p - mean;
        xx += d.x() * d.x(), yy += d.y() * d.y(), xy += d.x() * d.y();
    }
    const double angle = 0.5 * std::atan2(2.0 * xy, xx - yy);
    const QPointF along(std::cos(angle), std::sin(angle)), across(-along.y(), along.x());
    double lowA = 1e9, highA = -1e9, lowB = 1e9, highB = -1e9;
    for (const QPointF& p : points) {
        const double a = QPointF::dotProduct(p, along), b = QPointF::dotProduct(p, across);
        lowA = std::min(lowA, a), highA = std::max(highA, a), lowB = std::min(lowB, b), highB = std::max(highB, b);
    }
    shape.length = std::max(highA - lowA, highB - lowB) + 1.0;
    shape.width = std::min(highA - lowA, highB - lowB) + 1.0;
    return shape;
}

/// Monza (5.8 km) with two cars 20 s into their laps, apart and none selected (no beacon), in the
/// orbit view of 1100 x 700 pixels.
class ZoomedPreview : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(widget.sceneErrors().isEmpty()) << widget.sceneErrors().toStdString();
        auto loaded = formats::loadTrackFile(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/monza.twtrack");
        ASSERT_TRUE(loaded.document);
        QString error;
        ASSERT_TRUE(controller().setDocument(*loaded.document, &error)) << error.toStdString();
        for (const auto& car : editor::preview::defaultField(2)) controller().addCar(car);
        controller().simulateFor(20.0);
        controller().selectCar(-1);
        widget.resize(1100, 700);
        widget.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&widget));
        QTest::qWait(300);
        ASSERT_EQ(controller().cameraMode(), PreviewController::Orbit);
    }
    PreviewController& controller() { return *widget.controller(); }
    QObject* scene(const char* name) { return widget.sceneView()->rootObject()->findChild<QObject*>(QString::fromLatin1(name)); }
    QVariant car(int index, const char* role) {
        auto* model = qobject_cast<QAbstractItemModel*>(controller().carsModel());
        return model->data(model->index(index, 0), model->roleNames().key(role));
    }
    QVector3D carPosition(int index) { return car(index, "position").value<QVector3D>(); }
    /// The car's length in pixels at its true size, seen from the orbit camera (its depth in the view).
    double trueLengthInPixels(int index) {
        QObject* camera = scene("orbitCamera");
        const QVector3D forward = camera->property("forward").value<QVector3D>();
        const float depth = QVector3D::dotProduct(carPosition(index) - camera->property("scenePosition").value<QVector3D>(), forward);
        return static_cast<double>(car(index, "size").value<QVector3D>().x()) * widget.sceneView()->height() / (2.0 * std::tan(3.14159265358979 / 6.0) * depth);
    }
    /// Where `at` (scene frame) shows in the view, in pixels.
    QPointF onScreen(QVector3D at) {
        QVector3D seen;
        QMetaObject::invokeMethod(scene("view3d"), "mapFrom3DScene", Q_RETURN_ARG(QVector3D, seen), Q_ARG(QVector3D, at));
        return {seen.x(), seen.y()};
    }
    /// One notch of the wheel at the view's centre: up (in) or down (out).
    void wheel(bool in) {
        QQuickWidget* view = widget.sceneView();
        const QPointF centre(view->width() / 2.0, view->height() / 2.0);
        QWheelEvent event(centre, view->mapToGlobal(centre), QPoint(), QPoint(0, in ? 120 : -120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(view, &event);
        QTest::qWait(10);
    }
    float distance() { return scene("orbitCamera")->property("z").toFloat(); }
    /// Car `index` as drawn now: what changes on screen when it is hidden.
    Shape drawn(int index) {
        QObject* model = nullptr;
        for (QObject* car : widget.sceneView()->rootObject()->findChildren<QObject*>(QStringLiteral("carModel")))
            if (car->property("carIndex").toInt() == index) model = car;
        EXPECT_NE(model, nullptr) << "no CarModel of car " << index + 1;
        if (!model) return {};
        QTest::qWait(150);
        const QImage with = widget.grabScene().convertToFormat(QImage::Format_RGB32);
        model->setProperty("visible", false);
        QTest::qWait(150);
        const QImage without = widget.grabScene().convertToFormat(QImage::Format_RGB32);
        model->setProperty("visible", true);
        EXPECT_EQ(with.size(), widget.sceneView()->size());
        return changedPixels(with, without, onScreen(carPosition(index)), with.height() / 2.0);
    }
    PreviewWidget widget;
};

TEST_F(ZoomedPreview, ACarReadsAsACarSeenWholeZoomedInAndZoomedOutAgain) {
    const float framed = distance();
    // Seen whole, each car a pixel long at its true size: drawn about carMinPixels long, longer
    // than wide as a car is, and no larger than it takes to show.
    for (int index : {0, 1}) {
        ASSERT_LT(trueLengthInPixels(index), 3.0) << "car " << index + 1 << " is far enough to need enlarging";
        const Shape far = drawn(index);
        EXPECT_GE(far.length, 0.75 * kCarMinPixels) << "car " << index + 1 << " hardly shows";
        EXPECT_LE(far.length, 1.5 * kCarMinPixels) << "car " << index + 1 << " is larger than it takes to show";
        EXPECT_GE(far.length, 1.4 * far.width) << "car " << index + 1 << " is a disc, " << far.length << " by " << far.width << " px";
    }

    // Over car 1, as a designer pans to it, and in until it is some 70 pixels long.
    scene("orbitOrigin")->setProperty("position", carPosition(0));
    while (distance() > 40.0f) wheel(true);
    const double trueLength = trueLengthInPixels(0);
    ASSERT_GT(trueLength, 50.0);
    const Shape near = drawn(0);
    // Its true size: as long as the car (its roof and side seen from 60 deg up add a little).
    EXPECT_LE(near.length, 1.3 * trueLength) << "the car is drawn larger than it is";
    EXPECT_GE(near.length, 0.7 * trueLength);
    EXPECT_GE(near.length, 1.4 * near.width) << "a disc, " << near.length << " by " << near.width << " px";

    // And out again past the whole track: small again, still a car.
    while (distance() < framed) wheel(false);
    const Shape again = drawn(0);
    EXPECT_GE(again.length, 0.75 * kCarMinPixels);
    EXPECT_LE(again.length, 1.5 * kCarMinPixels);
    EXPECT_GE(again.length, 1.4 * again.width) << "a disc, " << again.length << " by " << again.width << " px";
}

} // namespace
