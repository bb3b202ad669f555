// The window's layout as a designer meets it on a laptop (1280×800) and a desktop (1920×1080): the
// canvas and the docked preview both get room, and View ▸ Workspaces ▸ Preview gives the 3D view
// most of the window and Editing gives the docks back.
#include "editor/docks/diagnostics_dock.h"
#include "editor/main_window.h"
#include "editor/canvas/track_canvas.h"
#include "editor/preview/preview_widget.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QQuickWidget>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include <string>

namespace {

class WorkspaceLayout : public ::testing::TestWithParam<QSize> {
protected:
    void SetUp() override {
        // A first start: no layout saved by an earlier session.
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settings.path());
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settings.path());
    }
    QTemporaryDir settings;
};

QSize visibleSize(QWidget* widget) { return widget->isVisible() ? widget->size() : QSize(); }

TEST_P(WorkspaceLayout, TheCanvasAndThePreviewBothGetRoomAndThePreviewWorkspaceGivesTheViewMost) {
    const QSize screen = GetParam();
    QTemporaryDir dir;
    editor::MainWindow window(nullptr, dir.filePath("recovery"));
    ASSERT_TRUE(window.openFile(QString(TRACKWRIGHT_SAMPLES_DIR) + "/monza.twtrack"));
    window.resize(screen);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    QApplication::processEvents();
    // Before the preview: the canvas has most of the window, the diagnostics a strip.
    EXPECT_GT(window.canvas()->width(), screen.width() * 0.65);
    EXPECT_GT(window.canvas()->height(), screen.height() * 0.6);
    EXPECT_LT(window.findChild<editor::DiagnosticsDock*>()->height(), screen.height() * 0.25);

    window.showPreview();
    QApplication::processEvents();
    ASSERT_NE(window.previewWidget(), nullptr);
    const QSize scene = visibleSize(window.previewWidget()->sceneView());
    const QSize canvas = visibleSize(window.canvas());
    EXPECT_GT(scene.width(), screen.width() * 0.55) << "the 3D view is no postage stamp";
    EXPECT_GT(scene.height(), screen.height() * 0.3);
    EXPECT_GT(canvas.width(), screen.width() * 0.6) << "and the canvas keeps room to edit";
    EXPECT_GT(canvas.height(), screen.height() * 0.3);

    window.findChild<QAction*>("actionWorkspacePreview")->trigger();
    QApplication::processEvents();
    EXPECT_EQ(window.workspace(), editor::MainWindow::Workspace::Preview);
    const QSize big = visibleSize(window.previewWidget()->sceneView());
    EXPECT_GT(big.width() * big.height(), 0.45 * screen.width() * screen.height()) << "the preview workspace gives the view most of the window";
    EXPECT_FALSE(window.findChild<QDockWidget*>("propertiesDock")->isVisible());
    EXPECT_TRUE(window.canvas()->isVisible()) << "a strip of canvas stays to see where the cars are";

    window.findChild<QAction*>("actionWorkspaceEditing")->trigger();
    QApplication::processEvents();
    EXPECT_EQ(window.workspace(), editor::MainWindow::Workspace::Editing);
    EXPECT_TRUE(window.findChild<QDockWidget*>("propertiesDock")->isVisible()) << "Editing gives the docks back";
    EXPECT_EQ(visibleSize(window.canvas()), canvas);
}

INSTANTIATE_TEST_SUITE_P(Screens, WorkspaceLayout, ::testing::Values(QSize(1280, 800), QSize(1920, 1080)), [](const ::testing::TestParamInfo<QSize>& screen) {
    return std::to_string(screen.param.width()) + "x" + std::to_string(screen.param.height());
});

} // namespace
