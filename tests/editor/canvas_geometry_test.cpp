#include "editor/canvas/canvas_geometry.h"

#include "tests/support/test_tracks.h"

#include <QLineF>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace {

double distanceToPolyline(QPointF p, const QPolygonF& polyline) {
    double best = INFINITY;
    for (qsizetype i = 1; i < polyline.size(); ++i) {
        const QPointF a = polyline[i - 1], ab = polyline[i] - a;
        const double lengthSquared = QPointF::dotProduct(ab, ab);
        const double t = lengthSquared > 0.0 ? std::clamp(QPointF::dotProduct(p - a, ab) / lengthSquared, 0.0, 1.0) : 0.0;
        best = std::min(best, QLineF(p, a + ab * t).length());
    }
    return best;
}

QPolygonF circle(int count, double radius) {
    QPolygonF points;
    for (int i = 0; i <= count; ++i) {
        const double angle = 2.0 * std::numbers::pi * i / count;
        points << QPointF(radius * std::cos(angle), radius * std::sin(angle));
    }
    return points;
}

TEST(SimplifiedIndices, KeepsTheEndsAndStaysWithinTheTolerance) {
    const QPolygonF points = circle(2000, 500.0);
    const std::vector<qsizetype> kept = editor::simplifiedIndices({&points}, 0.5);
    ASSERT_GE(kept.size(), 3u);
    EXPECT_EQ(kept.front(), 0);
    EXPECT_EQ(kept.back(), points.size() - 1);
    EXPECT_LT(kept.size(), 200u);  // a chord of a 500 m circle may be ~40 m long at 0.5 m error
    QPolygonF simplified;
    for (qsizetype i : kept) simplified << points[i];
    for (const QPointF& p : points) EXPECT_LE(distanceToPolyline(p, simplified), 0.5 + 1e-9);
}

TEST(SimplifiedIndices, KeepsAPointWhereAnyPolylineBends) {
    // The centre runs straight; only the second polyline (an edge) has a bump at index 5.
    QPolygonF centre, edge;
    for (int i = 0; i <= 10; ++i) {
        centre << QPointF(i, 0.0);
        edge << QPointF(i, i == 5 ? 4.0 : 3.0);
    }
    EXPECT_EQ(editor::simplifiedIndices({&centre}, 0.1), (std::vector<qsizetype>{0, 10}));
    EXPECT_EQ(editor::simplifiedIndices({&centre, &edge}, 0.1), (std::vector<qsizetype>{0, 4, 5, 6, 10}));
}

TEST(CanvasGeometry, LevelsStayWithinTheirTolerancesAndSpansCoverEveryPoint) {
    const editor::TrackDrawing drawing = editor::buildTrackDrawing(tw::test::circleTrack(3000, 800.0));
    const editor::CanvasGeometry geometry = editor::buildCanvasGeometry(drawing);
    ASSERT_EQ(geometry.routes.size(), 1u);
    ASSERT_EQ(geometry.routes[0].levels.size(), editor::kLevelTolerances.size());
    const editor::RouteLevel& full = geometry.routes[0].levels[0];
    // A closed route repeats its first cross section, so it is drawn open.
    EXPECT_EQ(full.centre.size(), 3001);
    EXPECT_EQ(full.centre.front(), full.centre.back());
    for (std::size_t k = 1; k < geometry.routes[0].levels.size(); ++k) {
        const editor::RouteLevel& level = geometry.routes[0].levels[k];
        EXPECT_LE(level.centre.size(), geometry.routes[0].levels[k - 1].centre.size());
        for (qsizetype i = 0; i < full.leftWall.size(); i += 7)
            EXPECT_LE(distanceToPolyline(full.leftWall[i], level.leftWall), editor::kLevelTolerances[k] + 1e-9) << "level " << k;
    }
    for (const editor::RouteLevel& level : geometry.routes[0].levels) {
        ASSERT_FALSE(level.spans.empty());
        EXPECT_EQ(level.spans.front().first, 0);
        EXPECT_EQ(level.spans.back().first + level.spans.back().count, level.centre.size());
        ASSERT_EQ(level.runoffAreas.size(), level.spans.size());
        ASSERT_EQ(level.tarmacAreas.size(), level.spans.size());
        for (std::size_t s = 0; s < level.spans.size(); ++s) {
            const editor::ChunkSpan& span = level.spans[s];
            if (s > 0) {
                EXPECT_EQ(span.first, level.spans[s - 1].first + level.spans[s - 1].count - 1);
            }
            for (qsizetype i = span.first; i < span.first + span.count; ++i)
                for (const QPolygonF* edge : {&level.leftWall, &level.rightWall, &level.centre})
                    EXPECT_TRUE(editor::touches(span.bounds, QRectF((*edge)[i], QSizeF(0.0, 0.0))));
        }
    }
    EXPECT_NEAR(geometry.typicalNodeSpacing, 2.0 * std::numbers::pi * 800.0 / 3000.0, 1e-3);
    EXPECT_DOUBLE_EQ(geometry.typicalTrackWidth, 11.0);
    ASSERT_EQ(geometry.lines.size(), 1u);
    EXPECT_EQ(geometry.lines[0].name, "racing");
}

TEST(CanvasGeometry, CoarserLevelsForSmallerScales) {
    EXPECT_EQ(editor::levelForScale(1000.0), 0u);
    std::size_t previous = 0;
    for (double scale = 100.0; scale > 1e-4; scale /= 3.0) {
        const std::size_t level = editor::levelForScale(scale);
        EXPECT_GE(level, previous);
        EXPECT_LE(editor::kLevelTolerances[level] * scale, 0.35);
        previous = level;
    }
    EXPECT_EQ(previous, editor::kLevelTolerances.size() - 1);
}

TEST(ForEachVisibleRun, MergesNeighbouringVisibleSpans) {
    std::vector<editor::ChunkSpan> spans;
    for (int s = 0; s < 5; ++s) spans.push_back({s * 3, 4, QRectF(s * 10.0, 0.0, 10.0, 0.0)});
    std::vector<std::pair<qsizetype, qsizetype>> runs;
    // Spans 0-1 and 3 meet the view (a zero-height span along an axis still counts); 2 and 4 do not.
    editor::forEachVisibleRun(spans, QRectF(-5.0, -1.0, 16.0, 2.0), [&](qsizetype f, qsizetype c, bool) { runs.emplace_back(f, c); });
    editor::forEachVisibleRun(spans, QRectF(32.0, -1.0, 5.0, 2.0), [&](qsizetype f, qsizetype c, bool) { runs.emplace_back(f, c); });
    EXPECT_EQ(runs, (std::vector<std::pair<qsizetype, qsizetype>>{{0, 7}, {9, 4}}));
}

} // namespace
