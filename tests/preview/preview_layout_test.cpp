// What a user of the preview relies on for its layout: the orbit camera shows the whole track, a
// real circuit as a road and not a hairline, from any zoom; the HUD never runs off a small view;
// the car table never cuts a choice to an unreadable stub and tells the full text on hover.
#include "editor/preview/orbit_framing.h"
#include "editor/preview/preview_panel.h"
#include "editor/preview/preview_screenshot.h"
#include "editor/preview/preview_widget.h"

#include "formats/source/track_json.h"

#include <QComboBox>
#include <QHeaderView>
#include <QImage>
#include <QQmlContext>
#include <QQmlEngine>
#include <QQmlExpression>
#include <QQuaternion>
#include <QQuickItem>
#include <QQuickWidget>
#include <QSplitter>
#include <QTableWidget>
#include <QTest>
#include <QToolButton>
#include <QWheelEvent>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <optional>

namespace {

using editor::preview::ClipPlanes;
using editor::preview::OrbitFraming;
using editor::preview::PreviewController;
using editor::preview::PreviewWidget;

constexpr float kFov = 60.0f;
/// The ground lies at least this far under the track (PreviewController::groundHeight).
constexpr float kGroundGap = 0.05f;

formats::TrackDocument sample(const std::string& name) {
    auto loaded = formats::loadTrackFile(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/" + name);
    if (!loaded.document) throw std::runtime_error("cannot load " + name);
    return *loaded.document;
}

/// Depth-buffer resolution (24 bits) of a perspective camera at `depth`: finer than the ground's
/// gap under the track, or the ground shows through the road.
float depthStep(const ClipPlanes& planes, float depth) { return depth * depth / (planes.clipNear * 16777216.0f); }

struct Box {
    const char* what;
    QVector3D size;
};

// A kart track, a 4 km circuit and a 6 km one with hills (scene frame: y up).
const Box kBoxes[] = {{"kart", {120, 4, 80}}, {"4 km circuit", {1300, 15, 1000}}, {"Spa-sized", {1270, 100, 2040}}, {"long and thin", {4000, 5, 300}}};

TEST(OrbitFraming, ATallTrackStaysNorthUpAsOnTheCanvas) {
    // 1 km north to south, 100 m wide, in a wide view: turning it 90° would fill more of the view,
    // and lose the designer their bearings (issue 49).
    for (float aspect : {1.6f, 1.0f, 0.6f}) EXPECT_EQ(editor::preview::frameOrbit(QVector3D(100.0f, 10.0f, 1000.0f), aspect, kFov).yawDegrees, 0.0f);
}

TEST(OrbitFraming, EveryCornerOfTheTrackIsInViewAndTheTrackFillsMostOfIt) {
    for (const Box& box : kBoxes) {
        for (float aspect : {1.6f, 1.0f, 0.6f}) {
            SCOPED_TRACE(std::string(box.what) + " aspect " + std::to_string(aspect));
            const OrbitFraming f = editor::preview::frameOrbit(box.size, aspect, kFov);
            EXPECT_GE(f.pitchDegrees, 50.0f) << "looks down steeply, not grazing";
            EXPECT_LE(f.pitchDegrees, 65.0f);
            const float tanV = std::tan(kFov / 2.0f * 3.14159265f / 180.0f), tanH = tanV * aspect;
            float fill = 0.0f;
            for (int corner = 0; corner < 8; ++corner) {
                const QVector3D p((corner & 1 ? 0.5f : -0.5f) * box.size.x(), (corner & 2 ? 0.5f : -0.5f) * box.size.y(),
                                  (corner & 4 ? 0.5f : -0.5f) * box.size.z());
                const QVector3D seen = editor::preview::orbitCameraSpace(f, p);
                ASSERT_GT(seen.z(), 0.0f) << "in front of the camera";
                const float share = std::max(std::abs(seen.x()) / (seen.z() * tanH), std::abs(seen.y()) / (seen.z() * tanV));
                EXPECT_LE(share, 1.0f) << "corner " << corner << " is off screen";
                fill = std::max(fill, share);
            }
            EXPECT_GT(fill, 0.85f) << "the track's box fills most of the view";
        }
    }
}

TEST(OrbitFraming, ClipPlanesHoldTheWholeTrackWithDepthToSpareAtAnyZoom) {
    for (const Box& box : kBoxes) {
        const OrbitFraming framed = editor::preview::frameOrbit(box.size, 1.5f, kFov);
        const QVector3D low = -box.size / 2.0f, high = box.size / 2.0f;
        // As framed, zoomed far in and far out, and panned off to one side.
        for (float zoom : {1.0f, 0.05f, 4.0f}) {
            for (float pan : {0.0f, 0.5f}) {
                SCOPED_TRACE(std::string(box.what) + " zoom " + std::to_string(zoom) + " pan " + std::to_string(pan));
                const QVector3D origin(pan * box.size.x(), 0.0f, 0.0f);
                const QVector3D camera = origin + QQuaternion::fromEulerAngles(-framed.pitchDegrees, framed.yawDegrees, 0.0f)
                                                      .rotatedVector(QVector3D(0.0f, 0.0f, framed.distance * zoom));
                const ClipPlanes planes = editor::preview::orbitClipPlanes(camera, low, high);
                float farthest = 0.0f;
                for (int corner = 0; corner < 8; ++corner) {
                    const QVector3D p(corner & 1 ? high.x() : low.x(), corner & 2 ? high.y() : low.y(), corner & 4 ? high.z() : low.z());
                    farthest = std::max(farthest, (p - camera).length());
                }
                const QVector3D inBox(std::clamp(camera.x(), low.x(), high.x()), std::clamp(camera.y(), low.y(), high.y()),
                                      std::clamp(camera.z(), low.z(), high.z()));
                const float nearest = (camera - inBox).length();
                ASSERT_GT(camera.y(), high.y()) << "above the track";
                EXPECT_GT(planes.clipNear, 0.0f);
                EXPECT_LE(planes.clipNear, nearest / 2.0f) << "the near plane cuts into the track";
                EXPECT_GT(planes.clipFar, farthest * 1.05f) << "the far side of the track is cut off";
                EXPECT_LT(depthStep(planes, farthest), kGroundGap / 2.0f) << "the ground z-fights through the far side of the road";
            }
        }
    }
    // Brought down among the walls: still nothing in front of the camera is cut off.
    const ClipPlanes inside = editor::preview::orbitClipPlanes(QVector3D(10, 1, 0), QVector3D(-500, 0, -500), QVector3D(500, 5, 500));
    EXPECT_LE(inside.clipNear, 0.1f);
    EXPECT_GT(inside.clipFar, 750.0f) << "the far corner is 714 m away";
}

/// The preview of a sample track with two cars, shown at `size`, in the orbit view.
class LaidOutPreview : public ::testing::Test {
protected:
    void show(const std::string& track, QSize size) {
        ASSERT_TRUE(widget.sceneErrors().isEmpty()) << widget.sceneErrors().toStdString();
        QString error;
        ASSERT_TRUE(controller().setDocument(sample(track), &error)) << error.toStdString();
        for (const auto& car : editor::preview::defaultField(2)) controller().addCar(car);
        controller().simulateFor(8.0);
        widget.resize(size);
        widget.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&widget));
        QTest::qWait(300);
    }
    PreviewController& controller() { return *widget.controller(); }
    QQuickItem* root() { return widget.sceneView()->rootObject(); }
    template <typename T = QObject>
    T* scene(const char* name) {
        T* object = root()->findChild<T*>(QString::fromLatin1(name));
        if (!object) ADD_FAILURE() << "no " << name << " in the scene";
        return object;
    }
    /// Evaluates `expression` in the scene's QML with `scope` as `this` (for attached properties).
    QVariant evaluate(QObject* scope, const QString& expression) {
        QQmlExpression e(qmlContext(scope), scope, expression);
        const QVariant value = e.evaluate();
        if (e.hasError()) ADD_FAILURE() << e.error().toString().toStdString();
        return value;
    }
    /// The track's bounding box corners in the scene, as the controller frames it.
    std::vector<QVector3D> trackCorners() {
        std::vector<QVector3D> corners;
        const QVector3D c = controller().sceneCentre(), s = controller().sceneSize() / 2.0f;
        for (int k = 0; k < 8; ++k) corners.push_back(c + QVector3D(k & 1 ? s.x() : -s.x(), k & 2 ? s.y() : -s.y(), k & 4 ? s.z() : -s.z()));
        return corners;
    }
    void expectTheOrbitCameraHoldsTheTrack() {
        QObject* camera = scene("orbitCamera");
        ASSERT_NE(camera, nullptr);
        const QVector3D at = camera->property("scenePosition").value<QVector3D>();
        const ClipPlanes planes{camera->property("clipNear").toFloat(), camera->property("clipFar").toFloat()};
        float farthest = 0.0f;
        for (const QVector3D& corner : trackCorners()) farthest = std::max(farthest, (corner - at).length());
        EXPECT_GT(planes.clipFar, farthest) << "camera at " << at.x() << "," << at.y() << "," << at.z();
        EXPECT_LT(depthStep(planes, farthest), kGroundGap / 2.0f) << "near plane " << planes.clipNear << " m for a track " << farthest << " m away";
    }
    /// `clicks` notches of a mouse wheel over the scene at `at` (the view's centre if none): up
    /// (positive) zooms in.
    void wheel(int clicks, std::optional<QPointF> at = std::nullopt) {
        QQuickWidget* view = widget.sceneView();
        const QPointF cursor = at.value_or(QPointF(view->width() / 2.0, view->height() / 2.0));
        for (int k = 0; k < std::abs(clicks); ++k) {
            QWheelEvent event(cursor, view->mapToGlobal(cursor), QPoint(), QPoint(0, clicks > 0 ? 120 : -120), Qt::NoButton, Qt::NoModifier,
                              Qt::NoScrollPhase, false);
            QApplication::sendEvent(view, &event);
            QTest::qWait(20);
        }
        QTest::qWait(100);
    }
    PreviewWidget widget;
};

