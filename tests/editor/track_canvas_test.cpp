#include "editor/track_canvas.h"

#include "tests/support/test_tracks.h"

#include <QApplication>
#include <QImage>
#include <QMouseEvent>
#include <QTest>
#include <QWheelEvent>

#include <gtest/gtest.h>

namespace {

class TrackCanvasTest : public ::testing::Test {
protected:
    void SetUp() override {
        m_canvas.resize(640, 480);
        m_canvas.setDocument(tw::test::circleTrack(36, 200.0));
        m_canvas.show();
        QApplication::processEvents();
    }

    void sendMouse(QEvent::Type type, QPointF at, Qt::MouseButton button, Qt::MouseButtons buttons) {
        QMouseEvent event(type, at, m_canvas.mapToGlobal(at), button, buttons, Qt::NoModifier);
        QApplication::sendEvent(&m_canvas, &event);
    }

    editor::TrackCanvas m_canvas;
};

TEST_F(TrackCanvasTest, OpensFittedToTheWholeTrack) {
    const QRectF bounds = m_canvas.drawing().bounds;
    for (const QPointF& corner : {bounds.topLeft(), bounds.bottomRight()}) {
        const QPointF p = m_canvas.view().toScreen(corner);
        EXPECT_TRUE(QRectF(m_canvas.rect()).contains(p)) << p.x() << "," << p.y();
    }
}

TEST_F(TrackCanvasTest, DraggingPansByTheDraggedDistance) {
    const QPointF world(200.0, 0.0);
    const QPointF before = m_canvas.view().toScreen(world);
    sendMouse(QEvent::MouseButtonPress, {300, 200}, Qt::LeftButton, Qt::LeftButton);
    sendMouse(QEvent::MouseMove, {320, 210}, Qt::NoButton, Qt::LeftButton);
    sendMouse(QEvent::MouseMove, {350, 190}, Qt::NoButton, Qt::LeftButton);
    sendMouse(QEvent::MouseButtonRelease, {350, 190}, Qt::LeftButton, Qt::NoButton);
    const QPointF after = m_canvas.view().toScreen(world);
    EXPECT_NEAR(after.x() - before.x(), 50.0, 1e-9);
    EXPECT_NEAR(after.y() - before.y(), -10.0, 1e-9);
    // Moving without a button only reports the cursor.
    sendMouse(QEvent::MouseMove, {10, 10}, Qt::NoButton, Qt::NoButton);
    EXPECT_EQ(m_canvas.view().toScreen(world), after);
}

TEST_F(TrackCanvasTest, WheelZoomsAboutTheCursor) {
    const QPointF cursor(500.0, 120.0);
    const QPointF worldBefore = m_canvas.view().toWorld(cursor);
    const double scaleBefore = m_canvas.view().scale();
    QWheelEvent wheel(cursor, m_canvas.mapToGlobal(cursor), QPoint(), QPoint(0, 240), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(&m_canvas, &wheel);
    EXPECT_NEAR(m_canvas.view().scale(), scaleBefore * 1.44, 1e-9);
    const QPointF worldAfter = m_canvas.view().toWorld(cursor);
    EXPECT_NEAR(worldAfter.x(), worldBefore.x(), 1e-6);
    EXPECT_NEAR(worldAfter.y(), worldBefore.y(), 1e-6);
}

TEST_F(TrackCanvasTest, KeyFFitsAgainAfterPanningAndZooming) {
    const double fittedScale = m_canvas.view().scale();
    const QPointF fittedOrigin = m_canvas.view().origin();
    QTest::keyClick(&m_canvas, Qt::Key_Plus);
    sendMouse(QEvent::MouseButtonPress, {100, 100}, Qt::MiddleButton, Qt::MiddleButton);
    sendMouse(QEvent::MouseMove, {180, 20}, Qt::NoButton, Qt::MiddleButton);
    sendMouse(QEvent::MouseButtonRelease, {180, 20}, Qt::MiddleButton, Qt::NoButton);
    ASSERT_NE(m_canvas.view().scale(), fittedScale);
    QTest::keyClick(&m_canvas, Qt::Key_F);
    EXPECT_DOUBLE_EQ(m_canvas.view().scale(), fittedScale);
    EXPECT_EQ(m_canvas.view().origin(), fittedOrigin);
}

TEST_F(TrackCanvasTest, PaintsTarmacOnTheTrackAndBackgroundAwayFromIt) {
    // Zoom onto the outer half of the tarmac at 180 degrees, where the racing line runs on the
    // centre line and no marker sits.
    const QPointF probe(-203.0, 0.0);
    QWheelEvent wheel(m_canvas.view().toScreen(probe), m_canvas.mapToGlobal(m_canvas.view().toScreen(probe)), QPoint(),
                      QPoint(0, 12 * 120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(&m_canvas, &wheel);
    const QImage image = m_canvas.grab().toImage();
    const QColor background = image.pixelColor(m_canvas.view().toScreen({-185.0, 0.0}).toPoint());
    const QColor tarmac = image.pixelColor(m_canvas.view().toScreen(probe).toPoint());
    EXPECT_NE(background, tarmac);
    EXPECT_EQ(background, QColor(38, 42, 38));
    EXPECT_NEAR(tarmac.red(), 96, 12);
    EXPECT_NEAR(tarmac.blue(), 106, 12);
}

TEST(TrackDrawing, BranchSurfacesReachTheirForkAndJoinNodes) {
    formats::TrackDocument doc = tw::test::circleTrack(24, 60.0);
    formats::TrackNode pit = doc.nodes[0];
    pit.position = {80.0, 10.0, 0.0};
    doc.nodes.push_back(pit);
    pit.position = {80.0, 25.0, 0.0};
    doc.nodes.push_back(pit);
    doc.routes.push_back({"pit", false, {24, 25}, formats::RouteAttachment{0, 0}, formats::RouteAttachment{0, 2}});
    const editor::TrackDrawing drawing = editor::buildTrackDrawing(doc);
    ASSERT_EQ(drawing.routes.size(), 2u);
    const QPolygonF& branch = drawing.routes[1].centre;
    ASSERT_EQ(branch.size(), 4);
    EXPECT_EQ(branch.front(), QPointF(60.0, 0.0));
    EXPECT_EQ(branch.back(), QPointF(doc.nodes[2].position.x, doc.nodes[2].position.y));
}

TEST(TrackDrawing, BrokenReferencesAreLeftOutNotDrawnWrongly) {
    formats::TrackDocument doc = tw::test::circleTrack(12, 60.0);
    doc.routes.push_back({"broken", false, {3, 99}, std::nullopt, std::nullopt});
    doc.lines.push_back({"bad", 7, "", {}});
    const editor::TrackDrawing drawing = editor::buildTrackDrawing(doc);
    EXPECT_EQ(drawing.routes.size(), 1u);
    EXPECT_EQ(drawing.lines.size(), 1u);
}

} // namespace
