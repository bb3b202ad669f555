// The designer's race data driven through the real widgets: zones made from a selection on the
// canvas with Track ▸ Add Overtaking Zone, edited and deleted in the Zones dock, the race settings
// dialog accepted and cancelled; each edit one undo step; zones drawn and kept through structural
// edits; the grid drawn where the runtime puts the cars.
#include "tests/editor/canvas_session.h"

#include "editor/docks/zones_dock.h"
#include "editor/document/live_bake.h"
#include "editor/document/track_edits.h"
#include "editor/document/zone_edits.h"
#include "editor/race_settings_dialog.h"

#include "formats/source/track_json.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QMenuBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTest>
#include <QTreeWidget>

#include <gtest/gtest.h>

namespace {

const QString kSamples = TRACKWRIGHT_SAMPLES_DIR;

class RaceData : public tw::test::CanvasSession {
protected:
    QAction* named(const char* name) { return window->findChild<QAction*>(name); }
    /// Clicks `first`, then shift-clicks the others, as a designer picks nodes on the canvas.
    void pick(const std::vector<std::uint32_t>& nodes) {
        canvas()->frameNodes(std::set<std::uint32_t>(nodes.begin(), nodes.end()), 20.0);
        QApplication::processEvents();
        tool("select");
        window->selection()->clear();  // a click on a node already selected keeps the selection (to drag it)
        click(canvas()->nodeOnScreen(nodes.front()));
        for (std::size_t i = 1; i < nodes.size(); ++i) {
            mouse(QEvent::MouseButtonPress, canvas()->nodeOnScreen(nodes[i]), Qt::LeftButton, Qt::ShiftModifier);
            mouse(QEvent::MouseButtonRelease, canvas()->nodeOnScreen(nodes[i]), Qt::NoButton, Qt::ShiftModifier);
        }
    }
    editor::ZonesDock* dock() { return window->zonesDock(); }
};

TEST_F(RaceData, TheTrackMenuOffersZonesAndRaceSettings) {
    ASSERT_TRUE(window->openFile(kSamples + "/kart.twtrack"));
    QStringList menus;
    for (QAction* a : window->menuBar()->actions()) menus << a->text().remove('&');
    EXPECT_EQ(menus.indexOf("Track"), menus.indexOf("Edit") + 1) << menus.join(", ").toStdString();
    for (const char* name : {"actionAddOvertakingZone", "actionAddNoOvertakingZone", "actionRaceSettings"}) EXPECT_NE(named(name), nullptr) << name;
    // Nothing selected: the zone actions are off and say what to select.
    EXPECT_FALSE(named("actionAddOvertakingZone")->isEnabled());
    EXPECT_TRUE(named("actionAddOvertakingZone")->toolTip().contains("select two or more nodes of one route")) << named("actionAddOvertakingZone")->toolTip().toStdString();
    EXPECT_TRUE(named("actionRaceSettings")->isEnabled());
}

TEST_F(RaceData, AZoneFromTheSelectedNodesIsOneUndoStep) {
    ASSERT_TRUE(window->openFile(kSamples + "/kart.twtrack"));
    const std::string original = formats::writeTrackJson(track());
    const std::vector<std::uint32_t> main = track().routes[0].nodes;
    // Picked out of order: the zone runs from the first to the last in driving order.
    pick({main[24], main[12], main[18]});
    ASSERT_EQ(window->selection()->nodes().size(), 3u);
    ASSERT_TRUE(named("actionAddOvertakingZone")->isEnabled()) << named("actionAddOvertakingZone")->toolTip().toStdString();
    const int steps = undo()->count();
    named("actionAddOvertakingZone")->trigger();
    ASSERT_EQ(track().zones.size(), 1u);
    EXPECT_EQ(track().zones[0], (formats::Zone{"overtaking", main[12], main[24], "both"}));
    EXPECT_EQ(undo()->count(), steps + 1);
    EXPECT_TRUE(formats::validate(track()).empty()) << formats::validate(track()).front().message;
    // Drawn on both edges (both sides allowed), and listed in the dock.
    ASSERT_EQ(canvas()->drawing().zones.size(), 1u);
    EXPECT_EQ(canvas()->drawing().zones[0].leftEdge.size(), 13);
    EXPECT_EQ(canvas()->drawing().zones[0].rightEdge.size(), 13);
    EXPECT_EQ(dock()->list()->topLevelItemCount(), 1);

    // Across the start line: the zone starts after the longest gap, so it runs over the line.
    pick({main[130], main[2], main[133]});
    named("actionAddNoOvertakingZone")->trigger();
    ASSERT_EQ(track().zones.size(), 2u);
    EXPECT_EQ(track().zones[1], (formats::Zone{"no-overtaking", main[130], main[2], ""}));
    EXPECT_TRUE(canvas()->drawing().zones[1].noOvertaking);

    undo()->undo();
    undo()->undo();
    EXPECT_TRUE(track().zones.empty());
    EXPECT_EQ(formats::writeTrackJson(track()), original) << "back to the file's bytes, no \"zones\" key";
    undo()->redo();
    EXPECT_EQ(track().zones.size(), 1u);
}

TEST_F(RaceData, ABadSelectionDisablesTheZoneActionsAndSaysWhy) {
    ASSERT_TRUE(window->openFile(kSamples + "/harbour_sprint.twtrack"));
    const std::vector<std::uint32_t> main = track().routes[0].nodes, pit = track().routes[1].nodes;
    pick({main[5]});
    EXPECT_FALSE(named("actionAddOvertakingZone")->isEnabled());
    EXPECT_TRUE(named("actionAddNoOvertakingZone")->toolTip().contains("two or more"));
    pick({pit[2], main[40]});
    EXPECT_FALSE(named("actionAddOvertakingZone")->isEnabled());
    EXPECT_TRUE(named("actionAddOvertakingZone")->toolTip().contains("one route")) << named("actionAddOvertakingZone")->toolTip().toStdString();
    EXPECT_FALSE(window->addZoneFromSelection(true)) << "refused when called anyway";
    EXPECT_TRUE(track().zones.empty());
    // Two nodes of the pit lane make a zone on it.
    pick({pit[2], pit[6]});
    EXPECT_EQ(window->selection()->nodes(), (std::set<std::uint32_t>{pit[2], pit[6]}));
    EXPECT_TRUE(named("actionAddNoOvertakingZone")->isEnabled()) << named("actionAddNoOvertakingZone")->toolTip().toStdString();
    named("actionAddNoOvertakingZone")->trigger();
    ASSERT_EQ(track().zones.size(), 1u);
    EXPECT_EQ(track().zones[0].from, pit[2]);
    EXPECT_EQ(track().zones[0].to, pit[6]);
}

TEST_F(RaceData, TheZonesDockEditsAndDeletesEachAsOneUndoStep) {
    ASSERT_TRUE(window->openFile(kSamples + "/kart.twtrack"));
    const std::vector<std::uint32_t> main = track().routes[0].nodes;
    pick({main[10], main[20]});
    named("actionAddOvertakingZone")->trigger();
    ASSERT_EQ(track().zones.size(), 1u);
    dock()->selectZone(0);
    EXPECT_EQ(canvas()->highlightedZone(), 0);
    EXPECT_EQ(window->selection()->nodes().size(), 11u) << "the zone's nodes are selected";
    ASSERT_TRUE(dock()->sidesBox()->isEnabled());
    const int steps = undo()->count();

    // Sides: left only.
    QComboBox* sides = dock()->sidesBox();
    sides->setCurrentIndex(sides->findData(QString("left")));
    emit sides->activated(sides->currentIndex());
    EXPECT_EQ(track().zones[0].sides, "left");
    EXPECT_EQ(undo()->count(), steps + 1);
    ASSERT_EQ(canvas()->drawing().zones.size(), 1u);
    EXPECT_TRUE(canvas()->drawing().zones[0].rightEdge.isEmpty()) << "drawn on the left edge only";

    // The end moves on by five nodes.
    dock()->toBox()->setValue(static_cast<int>(main[25]));
    EXPECT_EQ(track().zones[0].to, main[25]);
    EXPECT_EQ(undo()->count(), steps + 2);
    EXPECT_EQ(dock()->currentZone(), 0) << "the edited zone stays selected";

    // Kind: no overtaking, which has no sides.
    QComboBox* kind = dock()->kindBox();
    kind->setCurrentIndex(kind->findData(QString("no-overtaking")));
    emit kind->activated(kind->currentIndex());
    EXPECT_EQ(track().zones[0].kind, "no-overtaking");
    EXPECT_EQ(track().zones[0].sides, "");
    EXPECT_FALSE(dock()->sidesBox()->isEnabled());
    EXPECT_EQ(undo()->count(), steps + 3);
    EXPECT_TRUE(formats::validate(track()).empty());

    // Undo walks back one edit at a time, and the dock follows.
    undo()->undo();
    EXPECT_EQ(track().zones[0].kind, "overtaking");
    EXPECT_EQ(dock()->kindBox()->currentData().toString(), "overtaking");
    undo()->undo();
    EXPECT_EQ(track().zones[0].to, main[20]);
    EXPECT_EQ(dock()->toBox()->value(), static_cast<int>(main[20]));

    QTest::mouseClick(dock()->deleteButton(), Qt::LeftButton);
    EXPECT_TRUE(track().zones.empty());
    EXPECT_EQ(dock()->list()->topLevelItemCount(), 0);
    EXPECT_FALSE(dock()->deleteButton()->isEnabled());
    EXPECT_EQ(canvas()->highlightedZone(), -1);
    undo()->undo();
    EXPECT_EQ(track().zones.size(), 1u);
}

TEST_F(RaceData, RaceSettingsApplyAsOneStepAndCancelChangesNothing) {
    ASSERT_TRUE(window->openFile(kSamples + "/kart.twtrack"));
    const std::string original = formats::writeTrackJson(track());
    window->liveBake()->waitForIdle();
    const std::vector<QPolygonF> gridBefore = canvas()->gridSlotsShown();
    ASSERT_EQ(gridBefore.size(), editor::kShownGridSlots) << "the grid is drawn from the first bake";
    const int steps = undo()->count();

    // Cancel: nothing changes, no undo step.
    editor::RaceSettingsDialog* dialog = window->showRaceSettings();
    ASSERT_NE(dialog, nullptr);
    EXPECT_EQ(dialog->findChild<QDoubleSpinBox*>("stagger")->value(), 8.0) << "opens on the defaults";
    dialog->findChild<QDoubleSpinBox*>("stagger")->setValue(2.0);
    QTest::mouseClick(dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Cancel), Qt::LeftButton);
    EXPECT_FALSE(track().race);
    EXPECT_EQ(undo()->count(), steps);

