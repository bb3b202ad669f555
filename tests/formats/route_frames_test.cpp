#include "formats/geometry/route_frames.h"

#include "tests/support/test_tracks.h"

#include <gtest/gtest.h>

#include <cmath>
#include <initializer_list>

namespace {

using formats::Vec2;

/// A document whose nodes sit at `points` (widths irrelevant here) and one route over all of them.
formats::TrackDocument pointsDocument(std::initializer_list<Vec2> points, bool closed) {
    formats::TrackDocument doc;
    formats::Route route{"main", closed, {}, std::nullopt, std::nullopt};
    for (Vec2 p : points) {
        route.nodes.push_back(static_cast<std::uint32_t>(doc.nodes.size()));
        doc.nodes.push_back({{p.x, p.y, 0.0}, {}, {}, std::nullopt, {}});
    }
    doc.routes.push_back(route);
    return doc;
}

std::uint32_t addNode(formats::TrackDocument& doc, Vec2 p) {
    doc.nodes.push_back({{p.x, p.y, 0.0}, {}, {}, std::nullopt, {}});
    return static_cast<std::uint32_t>(doc.nodes.size() - 1);
}

void expectDirection(Vec2 actual, Vec2 expected, const char* what) {
    const Vec2 unit = formats::normalized(expected);
    EXPECT_NEAR(actual.x, unit.x, 1e-12) << what;
    EXPECT_NEAR(actual.y, unit.y, 1e-12) << what;
}

// Eq. 39.1 on a regular polygon: the average of the two links at a vertex is tangent to the
// circumscribed circle, and the left perpendicular of a counter-clockwise loop points at the centre.
TEST(RouteFrames, RegularPolygonTangentsFollowTheCircleAndTheLeftPointsInwards) {
    const formats::TrackDocument doc = tw::test::circleTrack(36, 80.0);
    const std::vector<formats::NodeFrame> frames = formats::computeRouteFrames(doc, doc.routes[0]);
    ASSERT_EQ(frames.size(), 36u);
    for (std::size_t i = 0; i < frames.size(); ++i) {
        const Vec2 radial = formats::normalized(doc.nodes[i].position.ground());
        EXPECT_NEAR(formats::length(frames[i].tangent), 1.0, 1e-12) << i;
        EXPECT_NEAR(formats::dot(frames[i].tangent, radial), 0.0, 1e-9) << i;
        EXPECT_GT(formats::cross(radial, frames[i].tangent), 0.0) << "counter-clockwise at node " << i;
        EXPECT_NEAR(formats::dot(frames[i].perpendicular, radial), -1.0, 1e-9) << i;
    }
}

TEST(RouteFrames, ClockwiseLoopsHaveTheLeftOutside) {
    const formats::TrackDocument doc = pointsDocument({{0, 0}, {0, 10}, {10, 10}, {10, 0}}, true);
    const auto frames = formats::computeRouteFrames(doc, doc.routes[0]);
    const Vec2 centre{5, 5};
    for (std::size_t i = 0; i < frames.size(); ++i)
        EXPECT_GT(formats::dot(frames[i].perpendicular, doc.nodes[i].position.ground() - centre), 0.0) << i;
}

// Closed routes wrap: the first node's backward link comes from the last node.
TEST(RouteFrames, ClosedRoutesWrapAround) {
    const formats::TrackDocument doc = pointsDocument({{0, 0}, {10, 0}, {10, 10}, {0, 10}}, true);
    const auto frames = formats::computeRouteFrames(doc, doc.routes[0]);
    expectDirection(frames[0].tangent, {1, -1}, "first node: (0,0)-(0,10) plus (10,0)-(0,0)");
    expectDirection(frames[3].tangent, {-1, -1}, "last node: links to and from its neighbours");
    expectDirection(frames[0].perpendicular, {1, 1}, "left of the tangent");
}

TEST(RouteFrames, OpenRouteEndsUseTheirSingleLink) {
    const formats::TrackDocument doc = pointsDocument({{0, 0}, {10, 0}, {20, 10}}, false);
    const auto frames = formats::computeRouteFrames(doc, doc.routes[0]);
    expectDirection(frames[0].tangent, {1, 0}, "start: forward link only");
    expectDirection(frames[1].tangent, {20, 10}, "middle: sum of both links");
    expectDirection(frames[2].tangent, {1, 1}, "end: backward link only");
    expectDirection(frames[0].perpendicular, {0, 1}, "left of east is north");
}

// A branch's fork node precedes its first node and its join node follows its last node.
TEST(RouteFrames, BranchEndsUseTheirForkAndJoinNodes) {
    formats::TrackDocument doc = pointsDocument({{0, 0}, {10, 0}, {20, 0}, {30, 0}}, false);
    const std::uint32_t a = addNode(doc, {10, -10});
    const std::uint32_t b = addNode(doc, {20, -10});
    doc.routes.push_back({"pit", false, {a, b}, formats::RouteAttachment{0, 0}, formats::RouteAttachment{0, 3}});
    const auto frames = formats::computeRouteFrames(doc, doc.routes[1]);
    ASSERT_EQ(frames.size(), 2u);
    expectDirection(frames[0].tangent, Vec2{10, -10} + Vec2{10, 0}, "first node: from the fork (0,0), on to (20,-10)");
    expectDirection(frames[1].tangent, Vec2{10, 0} + Vec2{10, 10}, "last node: from (10,-10), on to the join (30,0)");

    // A one-node branch takes both neighbours from its attachments.
    doc.routes[1].nodes = {a};
    doc.routes[1].join = formats::RouteAttachment{0, 2};
    expectDirection(formats::computeRouteFrames(doc, doc.routes[1])[0].tangent, {1, 0}, "(0,0) -> (10,-10) -> (20,0)");

    // Without attachments the same nodes are a plain open route.
    doc.routes[1] = {"loose", false, {a, b}, std::nullopt, std::nullopt};
    const auto loose = formats::computeRouteFrames(doc, doc.routes[1]);
    expectDirection(loose[0].tangent, {1, 0}, "no fork");
    expectDirection(loose[1].tangent, {1, 0}, "no join");
}

TEST(RouteFrames, DrivenRouteStartsAtTheForkAndEndsAtTheJoin) {
    formats::TrackDocument doc = pointsDocument({{0, 0}, {10, 0}, {20, 0}, {30, 0}}, false);
    const std::uint32_t a = addNode(doc, {10, -10});
    const std::uint32_t b = addNode(doc, {20, -10});
    doc.routes.push_back({"pit", false, {a, b}, formats::RouteAttachment{0, 0}, formats::RouteAttachment{0, 3}});
    const auto driven = formats::drivenRoute(doc, doc.routes[1]);
    ASSERT_EQ(driven.size(), 4u);
    EXPECT_EQ(driven[0].node, 0u);
    EXPECT_TRUE(driven[0].attachment);
    expectDirection(driven[0].frame.tangent, {10, -10}, "fork point: direction of its single link");
    EXPECT_EQ(driven[1].node, a);
    EXPECT_FALSE(driven[1].attachment);
    EXPECT_EQ(driven[2].node, b);
    EXPECT_EQ(driven[3].node, 3u);
    EXPECT_TRUE(driven[3].attachment);
    expectDirection(driven[3].frame.tangent, {10, 10}, "join point: direction of its single link");
    EXPECT_EQ(formats::drivenRoute(doc, doc.routes[0]).size(), 4u) << "the main route has no attachments";
}

// Where the forward and backward links cancel (the route doubles back on itself) eq. 39.1 gives no
// direction; the node takes its forward link, or its backward link at the end of an open route.
TEST(RouteFrames, AReversalFallsBackToTheForwardLink) {
    const formats::TrackDocument doc = pointsDocument({{0, 0}, {10, 0}, {0, 0}}, false);
    const auto frames = formats::computeRouteFrames(doc, doc.routes[0]);
    expectDirection(frames[1].tangent, {-1, 0}, "reversal: forward link");
    expectDirection(frames[1].perpendicular, {0, -1}, "left of west is south");
    expectDirection(frames[2].tangent, {-1, 0}, "end: backward link");

    // A two-node loop: each node's links are exact opposites.
    const formats::TrackDocument pair = pointsDocument({{0, 0}, {0, 5}}, true);
    const auto loop = formats::computeRouteFrames(pair, pair.routes[0]);
    expectDirection(loop[0].tangent, {0, 1}, "forward to node 1");
    expectDirection(loop[1].tangent, {0, -1}, "forward back to node 0");
}

TEST(RouteFrames, RouteGroundPositionsDropHeight) {
    const formats::TrackDocument doc = tw::test::circleTrack(8, 10.0);
    const std::vector<Vec2> positions = formats::routeGroundPositions(doc, doc.routes[0]);
    ASSERT_EQ(positions.size(), 8u);
    for (std::size_t i = 0; i < positions.size(); ++i) EXPECT_EQ(positions[i], doc.nodes[i].position.ground());
}

} // namespace
