#include "editor/track_canvas.h"
#include "formats/track_json.h"
#include "tests/support/test_tracks.h"
#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QWheelEvent>
#include <gtest/gtest.h>
#include <cstdio>
static void zoomAt(editor::TrackCanvas& canvas, QPointF world, int notches) {
    QPointF at = canvas.view().toScreen(world);
    QWheelEvent wheel(at, canvas.mapToGlobal(at), QPoint(), QPoint(0, notches * 120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(&canvas, &wheel);
}
TEST(Scratch, Fork) {
    editor::TrackCanvas canvas;
    canvas.resize(1000, 700);
    auto doc = formats::loadTrackFile(TRACKWRIGHT_SAMPLES_DIR "/harbour_sprint.twtrack");
    canvas.setDocument(*doc.document);
    canvas.show();
    QApplication::processEvents();
    zoomAt(canvas, {60.0, -8.0}, 8);
    canvas.grab().save("/tmp/edbuild/harbour_fork.png");
    auto kart = formats::loadTrackFile(TRACKWRIGHT_SAMPLES_DIR "/kart.twtrack");
    canvas.setDocument(*kart.document);
    QApplication::processEvents();
    auto c = tw::test::circleTrack(20000, 3300.0);
    canvas.setDocument(c);
    zoomAt(canvas, {3300.0, 0.0}, 30);
    canvas.grab().save("/tmp/edbuild/circle_zoom.png");
}
TEST(Scratch, Shots) {
    editor::TrackCanvas canvas;
    canvas.resize(1000, 700);
    auto doc = formats::loadTrackFile(TRACKWRIGHT_SAMPLES_DIR "/monza.twtrack");
    canvas.setDocument(*doc.document);
    canvas.show();
    QApplication::processEvents();
    const auto& n = doc.document->nodes[40].position;
    for (int notches : {6, 6, 6}) {
        zoomAt(canvas, {n.x, n.y}, notches);
        canvas.grab().save(QString("/tmp/edbuild/monza_zoom_%1.png").arg(canvas.view().scale(), 0, 'f', 2));
        std::printf("level %zu points %lld\n", canvas.lastPaintStats().level, (long long)canvas.lastPaintStats().points);
    }
}