bool tarmac(QColor p) {
    return std::abs(p.red() - p.green()) < 10 && std::abs(p.green() - p.blue()) < 14 && p.value() > 40 && p.value() < 200;
}

// A real 5.8 km circuit: the orbit view shows it whole, as a road some pixels wide, not a hairline
// (or nothing) on green.
TEST_F(LaidOutPreview, TheOrbitViewShowsARealCircuitAsARoadAcrossMostOfTheView) {
    show("monza.twtrack", QSize(1100, 700));
    const QImage image = widget.grabScene().convertToFormat(QImage::Format_RGB32);
    ASSERT_FALSE(image.isNull());
    int road = 0, left = image.width(), right = 0, top = image.height(), bottom = 0;
    std::vector<int> runs;  // widths of the road where a row of pixels crosses it
    for (int y = 0; y < image.height(); ++y) {
        int run = 0;
        for (int x = 0; x < image.width(); ++x) {
            if (tarmac(image.pixelColor(x, y))) {
                ++road, ++run;
                left = std::min(left, x), right = std::max(right, x), top = std::min(top, y), bottom = std::max(bottom, y);
            } else if (run > 0) {
                runs.push_back(run);
                run = 0;
            }
        }
    }
    // North up (issue 49): Monza, 2 km tall and 1 km wide, fills the view's height and its road
    // about 0.4 % of the pixels (turned on its side it had 0.5 %).
    ASSERT_GT(road, image.width() * image.height() / 300) << "the road is (almost) invisible";
    std::nth_element(runs.begin(), runs.begin() + static_cast<long>(runs.size() / 2), runs.end());
    EXPECT_GE(runs[runs.size() / 2], 2) << "the road is a hairline";
    EXPECT_GT(std::max(static_cast<double>(right - left) / image.width(), static_cast<double>(bottom - top) / image.height()), 0.7)
        << "the track fills most of the view";
    expectTheOrbitCameraHoldsTheTrack();
}

