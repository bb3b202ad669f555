#include "editor/canvas/view_transform.h"

#include <gtest/gtest.h>

namespace {

void expectNear(QPointF a, QPointF b, double tolerance = 1e-9) {
    EXPECT_NEAR(a.x(), b.x(), tolerance);
    EXPECT_NEAR(a.y(), b.y(), tolerance);
}

TEST(ViewTransform, WorldYPointsUpOnScreen) {
    editor::ViewTransform view;
    view.fit(QRectF(0.0, 0.0, 100.0, 100.0), QSizeF(200.0, 200.0), 0.0);
    EXPECT_LT(view.toScreen({50.0, 90.0}).y(), view.toScreen({50.0, 10.0}).y());
    expectNear(view.toWorld(view.toScreen({12.5, -7.25})), {12.5, -7.25});
}

TEST(ViewTransform, ZoomKeepsThePointUnderTheCursor) {
    editor::ViewTransform view;
    view.fit(QRectF(-500.0, -300.0, 1000.0, 600.0), QSizeF(800.0, 600.0));
    const QPointF cursor(613.0, 97.0);
    const QPointF before = view.toWorld(cursor);
    view.zoomAbout(cursor, 3.7);
    expectNear(view.toWorld(cursor), before, 1e-6);
    view.zoomAbout(cursor, 0.01);
    expectNear(view.toWorld(cursor), before, 1e-6);
}

TEST(ViewTransform, FitShowsAllOfTheBoundsCentred) {
    editor::ViewTransform view;
    const QRectF bounds(1000.0, -2000.0, 3000.0, 500.0);
    view.fit(bounds, QSizeF(640.0, 480.0), 20.0);
    const QPointF topLeft = view.toScreen(bounds.topLeft());
    const QPointF bottomRight = view.toScreen(bounds.bottomRight());
    for (const QPointF& p : {topLeft, bottomRight}) {
        EXPECT_GE(p.x(), 20.0 - 1e-9);
        EXPECT_LE(p.x(), 620.0 + 1e-9);
        EXPECT_GE(p.y(), 20.0 - 1e-9);
        EXPECT_LE(p.y(), 460.0 + 1e-9);
    }
    expectNear(view.toScreen(bounds.center()), {320.0, 240.0}, 1e-9);
}

TEST(ViewTransform, PanMovesByTheDraggedPixels) {
    editor::ViewTransform view;
    view.fit(QRectF(0.0, 0.0, 10.0, 10.0), QSizeF(100.0, 100.0));
    const QPointF world(3.0, 4.0);
    const QPointF before = view.toScreen(world);
    view.pan({15.0, -8.0});
    expectNear(view.toScreen(world), before + QPointF(15.0, -8.0));
}

} // namespace