    // OK unchanged: no edit either, and the file gains no "race".
    dialog = window->showRaceSettings();
    QTest::mouseClick(dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok), Qt::LeftButton);
    EXPECT_EQ(undo()->count(), steps);
    EXPECT_EQ(formats::writeTrackJson(track()), original);

    // OK with every setting changed: one step.
    dialog = window->showRaceSettings();
    QComboBox* yield = dialog->findChild<QComboBox*>("yieldSide");
    yield->setCurrentIndex(yield->findData(QString("left")));
    dialog->findChild<QDoubleSpinBox*>("firstRowGap")->setValue(10.0);
    dialog->findChild<QDoubleSpinBox*>("rowSpacing")->setValue(12.0);
    dialog->findChild<QDoubleSpinBox*>("stagger")->setValue(4.0);
    QComboBox* pole = dialog->findChild<QComboBox*>("poleSide");
    pole->setCurrentIndex(pole->findData(QString("right")));
    dialog->findChild<QDoubleSpinBox*>("pitStopTime")->setValue(6.5);
    QTest::mouseClick(dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok), Qt::LeftButton);
    ASSERT_TRUE(track().race);
    EXPECT_EQ(*track().race, (formats::RaceSettings{"left", {10.0, 12.0, 4.0, "right"}, 6.5}));
    EXPECT_EQ(undo()->count(), steps + 1);

    // The grid moves with the settings once the live bake is in: the pole 4 m further back, on the
    // other side.
    window->liveBake()->waitForIdle();
    QApplication::processEvents();
    const std::vector<QPolygonF> gridAfter = canvas()->gridSlotsShown();
    ASSERT_EQ(gridAfter.size(), editor::kShownGridSlots);
    const auto centre = [](const QPolygonF& p) { return (p[0] + p[2]) / 2.0; };
    EXPECT_GT(QLineF(centre(gridBefore[0]), centre(gridAfter[0])).length(), 4.0);

    undo()->undo();
    EXPECT_FALSE(track().race);
    EXPECT_EQ(formats::writeTrackJson(track()), original);
}

