// Marker labels on the canvas: a row of pit boxes 15 m apart, zoomed out, must not pile its labels
// into an unreadable smear; zoomed in, every box is labelled.
#include "tests/editor/canvas_session.h"
#include "tests/editor/figure_eight.h"

#include "tests/support/test_tracks.h"

#include <QApplication>

namespace {

using MarkerLabels = tw::test::CanvasSession;

TEST_F(MarkerLabels, LabelsThatWouldOverlapAreLeftOutUntilZoomedIn) {
    formats::TrackDocument track = tw::test::circleTrack(96, 200.0);  // nodes 13 m apart
    for (std::uint32_t i = 10; i < 25; ++i) track.markers.push_back({"pit-box", i, "box " + std::to_string(i - 9)});
    const QString file = dir.filePath("boxes.twtrack");
    ASSERT_TRUE(tw::test::writeTrack(file, track));
    ASSERT_TRUE(window->openFile(file));

    canvas()->frameNodes({0, 48}, 30.0);  // the whole circle, 400 m across
    canvas()->grab();
    const QStringList zoomedOut = canvas()->markerLabelsShown();
    EXPECT_GE(zoomedOut.size(), 2);
    EXPECT_LT(zoomedOut.size(), 15) << "15 labels 13 m apart cannot all fit at this scale";

    canvas()->frameNodes({16, 17}, 10.0);  // two boxes, a few tens of metres across
    canvas()->grab();
    const QStringList zoomedIn = canvas()->markerLabelsShown();
    EXPECT_TRUE(zoomedIn.contains("box 7")) << zoomedIn.join(", ").toStdString();
    EXPECT_TRUE(zoomedIn.contains("box 8")) << zoomedIn.join(", ").toStdString();
}

} // namespace
