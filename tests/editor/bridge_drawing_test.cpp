// A track that passes over itself, as the canvas draws it: the bridge deck over the road it crosses
// in every colouring, its shadow on that road, its clearance on hover; a crossing validation flags
// marked with its clearance, and a click on that diagnostic showing it.
#include "tests/editor/canvas_session.h"
#include "tests/editor/figure_eight.h"

#include "editor/canvas/overpass_decks.h"
#include "editor/docks/diagnostics_dock.h"

#include "tests/support/test_tracks.h"

#include <QElapsedTimer>
#include <QListWidget>
#include <QTest>

#include <cmath>
#include <iostream>

namespace {

using BridgeSession = tw::test::CanvasSession;

const double kHalf = std::sqrt(0.5);
// The figure-eight's passes at the crossing (figure_eight.h): A heads north-east, B north-west.
const QPointF kAlongA(kHalf, kHalf), kLeftOfA(-kHalf, kHalf);
const QPointF kAlongB(-kHalf, kHalf), kLeftOfB(-kHalf, -kHalf);

bool white(QColor c) { return c.red() > 190 && c.green() > 190 && c.blue() > 190; }
bool tarmac(QColor c) { return std::abs(c.red() - 96) < 14 && std::abs(c.green() - 99) < 14 && std::abs(c.blue() - 106) < 14; }
bool green(QColor c) { return c.green() > 150 && c.red() < 120 && c.blue() < 100; }
int brightness(QColor c) { return c.red() + c.green() + c.blue(); }

class Bridge : public BridgeSession {
protected:
    void open(const formats::TrackDocument& track) {
        const QString file = dir.filePath(QString("%1.twtrack").arg(++m_files));
        ASSERT_TRUE(tw::test::writeTrack(file, track));
        ASSERT_TRUE(window->openFile(file));
        QApplication::processEvents();
    }
    /// Frames the crossing, about 60 m across: the tarmac is over a hundred pixels wide.
    void frameCrossing() {
        const auto n = static_cast<std::uint32_t>(track().nodes.size());
        canvas()->frameNodes({0, n - 1, n / 2 - 1, n / 2}, 22.0);
        QApplication::processEvents();
    }
    QImage picture() { return canvas()->grab().toImage(); }
    QColor at(const QImage& image, QPointF world) { return image.pixelColor(canvas()->view().toScreen(world).toPoint()); }
    /// Whether any pixel within two of `world` matches.
    bool anyNear(const QImage& image, QPointF world, bool (*match)(QColor)) {
        const QPoint p = canvas()->view().toScreen(world).toPoint();
        for (int dy = -2; dy <= 2; ++dy)
            for (int dx = -2; dx <= 2; ++dx)
                if (match(image.pixelColor(p + QPoint(dx, dy)))) return true;
        return false;
    }
    int m_files = 0;
};

// Each pass's left tarmac edge runs across the other's tarmac 2 m from its centre line: the upper
// pass's edge shows there, the lower's is under the deck. Swapping the heights swaps them, in
// every colouring.
TEST_F(Bridge, TheDeckIsDrawnOverTheRoadItCrossesInEveryColouring) {
    const QPointF edgeOfAOnB = 4.0 * kLeftOfA + 2.0 * kAlongA;  // 2 m off B's centre line
    const QPointF edgeOfBOnA = 4.0 * kLeftOfB + 2.0 * kAlongB;
    for (const bool bridgeOnA : {false, true}) {
        open(tw::test::figureEight(6.0, bridgeOnA));
        ASSERT_FALSE(hasErrors()) << "a valid overpass, 6 m over the lower pass";
        frameCrossing();
        for (const char* colouring : {"actionColourNone", "actionColourCurvature", "actionColourHeight"}) {
            action(colouring);
            const QImage image = picture();
            const QPointF hidden = bridgeOnA ? edgeOfBOnA : edgeOfAOnB;
            const QPointF shown = bridgeOnA ? edgeOfAOnB : edgeOfBOnA;
            EXPECT_TRUE(tarmac(at(image, hidden))) << colouring << (bridgeOnA ? " A" : " B") << " on top: the lower edge is under the deck, "
                                                   << at(image, hidden).name().toStdString();
            EXPECT_FALSE(anyNear(image, hidden, white)) << colouring;
            EXPECT_TRUE(anyNear(image, shown, white)) << colouring << ": the deck's own edge shows";
        }
    }
}

// The colour along the lower pass's centre line stops at the deck; the deck's own carries on.
TEST_F(Bridge, TheLowerPassColourIsHiddenUnderTheDeck) {
    open(tw::test::figureEight(6.0));
    frameCrossing();
    action("actionColourCurvature");  // nearly straight at the crossing: green on both passes
    const QImage image = picture();
    EXPECT_FALSE(anyNear(image, 2.5 * kAlongA, green)) << "pass A, under the deck";
    EXPECT_TRUE(anyNear(image, 2.5 * kAlongB, green)) << "pass B, the deck";
    EXPECT_TRUE(anyNear(image, 20.0 * kAlongA, green)) << "pass A, clear of the deck";
}

// The deck casts a shadow on the road under it, just past its walls (8 m), and nowhere else.
TEST_F(Bridge, TheDeckShadesTheRoadUnderIt) {
    open(tw::test::figureEight(6.0));
    frameCrossing();
    const QImage image = picture();
    const QPointF rightOfA = -2.0 * kLeftOfA;
    const QColor shaded = at(image, 9.5 * kAlongA + rightOfA);
    const QColor open = at(image, 20.0 * kAlongA + rightOfA);
    EXPECT_TRUE(tarmac(open)) << open.name().toStdString();
    EXPECT_LT(brightness(shaded), brightness(open) - 30) << shaded.name().toStdString() << " vs " << open.name().toStdString();
    const QColor deck = at(image, 9.5 * kAlongB - 2.0 * kLeftOfB);
    EXPECT_TRUE(tarmac(deck)) << "the deck's own road is not in its shadow: " << deck.name().toStdString();
}

TEST_F(Bridge, OneDeckOverTheCrossingWithItsClearance) {
    open(tw::test::figureEight(6.0));
    const auto& decks = canvas()->decks();
    ASSERT_EQ(decks.size(), 1u);
    EXPECT_EQ(decks[0].route, 0u);
    const std::size_t n = track().nodes.size();
    EXPECT_TRUE(decks[0].hasLink(n / 2 - 1)) << "the link of pass B through the crossing";
    EXPECT_FALSE(decks[0].hasLink(n - 1)) << "pass A is under it";
    EXPECT_NEAR(decks[0].clearance, 6.0, 0.05);
    EXPECT_NEAR(decks[0].clearanceAt.x(), 0.0, 0.5);
    EXPECT_NEAR(decks[0].clearanceAt.y(), 0.0, 0.5);
}

TEST_F(Bridge, FlatTracksHaveNoDecks) {
    open(tw::test::circleTrack(200, 300.0));
    EXPECT_TRUE(canvas()->decks().empty());
    open(tw::test::figureEight(0.0));
    EXPECT_TRUE(canvas()->decks().empty()) << "a flat figure-eight overlaps itself: one level, an error, no bridge";
    formats::TrackDocument hill = tw::test::circleTrack(200, 300.0);
    for (std::size_t i = 0; i < hill.nodes.size(); ++i) hill.nodes[i].position.z = 10.0 * std::sin(2.0 * std::numbers::pi * double(i) / 200.0);
    open(hill);
    EXPECT_TRUE(canvas()->decks().empty()) << "a hilly loop that never crosses itself";
}

// Hovering the deck shows how much room there is under it.
TEST_F(Bridge, HoveringTheDeckShowsItsClearance) {
    open(tw::test::figureEight(6.0));
    frameCrossing();
    auto plate = [](QColor c) { return c.blue() > 130 && c.red() < 60 && c.green() > 70 && c.green() < 110; };
    auto count = [&](const QImage& image) {
        int found = 0;
        for (int y = 0; y < image.height(); y += 2)
            for (int x = 0; x < image.width(); x += 2) found += plate(image.pixelColor(x, y));
        return found;
    };
    EXPECT_EQ(count(picture()), 0);
    mouse(QEvent::MouseMove, canvas()->view().toScreen(6.0 * kAlongB), Qt::NoButton);
    EXPECT_GT(count(picture()), 40) << "the clearance label";
}

// A click where a node on the deck and one under it are both within reach picks the deck's, even a
// little nearer the one underneath.
TEST_F(Bridge, AClickOnTheDeckPicksTheDecksNode) {
    open(tw::test::figureEight(6.0));
    const std::uint32_t onDeck = static_cast<std::uint32_t>(track().nodes.size() / 2 - 1), underIt = 0;
    const formats::Vec2 a = track().nodes[underIt].position.ground(), b = track().nodes[onDeck].position.ground();
    ASSERT_NEAR(a.x, b.x, 1e-9) << "one above the other in the view, 9.8 m apart";
    while (canvas()->view().scale() * 5.5 > editor::TrackCanvas::kPickPixels) canvas()->zoomOut();
    click(canvas()->view().toScreen(QPointF(a.x, (a.y + b.y) / 2.0 + 0.5)));  // half a metre nearer the lower node
    EXPECT_EQ(window->selection()->nodes(), std::set<std::uint32_t>{onDeck});
}

// A bridge too low: validation flags the crossing, the canvas marks it with the clearance it
// measured, and clicking the diagnostic selects both links' nodes and shows the crossing.
TEST_F(Bridge, ALowCrossingIsMarkedWithItsClearanceAndItsDiagnosticShowsIt) {
    open(tw::test::figureEight(2.0));
    window->editorDocument()->validateNow();
    QApplication::processEvents();
    const auto& marks = canvas()->crossingMarks();
    ASSERT_FALSE(marks.empty());
    EXPECT_NEAR(marks.front().clearance, 2.0, 0.05);
    EXPECT_NEAR(marks.front().required, 4.5, 1e-12);
    EXPECT_EQ(editor::crossingLabel(marks.front()), "2.0 m < 4.5 m");
    EXPECT_LT(std::hypot(marks.front().point.x, marks.front().point.y), 6.0) << "at the crossing";
    ASSERT_EQ(canvas()->decks().size(), 1u) << "still drawn as a bridge, a low one";

    canvas()->fitToTrack();
    const double fitted = canvas()->view().scale();
    QListWidget* list = window->diagnosticsDock()->list();
    QListWidgetItem* item = nullptr;
    for (int i = 0; i < list->count() && !item; ++i)
        if (list->item(i)->text().contains("[overpass-clearance]")) item = list->item(i);
    ASSERT_NE(item, nullptr);
    window->diagnosticsDock()->raise();
    QApplication::processEvents();
    list->scrollToItem(item);
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(item).center());
    QApplication::processEvents();
    EXPECT_EQ(window->selection()->nodes().size(), 2u) << "both links' first nodes";
    EXPECT_GT(canvas()->view().scale(), 3.0 * fitted) << "zoomed in on the crossing";
    const QPointF point(marks.front().point.x, marks.front().point.y);
    EXPECT_TRUE(canvas()->visibleWorldRect().contains(point));

