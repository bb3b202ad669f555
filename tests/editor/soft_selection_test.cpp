// Editing that shapes, not spikes (issue 49): with a falloff, a dragged node and a pulled width
// handle carry their neighbours along the track, less the farther they are; Select Along Route
// turns two picks into the run between them.
#include "editor/docks/properties_dock.h"
#include "editor/document/editor_document.h"
#include "tests/editor/canvas_session.h"
#include "tests/support/test_tracks.h"

#include "formats/source/track_json.h"

#include <QDoubleSpinBox>
#include <QStatusBar>

#include <cmath>
#include <fstream>
#include <numbers>

namespace {

class SoftSelection : public tw::test::CanvasSession {
protected:
    void SetUp() override {
        CanvasSession::SetUp();
        // A 600 m circle, a node every ~10 m: gentle everywhere.
        openDocument(tw::test::circleTrack(190, 300.0));
        falloff = window->findChild<QDoubleSpinBox*>("softFalloff");
        ASSERT_NE(falloff, nullptr);
    }
    void TearDown() override { falloff->setValue(0.0); }  // the box's value is kept in the settings
    double moved(std::uint32_t node, const formats::TrackDocument& before) {
        return std::hypot(track().nodes[node].position.x - before.nodes[node].position.x, track().nodes[node].position.y - before.nodes[node].position.y);
    }
    QDoubleSpinBox* falloff = nullptr;
};

TEST_F(SoftSelection, ADraggedNodeCarriesItsNeighboursLessTheFartherTheyAre) {
    falloff->setValue(50.0);
    canvas()->frameNodes({100}, 40.0);
    tool("select");
    const formats::TrackDocument before = track();
    const formats::Vec2 p = before.nodes[100].position.ground();
    const double out = 8.0 / std::hypot(p.x, p.y);
    drag(canvas()->nodeOnScreen(100), canvas()->view().toScreen(QPointF(p.x * (1.0 + out), p.y * (1.0 + out))));
    EXPECT_NEAR(moved(100, before), 8.0, 0.5);
    // Neighbours ~10, ~20, ~40 m away follow by less and less; ~60 m away not at all.
    EXPECT_GT(moved(99, before), moved(98, before));
    EXPECT_GT(moved(98, before), moved(96, before));
    EXPECT_GT(moved(96, before), 0.0);
    EXPECT_NEAR(moved(101, before), moved(99, before), 0.05) << "symmetric along the track";
    EXPECT_EQ(moved(94, before), 0.0);
    EXPECT_EQ(undo()->count(), 1) << "one drag, one undo step";
    // No spike for validation to flag: the road bends smoothly.
    window->editorDocument()->validateNow();
    for (const formats::Diagnostic& d : window->editorDocument()->diagnostics()) EXPECT_NE(d.code, "kink") << d.message;
}

TEST_F(SoftSelection, APulledTarmacHandleTapersInAndOut) {
    falloff->setValue(40.0);
    canvas()->frameNodes({60}, 25.0);
    tool("select");
    click(canvas()->nodeOnScreen(60));
    const QPointF handle = canvas()->widthHandleOnScreen(60, true, 0), centre = canvas()->nodeOnScreen(60);
    drag(handle, centre + (handle - centre) * (8.0 / track().nodes[60].left.track));
    EXPECT_NEAR(track().nodes[60].left.track, 8.0, 0.3);
    EXPECT_GT(track().nodes[59].left.track, track().nodes[58].left.track);
    EXPECT_GT(track().nodes[58].left.track, 5.0);
    EXPECT_NEAR(track().nodes[65].left.track, 5.0, 1e-9) << "beyond the falloff the road is as it was";
    window->editorDocument()->validateNow();
    for (const formats::Diagnostic& d : window->editorDocument()->diagnostics()) EXPECT_NE(d.code, "width-rate") << d.message;
}

TEST_F(SoftSelection, ABankingTypedInRampsInAndOutAlongTheTrack) {
    falloff->setValue(40.0);
    window->selection()->set({80});
    auto* banking = window->findChild<QDoubleSpinBox*>(QStringLiteral("property%1").arg(editor::PropertiesDock::Banking));
    ASSERT_NE(banking, nullptr);
    banking->setValue(8.0);
    const auto degrees = [&](std::uint32_t n) { return track().nodes[n].banking * 180.0 / std::numbers::pi; };
    EXPECT_NEAR(degrees(80), 8.0, 1e-9);
    EXPECT_GT(degrees(79), degrees(78));
    EXPECT_GT(degrees(78), degrees(77));
    EXPECT_GT(degrees(77), 0.0);
    EXPECT_NEAR(degrees(81), degrees(79), 1e-6) << "symmetric along the track";
    EXPECT_NEAR(degrees(85), 0.0, 1e-12) << "beyond the falloff the road is as it was";
    EXPECT_EQ(undo()->count(), 1) << "one edit, one undo step";
    window->editorDocument()->validateNow();
    for (const formats::Diagnostic& d : window->editorDocument()->diagnostics()) EXPECT_NE(d.code, "banking-rate") << d.message;
    // Without a falloff the selected node alone, as before.
    falloff->setValue(0.0);
    window->selection()->set({150});
    banking->setValue(4.0);
    EXPECT_NEAR(degrees(150), 4.0, 1e-9);
    EXPECT_EQ(degrees(149), 0.0);
}

TEST_F(SoftSelection, SelectAlongRouteFillsTheRunBetweenTwoPicks) {
    window->selection()->set({20, 35});
    action("actionSelectAlongRoute");
    std::set<std::uint32_t> run;
    for (std::uint32_t n = 20; n <= 35; ++n) run.insert(n);
    EXPECT_EQ(window->selection()->nodes(), run);
    // Across the start line of the loop: the short way round.
    window->selection()->set({185, 4});
    action("actionSelectAlongRoute");
    EXPECT_EQ(window->selection()->nodes().size(), 10u);
    EXPECT_TRUE(window->selection()->contains(188) && window->selection()->contains(0) && window->selection()->contains(4));
    // One node alone: nothing to fill, and the status bar says why.
    window->selection()->set({7});
    action("actionSelectAlongRoute");
    EXPECT_EQ(window->selection()->nodes(), std::set<std::uint32_t>{7});
    EXPECT_TRUE(window->statusBar()->currentMessage().contains("select")) << window->statusBar()->currentMessage().toStdString();
}

} // namespace
