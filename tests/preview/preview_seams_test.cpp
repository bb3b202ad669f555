// The preview and the next document (issue 49): after File ▸ New the preview must not race the
// discarded track.
#include "tests/editor/canvas_session.h"

#include "editor/preview/preview_controller.h"
#include "editor/preview/preview_widget.h"

#include <QTest>

namespace {

class PreviewSeams : public tw::test::CanvasSession {};

TEST_F(PreviewSeams, ANewTrackEmptiesThePreviewAndABakingOneFillsItAgain) {
    const QString sample = QStringLiteral(TRACKWRIGHT_SAMPLES_DIR "/kart.twtrack");
    ASSERT_TRUE(window->openFile(sample));
    window->showPreview();
    ASSERT_NE(window->previewWidget(), nullptr);
    auto& controller = *window->previewWidget()->controller();
    QTest::qWait(200);
    ASSERT_TRUE(controller.simulation().track());
    ASSERT_FALSE(controller.simulation().cars().empty());
    QString error;
    ASSERT_TRUE(controller.startRace({}, &error)) << error.toStdString();

    ASSERT_TRUE(window->newTrack(true));
    EXPECT_FALSE(controller.racing()) << "the race on the discarded track goes";
    EXPECT_EQ(controller.simulation().track(), nullptr);
    EXPECT_TRUE(controller.simulation().cars().empty()) << "no cars lapping the discarded track";

    // Another track that bakes: F5 laps it.
    ASSERT_TRUE(window->openFile(sample));
    window->showPreview();
    EXPECT_TRUE(controller.simulation().track());
    EXPECT_FALSE(controller.simulation().cars().empty());
}

} // namespace