    // The mark: a red plate with the clearance, above the crossing.
    const QImage image = picture();
    const QPoint p = canvas()->view().toScreen(point).toPoint();
    int red = 0;
    for (int y = p.y() - 40; y < p.y(); ++y)
        for (int x = p.x() - 60; x < p.x() + 60; ++x)
            if (image.rect().contains(x, y)) {
                const QColor c = image.pixelColor(x, y);
                red += c.red() > 150 && c.green() < 80 && c.blue() < 80;
            }
    EXPECT_GT(red, 100);
}

} // namespace

namespace {

// A 20 000-node figure-eight (links 8 cm long): still one deck, found in the background rebuild.
TEST(BridgeScale, ALargeFigureEightHasOneDeck) {
    const formats::TrackDocument eight = tw::test::figureEight(6.0, true, 250.0, 20000);
    QElapsedTimer timer;
    timer.start();
    const editor::CanvasScene scene = editor::buildCanvasScene(eight);
    const qint64 elapsed = timer.elapsed();
    ::testing::Test::RecordProperty("rebuild_ms", static_cast<int>(elapsed));
    ASSERT_EQ(scene.decks.size(), 1u);
    EXPECT_NEAR(scene.decks[0].clearance, 6.0, 0.05);
    EXPECT_TRUE(scene.decks[0].hasLink(19999)) << "the route's ends are the bridge";
    std::cout << "buildCanvasScene, 20 000-node figure-eight: " << elapsed << " ms\n";
}

} // namespace
