// Editing that shapes, not spikes (issue 49): what a designer's slip of the mouse makes is said at
// once — a node dragged far out of line, a width handle pulled out in one link.
#include "editor/document/editor_document.h"
#include "tests/editor/canvas_session.h"
#include "tests/support/test_tracks.h"

#include "formats/source/track_json.h"

#include <fstream>

namespace {

bool warns(const formats::Diagnostics& diagnostics, const std::string& code, std::uint32_t node) {
    for (const formats::Diagnostic& d : diagnostics)
        if (d.code == code && d.node == node) return true;
    return false;
}

class ShapeWarnings : public tw::test::CanvasSession {
protected:
    void SetUp() override {
        CanvasSession::SetUp();
        // A 600 m circle, a node every ~10 m: gentle everywhere.
        openDocument(tw::test::circleTrack(190, 300.0));
        ASSERT_TRUE(window->editorDocument()->diagnostics().empty());
    }
    const formats::Diagnostics& diagnosticsNow() {
        window->editorDocument()->validateNow();
        return window->editorDocument()->diagnostics();
    }
};

TEST_F(ShapeWarnings, ANodeDraggedOutOfLineIsAKinkAtThatNode) {
    canvas()->frameNodes({40, 41, 42}, 30.0);
    QApplication::processEvents();
    tool("select");
    const QPointF from = canvas()->nodeOnScreen(41);
    const formats::Vec2 p = track().nodes[41].position.ground();
    // 13 m outwards, across the road: the V the designer made.
    const double outwards = 13.0 / std::hypot(p.x, p.y);
    const QPointF to = canvas()->view().toScreen(QPointF(p.x * (1.0 + outwards), p.y * (1.0 + outwards)));
    drag(from, to);
    ASSERT_GT(std::hypot(track().nodes[41].position.x - p.x, track().nodes[41].position.y - p.y), 10.0) << "the node moved";
    EXPECT_TRUE(warns(diagnosticsNow(), "kink", 41));
    undo()->undo();
    EXPECT_FALSE(warns(diagnosticsNow(), "kink", 41));
}

TEST_F(ShapeWarnings, ATarmacHandlePulledOutInOneLinkIsAWidthRateWarning) {
    canvas()->frameNodes({60}, 25.0);
    QApplication::processEvents();
    tool("select");
    click(canvas()->nodeOnScreen(60));
    ASSERT_EQ(window->selection()->nodes(), std::set<std::uint32_t>{60});
    // The left tarmac handle from 5 m to 8 m: its neighbours 10 m away keep 5 m.
    const QPointF handle = canvas()->widthHandleOnScreen(60, true, 0);
    const formats::TrackNode& node = track().nodes[60];
    const QPointF centre = canvas()->nodeOnScreen(60);
    drag(handle, centre + (handle - centre) * (8.0 / node.left.track));
    EXPECT_NEAR(track().nodes[60].left.track, 8.0, 0.3);
    EXPECT_TRUE(warns(diagnosticsNow(), "width-rate", 59) || warns(diagnosticsNow(), "width-rate", 60));
}

} // namespace
