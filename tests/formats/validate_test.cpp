#include "formats/route_frames.h"
#include "formats/track_json.h"
#include "formats/validate.h"

#include "tests/support/test_tracks.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <numbers>
#include <set>

namespace {

const formats::Diagnostic* find(const formats::Diagnostics& diagnostics, const std::string& code) {
    for (const auto& d : diagnostics)
        if (d.code == code) return &d;
    return nullptr;
}

formats::Diagnostics loadAndValidate(const std::filesystem::path& path) {
    formats::TrackLoadResult loaded = formats::loadTrackFile(path);
    formats::Diagnostics all = loaded.diagnostics;
    if (loaded.document) {
        const formats::Diagnostics found = formats::validate(*loaded.document);
        all.insert(all.end(), found.begin(), found.end());
    }
    return all;
}

// Codes that are advice, not errors: a file with only these still bakes.
const std::set<std::string> kWarningCodes = {"node-unused", "line-beyond-track", "width-jump", "link-length-jump", "duplicate-line"};

// tests/data/diagnostics/<code>.twtrack: a minimal file that must produce <code>, found by glob.
TEST(Validate, EveryDiagnosticsCaseProducesItsCode) {
    std::size_t cases = 0;
    for (const auto& entry : std::filesystem::directory_iterator(std::string(TRACKWRIGHT_TEST_DATA_DIR) + "/diagnostics")) {
        if (entry.path().extension() != ".twtrack") continue;
        ++cases;
        const std::string code = entry.path().stem().string();
        const formats::Diagnostics diagnostics = loadAndValidate(entry.path());
        const formats::Diagnostic* d = find(diagnostics, code);
        ASSERT_NE(d, nullptr) << entry.path().filename() << " did not produce " << code;
        EXPECT_EQ(d->severity, kWarningCodes.count(code) ? formats::Severity::Warning : formats::Severity::Error) << code;
        EXPECT_FALSE(d->message.empty());
        if (code != "json-syntax" && code != "not-a-track") {
            EXPECT_FALSE(d->jsonPath.empty()) << code << " has no JSON path";
        }
        if (kWarningCodes.count(code)) {
            EXPECT_FALSE(formats::hasErrors(diagnostics)) << code << " case should only warn";
        }
    }
    EXPECT_GE(cases, 28u);
}

TEST(Validate, ACleanTrackHasNoDiagnostics) {
    const formats::Diagnostics d = formats::validate(tw::test::circleTrack());
    EXPECT_TRUE(d.empty()) << d.front().code << ": " << d.front().message;
}

TEST(Validate, CrossingPerpendicularsNameTheNodePairAndSide) {
    formats::TrackDocument doc = tw::test::circleTrack(24, 60.0);
    doc.nodes[7].left.wall = 65.0;
    doc.nodes[8].left.wall = 65.0;
    doc.nodes[7].left.runoff = 7.0;
    const formats::Diagnostics diagnostics = formats::validate(doc, {10.0, 100.0, 3.0, 1e-3});
    const formats::Diagnostic* d = find(diagnostics, "perpendiculars-cross");
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(d->node, 7u);
    EXPECT_EQ(d->otherNode, 8u);
    EXPECT_EQ(d->route, 0u);
    EXPECT_NE(d->message.find("to the left"), std::string::npos) << d->message;
    EXPECT_NE(d->message.find("60.00 m"), std::string::npos) << d->message;
}

TEST(Validate, WidthJumpGivesTheRatio) {
    formats::TrackDocument doc = tw::test::circleTrack();
    doc.nodes[4].right.track = 2.0;
    const formats::Diagnostics diagnostics = formats::validate(doc);
    const formats::Diagnostic* d = find(diagnostics, "width-jump");
    ASSERT_NE(d, nullptr);
    EXPECT_NE(d->message.find("x3.0"), std::string::npos) << d->message;
    EXPECT_EQ(d->severity, formats::Severity::Warning);
}

TEST(Validate, BranchAttachmentsAreChecked) {
    formats::TrackDocument doc = tw::test::circleTrack();
    formats::TrackNode pit = doc.nodes[0];
    pit.position = {75.0, 10.0, 0.0};
    doc.nodes.push_back(pit);
    pit.position = {75.0, 20.0, 0.0};
    doc.nodes.push_back(pit);
    doc.routes.push_back({"pit", false, {24, 25}, formats::RouteAttachment{0, 0}, formats::RouteAttachment{0, 2}});
    EXPECT_EQ(find(formats::validate(doc), "ref-branch"), nullptr);
    doc.routes[1].join = formats::RouteAttachment{0, 24};
    const formats::Diagnostics diagnostics = formats::validate(doc);
    const formats::Diagnostic* d = find(diagnostics, "ref-branch");
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(d->jsonPath, "routes[1].join.node");
}

TEST(RouteFrames, TangentsFollowACircleAndPerpendicularsPointLeft) {
    const formats::TrackDocument doc = tw::test::circleTrack(36, 80.0);
    const std::vector<formats::NodeFrame> frames = formats::computeRouteFrames(doc, doc.routes[0]);
    ASSERT_EQ(frames.size(), 36u);
    for (std::size_t i = 0; i < frames.size(); ++i) {
        const formats::Vec2 p = doc.nodes[i].position.ground();
        // Counter-clockwise: the tangent is perpendicular to the radius, the left points inwards.
        EXPECT_NEAR(formats::dot(frames[i].tangent, p), 0.0, 1e-9);
        EXPECT_NEAR(formats::dot(frames[i].perpendicular, formats::normalized(p)), -1.0, 1e-9);
    }
}

TEST(RouteFrames, OpenEndsUseTheirLinkOrTheirAttachment) {
    formats::TrackDocument doc;
    for (double x : {0.0, 10.0, 20.0}) doc.nodes.push_back({{x, 0.0, 0.0}, {}, {}, std::nullopt, {}});
    doc.nodes.push_back({{10.0, -10.0, 0.0}, {}, {}, std::nullopt, {}});
    doc.routes.push_back({"main", false, {0, 1, 2}, std::nullopt, std::nullopt});
    doc.routes.push_back({"branch", false, {3}, formats::RouteAttachment{0, 0}, formats::RouteAttachment{0, 2}});
    const auto main = formats::computeRouteFrames(doc, doc.routes[0]);
    EXPECT_EQ(main[0].tangent, (formats::Vec2{1.0, 0.0}));
    EXPECT_EQ(main[2].tangent, (formats::Vec2{1.0, 0.0}));
    EXPECT_EQ(main[0].perpendicular, (formats::Vec2{-0.0, 1.0}));
    const auto branch = formats::computeRouteFrames(doc, doc.routes[1]);
    // From the fork (0,0) through (10,-10) to the join (20,0): heading east at the middle node.
    EXPECT_NEAR(branch[0].tangent.x, 1.0, 1e-12);
    EXPECT_NEAR(branch[0].tangent.y, 0.0, 1e-12);
}

// Validation must hold whatever a hand edit does to a document: out-of-range indices, NaNs,
// empty routes. A deterministic mutation loop; a crash or hang fails the test.
TEST(Validate, NeverCrashesOnMutatedDocuments) {
    std::uint64_t state = 12345;
    auto next = [&] { return (state = state * 6364136223846793005ull + 1442695040888963407ull) >> 33; };
    const double specials[] = {NAN, INFINITY, -INFINITY, -1.0, 0.0, 1e300, -1e-300, 3.0};
    std::size_t withErrors = 0;
    for (int round = 0; round < 3000; ++round) {
        formats::TrackDocument doc = tw::test::circleTrack(8, 30.0);
        doc.routes.push_back({"pit", false, {}, formats::RouteAttachment{0, 1}, formats::RouteAttachment{0, 3}});
        for (int edit = 0; edit < 3; ++edit) {
            const std::uint32_t pick = static_cast<std::uint32_t>(next() % 40);
            const double value = specials[next() % std::size(specials)];
            switch (next() % 9) {
            case 0: doc.nodes[next() % doc.nodes.size()].position.x = value; break;
            case 1: doc.nodes[next() % doc.nodes.size()].left.wall = value; break;
            case 2: doc.routes[next() % doc.routes.size()].nodes.push_back(pick); break;
            case 3: doc.routes[1].fork = formats::RouteAttachment{pick % 4, pick}; break;
            case 4: doc.lines[0].route = pick % 3; break;
            case 5: if (!doc.routes[0].nodes.empty()) doc.routes[0].nodes.pop_back(); break;
            case 6: doc.lines[0].offsets[next() % doc.lines[0].offsets.size()] = value * 10.0; break;
            case 7: doc.markers.push_back({"x", pick, ""}); break;
            default: doc.routes[next() % doc.routes.size()].closed ^= true; break;
            }
        }
        withErrors += formats::hasErrors(formats::validate(doc)) ? 1 : 0;
    }
    EXPECT_GT(withErrors, 1000u);
}

} // namespace