// OrbitCameraController puts in clip planes of its own whenever the user zooms; ours must win.
TEST_F(LaidOutPreview, ZoomingKeepsTheWholeTrackDrawnAndFrameReturnsToTheWholeTrack) {
    show("monza.twtrack", QSize(1100, 700));
    QObject* camera = scene("orbitCamera");
    ASSERT_NE(camera, nullptr);
    const float framed = camera->property("z").toFloat();
    wheel(-6);  // out

    EXPECT_GT(camera->property("z").toFloat(), framed * 1.3f) << "the wheel zooms";
    expectTheOrbitCameraHoldsTheTrack();
    wheel(12);  // in
    EXPECT_LT(camera->property("z").toFloat(), framed);
    expectTheOrbitCameraHoldsTheTrack();
    QTest::mouseClick(widget.panel()->frameButton(), Qt::LeftButton);
    QTest::qWait(100);
    EXPECT_NEAR(camera->property("z").toFloat(), framed, framed * 0.01f);
    expectTheOrbitCameraHoldsTheTrack();
}

// The wheel zooms toward the point under the cursor, as map tools do: a spot on the ground far
// from the view's centre stays under the cursor zooming in and out, and as many notches out as
// in bring the view back.
TEST_F(LaidOutPreview, TheWheelZoomsTowardThePointUnderTheCursor) {
    show("monza.twtrack", QSize(1100, 700));
    QObject* view = scene("view3d");
    QObject* camera = scene("orbitCamera");
    QObject* origin = scene("orbitOrigin");
    ASSERT_TRUE(view && camera && origin);
    const auto toScene = [&](QVector3D at) {
        QVector3D point;
        QMetaObject::invokeMethod(view, "mapTo3DScene", Q_RETURN_ARG(QVector3D, point), Q_ARG(QVector3D, at));
        return point;
    };
    const auto onScreen = [&](QVector3D at) {
        QVector3D seen;
        QMetaObject::invokeMethod(view, "mapFrom3DScene", Q_RETURN_ARG(QVector3D, seen), Q_ARG(QVector3D, at));
        return QPointF(seen.x(), seen.y());
    };
    const QPointF cursor(view->property("width").toDouble() * 0.8, view->property("height").toDouble() * 0.25);
    // The ground under the cursor by Qt Quick 3D's own mapping: the cursor's ray (two points on it)
    // met with the level of the pivot, the track's middle.
    const QVector3D pivot = origin->property("position").value<QVector3D>();
    const QVector3D a = toScene(QVector3D(static_cast<float>(cursor.x()), static_cast<float>(cursor.y()), 0.0f));
    const QVector3D b = toScene(QVector3D(static_cast<float>(cursor.x()), static_cast<float>(cursor.y()), 100.0f));
    const QVector3D ground = a + (b - a) * ((pivot.y() - a.y()) / (b.y() - a.y()));
    const float framed = camera->property("z").toFloat();

    wheel(5, cursor);
    EXPECT_NEAR(camera->property("z").toFloat(), framed * std::pow(0.88f, 5.0f), framed * 1e-3f) << "the wheel zooms in";
    const QPointF in = onScreen(ground);
    EXPECT_LT(std::hypot(in.x() - cursor.x(), in.y() - cursor.y()), 1.5) << "the ground point under the cursor moved to " << in.x() << "," << in.y();
    EXPECT_GT((origin->property("position").value<QVector3D>() - pivot).length(), 0.1f * framed) << "the pivot moved toward the cursor";
    expectTheOrbitCameraHoldsTheTrack();

    wheel(-5, cursor);
    EXPECT_NEAR(camera->property("z").toFloat(), framed, framed * 1e-3f);
    EXPECT_LT((origin->property("position").value<QVector3D>() - pivot).length(), framed * 1e-3f) << "back where it was";
    const QPointF out = onScreen(ground);
    EXPECT_LT(std::hypot(out.x() - cursor.x(), out.y() - cursor.y()), 1.5);
}

