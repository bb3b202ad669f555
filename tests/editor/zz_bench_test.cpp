#include "editor/track_canvas.h"
#include "tests/support/test_tracks.h"
#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QWheelEvent>
#include <gtest/gtest.h>
#include <cstdio>
TEST(Bench, Large) {
    editor::TrackCanvas canvas;
    canvas.resize(1280, 760);
    QElapsedTimer t; t.start();
    canvas.setDocument(tw::test::circleTrack(20000, 3300.0));
    std::printf("setDocument %lld ms\n", (long long)t.elapsed());
    canvas.show();
    QApplication::processEvents();
    for (int notches : {0, 10, 10, 10, 10, 5}) {
        QPointF at = canvas.view().toScreen({3300.0, 0.0});
        if (notches) {
            QWheelEvent wheel(at, canvas.mapToGlobal(at), QPoint(), QPoint(0, notches * 120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
            QApplication::sendEvent(&canvas, &wheel);
        }
        t.restart();
        for (int i = 0; i < 3; ++i) (void)canvas.grab();
        std::printf("scale %.4f px/m: %.1f ms per paint\n", canvas.view().scale(), static_cast<double>(t.elapsed()) / 3.0);
    }
}
