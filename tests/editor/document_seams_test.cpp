// The seams between one document and the next, and the labels a designer reads (issue 49's list):
// New after a baked track shows none of it, a sketch does not carry into the next file, undo steps
// name their field, a saved untitled track takes its file's name, Save As has its key.
#include "editor/document/live_bake.h"
#include "tests/editor/canvas_session.h"
#include "tests/editor/prompt_script.h"
#include "editor/document/autosave.h"
#include "tests/support/test_tracks.h"

#include "formats/source/track_json.h"

#include <QDoubleSpinBox>
#include <QMenu>
#include <QMenuBar>
#include <QFile>
#include <QFileInfo>
#include <QTest>

#include <fstream>
#include <set>
#include <vector>

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

namespace {

/// Every action of the window's menu bar, menus and submenus included, but for the recent files
/// (a list of the files opened, which opening a file changes).
std::set<QAction*> menuActions(QMenuBar* bar) {
    std::set<QAction*> all;
    std::vector<QMenu*> menus;
    for (QAction* top : bar->actions())
        if (top->menu()) menus.push_back(top->menu());
    while (!menus.empty()) {
        QMenu* menu = menus.back();
        menus.pop_back();
        if (menu->objectName() == "recentFilesMenu") continue;
        for (QAction* a : menu->actions()) {
            all.insert(a);
            if (a->menu()) menus.push_back(a->menu());
        }
    }
    return all;
}

TEST_F(DocumentSeams, TheMenusAreMadeOnceAndUndoFollowsTheOpenTrack) {
    // The Edit menu was rebuilt for every document: a shortcut or toolbar a script had taken from
    // it went stale at the next New.
    const std::set<QAction*> before = menuActions(window->menuBar());
    QAction* undoAction = window->findChild<QAction*>("actionUndo");
    ASSERT_NE(undoAction, nullptr);
    ASSERT_TRUE(window->openFile(writeCircle("circle.twtrack")));
    window->selection()->set({3});
    window->findChild<QDoubleSpinBox*>("property3")->setValue(6.5);
    ASSERT_TRUE(undoAction->isEnabled());
    EXPECT_EQ(undoAction->text(), "&Undo Edit Left tarmac");
    ASSERT_TRUE(window->newTrack(true));
    EXPECT_FALSE(undoAction->isEnabled()) << "a new track has nothing to undo";
    ASSERT_TRUE(window->openFile(writeCircle("other.twtrack")));
    EXPECT_EQ(menuActions(window->menuBar()), before) << "the same actions, not new ones";
    EXPECT_EQ(window->findChild<QAction*>("actionUndo"), undoAction);
    window->selection()->set({5});
    window->findChild<QDoubleSpinBox*>("property3")->setValue(7.0);
    undoAction->trigger();
    EXPECT_DOUBLE_EQ(track().nodes[5].left.track, tw::test::circleTrack(48, 80.0).nodes[5].left.track) << "Undo undid the open track's edit";
}

} // namespace

namespace {

TEST_F(DocumentSeams, RevertAsksThenGoesBackToTheFileAsItIsOnDisk) {
    const QString path = writeCircle("circle.twtrack");
    ASSERT_TRUE(window->openFile(path));
    const formats::TrackDocument onDisk = track();
    window->selection()->set({3});
    window->findChild<QDoubleSpinBox*>("property3")->setValue(6.5);
    ASSERT_TRUE(window->editorDocument()->isModified());
    {
        PromptScript cancel({"Cancel"});
        action("actionRevert");
        ASSERT_EQ(cancel.asked().size(), 1u);
        EXPECT_TRUE(cancel.asked()[0].text.contains("circle.twtrack")) << cancel.asked()[0].text.toStdString();
        EXPECT_DOUBLE_EQ(track().nodes[3].left.track, 6.5) << "Cancel keeps the work";
    }
    PromptScript revert({"Revert"});
    action("actionRevert");
    ASSERT_EQ(revert.asked().size(), 1u);
    EXPECT_EQ(track(), onDisk);
    EXPECT_FALSE(window->editorDocument()->isModified());
    EXPECT_EQ(window->filePath(), QFileInfo(path).absoluteFilePath());
    EXPECT_FALSE(window->autosave()->saveNow() && QFileInfo::exists(window->autosave()->recoveryFile())) << "nothing left to recover";

    // A track never saved has no file to go back to.
    ASSERT_TRUE(window->newTrack(true));
    EXPECT_FALSE(window->revert(true));
}

} // namespace