TEST_F(LaidOutPreview, TheHudStaysInsideASmallViewAndKeepsEveryFigureWhole) {
    show("kart.twtrack", QSize(400, 300));
    QQuickItem* box = scene<QQuickItem>("hudBox");
    QQuickItem* hud = scene<QQuickItem>("hudText");
    QQuickItem* status = scene<QQuickItem>("statusText");
    ASSERT_TRUE(box && hud && status);
    ASSERT_TRUE(box->isVisible());
    const QRectF view(0, 0, root()->width(), root()->height());
    ASSERT_LE(view.width(), 330.0) << "the view is as small as a small dock makes it";
    for (QQuickItem* item : {box, hud, status}) {
        const QRectF rect = item->mapRectToItem(root(), QRectF(0, 0, item->width(), item->height()));
        EXPECT_TRUE(view.contains(rect)) << item->objectName().toStdString() << " runs off the view";
    }
    for (QQuickItem* text : {hud, status}) {
        EXPECT_FALSE(text->property("truncated").toBool()) << text->objectName().toStdString();
        EXPECT_LE(text->property("contentWidth").toReal(), text->width() + 0.5) << text->objectName().toStdString();
    }
    EXPECT_GT(hud->property("lineCount").toInt(), 4) << "the HUD wraps";
    EXPECT_NE(controller().hudText().indexOf("ideal"), -1);
}

