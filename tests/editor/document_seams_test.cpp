// The seams between one document and the next, and the labels a designer reads (issue 49's list):
// New after a baked track shows none of it, a sketch does not carry into the next file, undo steps
// name their field, a saved untitled track takes its file's name, Save As has its key.
#include "editor/document/live_bake.h"
#include "tests/editor/canvas_session.h"
#include "tests/support/test_tracks.h"

#include "formats/source/track_json.h"

#include <QDoubleSpinBox>
#include <QFile>
#include <QTest>

#include <fstream>

namespace {

class DocumentSeams : public tw::test::CanvasSession {
protected:
    QString writeCircle(const QString& name) {
        const QString path = dir.filePath(name);
        std::ofstream(path.toStdString()) << formats::writeTrackJson(tw::test::circleTrack(48, 80.0));
        return path;
    }
};

TEST_F(DocumentSeams, ANewTrackShowsNoneOfTheLastOnesBake) {
    ASSERT_TRUE(window->openFile(writeCircle("circle.twtrack")));
    window->liveBake()->waitForIdle();
    ASSERT_FALSE(canvas()->gridSlotsShown().empty()) << "the circle's grid is drawn from its bake";
    ASSERT_TRUE(window->newTrack(true));
    window->liveBake()->waitForIdle();
    EXPECT_TRUE(canvas()->gridSlotsShown().empty()) << "a blank track shows the old track's start and grid";
    EXPECT_EQ(window->liveBake()->latest(), nullptr);
}

TEST_F(DocumentSeams, ASketchUnderWayDoesNotCarryIntoTheNextFile) {
    ASSERT_TRUE(window->newTrack(true));
    canvas()->frameWorldRect(QRectF(-100, -100, 200, 200));
    tool("sketch");
    click(canvas()->view().toScreen(QPointF(-50, 0)));
    click(canvas()->view().toScreen(QPointF(0, 30)));
    ASSERT_FALSE(canvas()->tools().find<editor::SketchTool>()->controls().empty());
    ASSERT_TRUE(window->openFile(writeCircle("other.twtrack")));
    EXPECT_TRUE(canvas()->tools().find<editor::SketchTool>()->controls().empty()) << "the last track's control points are gone";
    const std::size_t routes = track().routes.size();
    canvas()->frameWorldRect(QRectF(-100, -100, 200, 200));
    click(canvas()->view().toScreen(QPointF(10, 10)));
    ASSERT_EQ(track().routes.size(), routes + 1);
    EXPECT_EQ(track().routes.back().nodes.size(), 1u) << "a fresh sketch starts at the click, not the old curve carried on";
}

TEST_F(DocumentSeams, AnEditInThePropertiesDockIsNamedForItsField) {
    ASSERT_TRUE(window->openFile(writeCircle("circle.twtrack")));
    window->selection()->set({3});
    auto* box = window->findChild<QDoubleSpinBox*>("property3");
    ASSERT_NE(box, nullptr);
    box->setValue(6.5);
    EXPECT_EQ(undo()->undoText(), "Edit Left tarmac");
}

TEST_F(DocumentSeams, AnUntitledTrackSavedTakesItsFilesNameAndSaveAsHasItsKey) {
    ASSERT_TRUE(window->newTrack(true));
    EXPECT_EQ(track().name, "Untitled");
    QString error;
    const QString path = dir.filePath("ridge_sketch.twtrack");
    ASSERT_TRUE(window->saveTo(path, &error)) << error.toStdString();
    EXPECT_EQ(track().name, "ridge_sketch");
    QFile saved(path);
    ASSERT_TRUE(saved.open(QIODevice::ReadOnly));
    EXPECT_TRUE(saved.readAll().contains("\"name\": \"ridge_sketch\""));
    EXPECT_FALSE(window->editorDocument()->isModified());
    // A named track keeps its name when saved elsewhere.
    ASSERT_TRUE(window->saveTo(dir.filePath("copy.twtrack"), &error));
    EXPECT_EQ(track().name, "ridge_sketch");
    QAction* saveAs = window->findChild<QAction*>("actionSaveAs");
    ASSERT_NE(saveAs, nullptr);
    EXPECT_EQ(saveAs->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
}

} // namespace
