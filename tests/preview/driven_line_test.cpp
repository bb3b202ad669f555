// Record a line by driving (issue 49), as a designer does it: F5, Drive, the arrow keys in the 3D
// preview, Drive again, and the path kept as a line of the main route in one undo step; the
// window's one-key shortcuts (A: Add Node) do not fire while the keys drive.
#include "tests/editor/canvas_session.h"
#include "tests/editor/prompt_script.h"

#include "editor/preview/preview_controller.h"
#include "editor/preview/preview_widget.h"

#include <QQuickWidget>
#include <QStatusBar>
#include <QTest>
#include <QToolButton>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace {

class DrivenLine : public tw::test::CanvasSession {};

TEST_F(DrivenLine, TheDesignerDrivesWithTheKeysAndKeepsThePathAsALine) {
    ASSERT_TRUE(window->openFile(QStringLiteral(TRACKWRIGHT_SAMPLES_DIR "/kart.twtrack")));
    window->showPreview();
    ASSERT_NE(window->previewWidget(), nullptr);
    auto& controller = *window->previewWidget()->controller();
    QTest::qWait(200);
    ASSERT_TRUE(controller.simulation().track());
    controller.pause();
    auto* drive = window->findChild<QToolButton*>("driveButton");
    ASSERT_NE(drive, nullptr);
    drive->click();
    ASSERT_TRUE(controller.driving());
    EXPECT_EQ(controller.cameraMode(), editor::preview::PreviewController::Chase) << "the camera rides with the designer's car";
    controller.pause();  // the test's clock, not the frame timer's
    const std::size_t car = *controller.simulation().drivenCar();
    QWidget* scene = window->previewWidget()->sceneView();

    // Full throttle for 3 s, then a touch of left: the car goes, and turns left.
    QTest::keyPress(scene, Qt::Key_Up);
    controller.simulateFor(3.0);
    const trackwright::VehicleState afterThrottle = controller.simulation().cars()[car].car->body().state;
    EXPECT_GT(afterThrottle.speed, 8.0) << "Up is the throttle";
    QTest::keyPress(scene, Qt::Key_Left);
    controller.simulateFor(0.5);
    QTest::keyRelease(scene, Qt::Key_Left);
    const trackwright::VehicleState afterLeft = controller.simulation().cars()[car].car->body().state;
    EXPECT_GT(std::remainder(afterLeft.heading - afterThrottle.heading, 2.0 * std::numbers::pi), 0.02) << "Left steers left";
    // A is Add Node in the window: while driving it is the keys' (steer left), not the tool's.
    QTest::keyClick(scene, Qt::Key_A);
    EXPECT_EQ(canvas()->tools().current()->id(), "select");
    controller.simulateFor(2.0);
    QTest::keyRelease(scene, Qt::Key_Up);
    ASSERT_GT(controller.simulation().drivenPath().size(), 300u);

    // Drive again: the path is offered as a line; kept as the alternate line, one undo step.
    const int undoBefore = undo()->count();
    PromptScript prompts({"Alternate Line"});
    drive->click();
    EXPECT_FALSE(controller.driving());
    QTest::qWait(100);  // the offer comes queued, after the preview has let go of the car
    ASSERT_EQ(prompts.asked().size(), 1u);
    EXPECT_EQ(prompts.asked()[0].objectName, "keepDrivenLineBox");
    ASSERT_EQ(undo()->count(), undoBefore + 1);
    EXPECT_EQ(undo()->undoText(), "Record alternate Line");
    const auto line = std::find_if(track().lines.begin(), track().lines.end(), [](const formats::Line& l) { return l.name == "alternate"; });
    ASSERT_NE(line, track().lines.end());
    EXPECT_EQ(line->route, 0u);
    ASSERT_EQ(line->offsets.size(), track().routes[0].nodes.size());
    const auto reached = std::count_if(line->offsets.begin(), line->offsets.end(), [](double o) { return o != 0.0; });
    EXPECT_GE(reached, 3) << "the nodes the drive passed have the offsets it drove";
    EXPECT_TRUE(window->statusBar()->currentMessage().contains("Recorded the alternate line")) << window->statusBar()->currentMessage().toStdString();
    undo()->undo();
    EXPECT_TRUE(std::none_of(track().lines.begin(), track().lines.end(), [](const formats::Line& l) { return l.name == "alternate"; }));
}

} // namespace