TEST_F(LaidOutPreview, ATinyViewElidesTheHudAndTellsItAllInATooltip) {
    show("kart.twtrack", QSize(1100, 700));
    QQuickItem* box = scene<QQuickItem>("hudBox");
    QQuickItem* hud = scene<QQuickItem>("hudText");
    QQuickItem* status = scene<QQuickItem>("statusText");
    ASSERT_TRUE(box && hud && status);
    EXPECT_FALSE(hud->property("truncated").toBool()) << "room for everything";
    EXPECT_EQ(hud->property("lineCount").toInt(), 4) << "one line per row of figures";

    // Smaller than the widget lets the view become: only the scene's root shrinks.
    root()->setSize(QSizeF(150, 90));
    QTest::qWait(50);
    const QRectF view(0, 0, 150, 90);
    for (QQuickItem* item : {box, hud, status}) {
        const QRectF rect = item->mapRectToItem(root(), QRectF(0, 0, item->width(), item->height()));
        EXPECT_TRUE(view.contains(rect)) << item->objectName().toStdString() << " runs off the view";
    }
    EXPECT_TRUE(hud->property("truncated").toBool());
    EXPECT_EQ(evaluate(box, "ToolTip.text").toString(), controller().hudText()) << "the tooltip has all of it";
    EXPECT_TRUE(status->property("truncated").toBool());
    EXPECT_EQ(evaluate(status, "ToolTip.text").toString(), controller().statusText());
}

TEST_F(LaidOutPreview, TheCarTableShowsEveryChoiceWholeAndTellsItInATooltip) {
    show("kart.twtrack", QSize(600, 400));
    // A narrow panel, as beside a small docked preview.
    auto* splitter = qobject_cast<QSplitter*>(widget.panel()->parentWidget());
    ASSERT_NE(splitter, nullptr);
    splitter->setSizes({360, 240});
    QTest::qWait(50);
    ASSERT_LE(widget.panel()->width(), 300);
    QTableWidget* table = widget.panel()->carTable();
    ASSERT_EQ(table->rowCount(), 2);
    auto* follower = qobject_cast<QComboBox*>(table->cellWidget(1, 2));
    ASSERT_NE(follower, nullptr);
    follower->setCurrentText("predictive");
    QTest::qWait(50);
    for (int column = 0; column < table->columnCount(); ++column) {
        const QString header = table->horizontalHeaderItem(column)->text();
        EXPECT_FALSE(table->horizontalHeaderItem(column)->toolTip().isEmpty()) << header.toStdString();
        EXPECT_GE(table->horizontalHeader()->sectionSize(column), table->horizontalHeader()->fontMetrics().horizontalAdvance(header))
            << header.toStdString() << ": the header is cut";
        for (int row = 0; row < table->rowCount(); ++row) {
            auto* box = qobject_cast<QComboBox*>(table->cellWidget(row, column));
            ASSERT_NE(box, nullptr);
            const QString tip = table->model()->index(row, column).data(Qt::ToolTipRole).toString();
            EXPECT_NE(tip.indexOf(box->currentText()), -1) << "row " << row << " " << header.toStdString() << ": " << tip.toStdString();
            EXPECT_GE(table->horizontalHeader()->sectionSize(column), box->sizeHint().width()) << box->currentText().toStdString() << " is cut";
        }
    }
    EXPECT_NE(table->model()->index(1, 2).data(Qt::ToolTipRole).toString().indexOf("predictive"), -1) << "the tooltip follows a change";
    QTableWidget* metrics = widget.panel()->metricsTable();
    for (int column = 0; column < metrics->columnCount(); ++column)
        EXPECT_FALSE(metrics->model()->headerData(column, Qt::Horizontal, Qt::ToolTipRole).toString().isEmpty()) << column;
}

} // namespace