// Structural edits carry the zones with them: a deleted end moves inwards, a reversed route turns
// its zones round (ends swapped, left and right swapped), a resample moves the ends to the nearest
// new nodes.
TEST(ZoneEdits, ZonesFollowDeletesReversesAndResamples) {
    formats::TrackDocument track = *formats::loadTrackFile((kSamples + "/kart.twtrack").toStdString()).document;
    const std::vector<std::uint32_t> main = track.routes[0].nodes;
    track.zones = {{"overtaking", main[10], main[20], "left"}, {"no-overtaking", main[30], main[32], ""}};

    const editor::TrackEdit deleted = editor::deleteNodes(track, {main[10], main[31]});
    ASSERT_TRUE(deleted.track);
    ASSERT_EQ(deleted.track->zones.size(), 2u);
    // Node indices above a deleted one move down by one for each deleted before them.
    EXPECT_EQ(deleted.track->zones[0].from, main[11] - 1);
    EXPECT_EQ(deleted.track->zones[0].to, main[20] - 1);
    EXPECT_EQ(deleted.track->zones[1].from, main[30] - 1);
    EXPECT_EQ(deleted.track->zones[1].to, main[32] - 2);
    const editor::TrackEdit shrunk = editor::deleteNodes(track, {main[31], main[32]});
    ASSERT_TRUE(shrunk.track);
    EXPECT_EQ(shrunk.track->zones.size(), 1u) << "a zone left with one node goes";

    const editor::TrackEdit reversed = editor::reverseRoute(track, 0);
    ASSERT_TRUE(reversed.track);
    EXPECT_EQ(reversed.track->zones[0], (formats::Zone{"overtaking", main[20], main[10], "right"}));
    EXPECT_TRUE(formats::validate(*reversed.track).empty());

    const editor::TrackEdit resampled = editor::resampleRoute(track, 0, 4.0);
    ASSERT_TRUE(resampled.track);
    ASSERT_EQ(resampled.track->zones.size(), 2u);
    for (const formats::Diagnostic& d : formats::validate(*resampled.track)) EXPECT_NE(d.code.rfind("zone", 0), 0u) << d.message;
}

} // namespace
