#include "formats/import/torcs_import.h"
#include "formats/import/track_import.h"
#include "formats/source/file_io.h"
#include "formats/source/track_json.h"
#include "formats/validate/validate.h"
#include "trackwright/format/marker_kinds.h"

#include "tests/support/diagnostic_codes.h"
#include "tests/support/test_cars.h"
#include "tests/support/test_tracks.h"

#include <gtest/gtest.h>

#include <functional>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <numbers>
#include <regex>
#include <set>

namespace {

using formats::Diagnostic;
using formats::Diagnostics;
using formats::TrackDocument;

using tw::test::kWarningCodes;

const Diagnostic* find(const Diagnostics& diagnostics, const std::string& code) {
    for (const auto& d : diagnostics)
        if (d.code == code) return &d;
    return nullptr;
}

std::set<std::string> codes(const Diagnostics& diagnostics) {
    std::set<std::string> result;
    for (const auto& d : diagnostics) result.insert(d.code);
    return result;
}

std::string describe(const Diagnostics& diagnostics) {
    std::string text;
    for (const auto& d : diagnostics) text += "\n  [" + d.code + "] " + d.jsonPath + ": " + d.message;
    return text;
}

/// The properties every validation diagnostic has, whatever the document: the severity its code
/// implies, a message, a JSON path of the document's shape, and node/route indices in range.
void expectWellFormed(const Diagnostics& diagnostics, const TrackDocument& doc) {
    static const std::regex kJsonPath(R"(^[a-z_]+(\[\d+\])?(\.[a-z_]+(\[\d+\])?)*$)");
    for (const Diagnostic& d : diagnostics) {
        EXPECT_EQ(d.severity, kWarningCodes.count(d.code) ? formats::Severity::Warning : formats::Severity::Error) << d.code;
        EXPECT_FALSE(d.message.empty()) << d.code;
        EXPECT_TRUE(std::regex_match(d.jsonPath, kJsonPath)) << d.code << " has JSON path \"" << d.jsonPath << "\"";
        if (d.node) {
            EXPECT_LT(*d.node, doc.nodes.size()) << d.code;
        }
        if (d.otherNode) {
            EXPECT_LT(*d.otherNode, doc.nodes.size()) << d.code;
        }
        if (d.route) {
            EXPECT_LT(*d.route, doc.routes.size()) << d.code;
        }
    }
}

// tests/data/diagnostics/<code>.twtrack: a minimal file that must produce <code>, found by glob.
// The loader's codes (syntax, fields, schema) and validation's codes are covered alike.
TEST(Validate, EveryDiagnosticsCaseProducesItsCode) {
    std::size_t cases = 0;
    for (const auto& entry : std::filesystem::directory_iterator(std::string(TRACKWRIGHT_TEST_DATA_DIR) + "/diagnostics")) {
        if (entry.path().extension() != ".twtrack") continue;
        ++cases;
        const std::string code = entry.path().stem().string();
        const formats::TrackLoadResult loaded = formats::loadTrackFile(entry.path());
        Diagnostics diagnostics = loaded.diagnostics;
        if (loaded.document) {
            const Diagnostics validation = formats::validate(*loaded.document);
            expectWellFormed(validation, *loaded.document);
            diagnostics.insert(diagnostics.end(), validation.begin(), validation.end());
        }
        const Diagnostic* d = find(diagnostics, code);
        ASSERT_NE(d, nullptr) << entry.path().filename() << " did not produce " << code << describe(diagnostics);
        EXPECT_EQ(d->severity, kWarningCodes.count(code) ? formats::Severity::Warning : formats::Severity::Error) << code;
        EXPECT_FALSE(d->message.empty());
        if (code != "json-syntax" && code != "not-a-track" && code != "number-out-of-range" && code != "not-utf8") {  // found before any JSON path exists
            EXPECT_FALSE(d->jsonPath.empty()) << code << " has no JSON path";
        }
        if (kWarningCodes.count(code)) {
            EXPECT_FALSE(formats::hasErrors(diagnostics)) << code << " case should only warn" << describe(diagnostics);
        }
    }
    EXPECT_GE(cases, 28u) << "the diagnostics folder lost cases";
}

TEST(Validate, ACleanTrackHasNoDiagnostics) {
    const Diagnostics d = formats::validate(tw::test::circleTrack());
    EXPECT_TRUE(d.empty()) << describe(d);
}

/// A closed stadium, counter-clockwise: two 100 m straights joined by hairpins of radius 10 m (six
/// links each). Widths 4/6/8 m each side, so the inside walls stop 2 m short of the hairpin centre.
/// `hairpinNodes` receives the node indices of the east hairpin's five inner nodes.
TrackDocument stadium(std::vector<std::uint32_t>* hairpinNodes = nullptr) {
    TrackDocument doc;
    doc.name = "Stadium";
    formats::Route route{"main", true, {}, std::nullopt, std::nullopt};
    auto add = [&](double x, double y) {
        formats::TrackNode node;
        node.position = {x, y, 0.0};
        node.left = {4.0, 6.0, 8.0};
        node.right = {4.0, 6.0, 8.0};
        route.nodes.push_back(static_cast<std::uint32_t>(doc.nodes.size()));
        doc.nodes.push_back(node);
    };
    const double r = 10.0;
    for (int i = 0; i <= 10; ++i) add(10.0 * i, -r);
    for (int k = 1; k <= 5; ++k) {
        if (hairpinNodes) hairpinNodes->push_back(static_cast<std::uint32_t>(doc.nodes.size()));
        const double angle = -std::numbers::pi / 2 + k * std::numbers::pi / 6;
        add(100.0 + r * std::cos(angle), r * std::sin(angle));
    }
    for (int i = 10; i >= 0; --i) add(10.0 * i, r);
    for (int k = 1; k <= 5; ++k) {
        const double angle = std::numbers::pi / 2 + k * std::numbers::pi / 6;
        add(r * std::cos(angle), r * std::sin(angle));
    }
    doc.routes.push_back(route);
    return doc;
}

TEST(Validate, TheStadiumIsClean) {
    const Diagnostics d = formats::validate(stadium());
    EXPECT_TRUE(d.empty()) << describe(d);
}

// Race-track chapter §39.3.1: two hairpin nodes whose inside walls reach past the hairpin centre have
// perpendiculars crossing there, 10 m to their left. Their neighbours' walls (8 m) stop short.
TEST(Validate, CrossingPerpendicularsInAHairpinNameTheNodePairSideAndDistance) {
    std::vector<std::uint32_t> hairpin;
    TrackDocument doc = stadium(&hairpin);
    const std::uint32_t a = hairpin[1], b = hairpin[2];
    doc.nodes[a].left.wall = 15.0;
    doc.nodes[b].left.wall = 15.0;
    const Diagnostics diagnostics = formats::validate(doc);
    ASSERT_EQ(diagnostics.size(), 1u) << describe(diagnostics);
    const Diagnostic& d = diagnostics[0];
    EXPECT_EQ(d.code, "perpendiculars-cross");
    EXPECT_EQ(d.severity, formats::Severity::Error);
    EXPECT_EQ(d.node, a);
    EXPECT_EQ(d.otherNode, b);
    EXPECT_EQ(d.route, 0u);
    EXPECT_EQ(d.jsonPath, "nodes[" + std::to_string(a) + "]");
    EXPECT_NE(d.message.find("10.00 m to the left of node " + std::to_string(a)), std::string::npos) << d.message;
    EXPECT_NE(d.message.find("left wall"), std::string::npos) << d.message;

    // The right-hand (outside) walls can be as wide as you like: those perpendiculars diverge.
    doc = stadium();
    for (auto& node : doc.nodes) node.right = {4.0, 6.0, 40.0};
    EXPECT_EQ(find(formats::validate(doc), "perpendiculars-cross"), nullptr);
}

// A figure-eight drawn flat (lemniscate of Gerono, 300 m wide): the track crosses itself at the
// origin, between links on opposite lobes.
TEST(Validate, AFigureEightCrossingIsAnEdgeSelfIntersection) {
    TrackDocument doc;
    formats::Route route{"eight", true, {}, std::nullopt, std::nullopt};
    const std::size_t count = 48;
    const double a = 150.0;
    for (std::size_t i = 0; i < count; ++i) {
        // Half a step off so no node sits exactly on the crossing.
        const double t = 2.0 * std::numbers::pi * (static_cast<double>(i) + 0.5) / static_cast<double>(count);
        formats::TrackNode node;
        node.position = {a * std::sin(t), a * std::sin(t) * std::cos(t), 0.0};
        node.left = node.right = {4.0, 6.0, 8.0};
        route.nodes.push_back(static_cast<std::uint32_t>(i));
        doc.nodes.push_back(node);
    }
    doc.routes.push_back(route);
    const Diagnostics diagnostics = formats::validate(doc);
    ASSERT_FALSE(diagnostics.empty());
    EXPECT_EQ(codes(diagnostics), std::set<std::string>{"edge-self-intersection"}) << describe(diagnostics);
    for (const Diagnostic& d : diagnostics) {
        ASSERT_TRUE(d.node && d.otherNode);
        // The crossing links start next to the origin: around node 0 on one pass, node 24 on the other.
        const std::set<std::uint32_t> nearCentre = {46, 47, 0, 22, 23, 24};
        EXPECT_TRUE(nearCentre.count(*d.node) && nearCentre.count(*d.otherNode)) << d.message;
        EXPECT_NE(d.message.find("link " + std::to_string(*d.node) + "-"), std::string::npos) << d.message;
    }
}

/// The figure-eight above with a bridge: heights rising smoothly to `bridge` metres on the pass
/// through t = 0 and down to 0 on the pass through t = π.
TrackDocument figureEightWithBridge(double bridge) {
    TrackDocument doc;
    formats::Route route{"eight", true, {}, std::nullopt, std::nullopt};
    const std::size_t count = 96;
    const double a = 150.0;
    for (std::size_t i = 0; i < count; ++i) {
        const double t = 2.0 * std::numbers::pi * (static_cast<double>(i) + 0.5) / static_cast<double>(count);
        formats::TrackNode node;
        node.position = {a * std::sin(t), a * std::sin(t) * std::cos(t), bridge * (1.0 + std::cos(t)) / 2.0};
        node.left = node.right = {4.0, 6.0, 8.0};
        route.nodes.push_back(static_cast<std::uint32_t>(i));
        doc.nodes.push_back(node);
    }
    doc.routes.push_back(route);
    return doc;
}

TEST(Validate, ACrossingWithTheClearanceIsAnOverpassAndALowOneSaysHowMuchToRaise) {
    const Diagnostics bridge = formats::validate(figureEightWithBridge(6.0));
    EXPECT_TRUE(bridge.empty()) << "6 m over a 4.5 m clearance is a bridge" << describe(bridge);

    const Diagnostics low = formats::validate(figureEightWithBridge(2.0));
    ASSERT_FALSE(low.empty());
    EXPECT_EQ(codes(low), std::set<std::string>{"overpass-clearance"}) << describe(low);
    EXPECT_NE(low.front().message.find("Raise link"), std::string::npos) << low.front().message;
    EXPECT_NE(low.front().message.find("4.50 m"), std::string::npos) << low.front().message;

    // The designer's clearance is what counts: a 1.5 m one makes the 2 m crossing a bridge.
    TrackDocument lowClearance = figureEightWithBridge(2.0);
    lowClearance.crossingClearance = 1.5;
    EXPECT_TRUE(formats::validate(lowClearance).empty()) << describe(formats::validate(lowClearance));

    // Banking tilts the edges: the lower pass banked 10° raises its left edge towards the bridge.
    TrackDocument banked = figureEightWithBridge(4.9);
    for (std::size_t i = 0; i < banked.nodes.size(); ++i)
        if (banked.nodes[i].position.z < 1.0) banked.nodes[i].banking = 10.0 * std::numbers::pi / 180.0;
    EXPECT_TRUE(formats::validate(figureEightWithBridge(4.9)).empty());
    // (Banked all at once, in one 6.5 m link at each end: that twist is said too.)
    EXPECT_EQ(codes(formats::validate(banked)), (std::set<std::string>{"overpass-clearance", "banking-rate"})) << describe(formats::validate(banked));
}

TEST(Validate, WidthJumpGivesTheRatio) {
    TrackDocument doc = tw::test::circleTrack();
    doc.nodes[4].right.track = 2.0;
    const Diagnostics diagnostics = formats::validate(doc);
    const Diagnostic* d = find(diagnostics, "width-jump");
    ASSERT_NE(d, nullptr);
    EXPECT_NE(d->message.find("x3.0"), std::string::npos) << d->message;
    EXPECT_EQ(d->severity, formats::Severity::Warning);
    EXPECT_EQ(d->node, 3u);
    EXPECT_EQ(d->otherNode, 4u);
    EXPECT_EQ(d->jsonPath, "nodes[4].right.track");

    // Below minWidthJumpMetres a big ratio is not a jump: 0.5 m to 0.2 m is x2.5 but only 0.3 m.
    doc = tw::test::circleTrack();
    for (auto& node : doc.nodes) node.left.track = 0.5;
    doc.nodes[4].left.track = 0.2;
    for (auto& offset : doc.lines[0].offsets) offset = 0.0;
    const Diagnostics small = formats::validate(doc);
    EXPECT_TRUE(small.empty()) << describe(small);
}

// A broken number is reported once; the route's geometry and lines are not checked with it, which
// would only repeat it as nonsense jumps and crossings.
TEST(Validate, BrokenNumbersDoNotCascade) {
    TrackDocument doc = tw::test::circleTrack();
    doc.nodes[4].left.track = -1.0;
    EXPECT_EQ(codes(formats::validate(doc)), std::set<std::string>{"negative-width"}) << describe(formats::validate(doc));
    doc = tw::test::circleTrack();
    doc.nodes[4].position.y = NAN;
    EXPECT_EQ(codes(formats::validate(doc)), std::set<std::string>{"non-finite"}) << describe(formats::validate(doc));
    doc = tw::test::circleTrack();
    doc.nodes[4].right.runoff = INFINITY;
    const Diagnostics d = formats::validate(doc);
    ASSERT_EQ(d.size(), 1u) << describe(d);
    EXPECT_EQ(d[0].jsonPath, "nodes[4].right.runoff");
    EXPECT_EQ(d[0].node, 4u);
}

// A duplicate node is one error; the links either side of it count as neighbours for the edge check.
TEST(Validate, ADuplicateNodeIsOneError) {
    TrackDocument doc = tw::test::circleTrack();
    doc.nodes.push_back(doc.nodes[5]);
    doc.nodes.back().speedOverride.reset();
    doc.routes[0].nodes.insert(doc.routes[0].nodes.begin() + 6, 24);
    doc.lines[0].offsets.insert(doc.lines[0].offsets.begin() + 6, 0.0);
    const Diagnostics diagnostics = formats::validate(doc);
    ASSERT_EQ(diagnostics.size(), 1u) << describe(diagnostics);
    EXPECT_EQ(diagnostics[0].code, "duplicate-node");
    EXPECT_EQ(diagnostics[0].node, 5u);
    EXPECT_EQ(diagnostics[0].otherNode, 24u);
}

TEST(Validate, BranchAttachmentsAreChecked) {
    TrackDocument doc = tw::test::circleTrack();
    formats::TrackNode pit = doc.nodes[0];
    pit.position = {75.0, 10.0, 0.0};
    doc.nodes.push_back(pit);
    pit.position = {75.0, 20.0, 0.0};
    doc.nodes.push_back(pit);
    doc.routes.push_back({"pit", false, {24, 25}, formats::RouteAttachment{0, 0}, formats::RouteAttachment{0, 2}});
    EXPECT_EQ(find(formats::validate(doc), "ref-branch"), nullptr) << describe(formats::validate(doc));

    auto pathOf = [](const TrackDocument& changed, const std::string& code) {
        const Diagnostics found = formats::validate(changed);
        const Diagnostic* d = find(found, code);
        return d ? d->jsonPath : "(no " + code + ")" + describe(found);
    };
    TrackDocument bad = doc;
    bad.routes[1].join = formats::RouteAttachment{0, 24};  // node 24 is the branch's own
    EXPECT_EQ(pathOf(bad, "ref-branch"), "routes[1].join.node");
    bad = doc;
    bad.routes[1].fork = formats::RouteAttachment{1, 24};
    EXPECT_EQ(pathOf(bad, "ref-branch"), "routes[1].fork.route") << "a route forking from itself";
    bad = doc;
    bad.routes[0].fork = formats::RouteAttachment{1, 24};
    EXPECT_EQ(pathOf(bad, "ref-branch"), "routes[0].fork") << "the main route cannot fork";
    bad = doc;
    bad.routes[1].fork = formats::RouteAttachment{7, 0};
    EXPECT_EQ(pathOf(bad, "ref-route"), "routes[1].fork.route");
    bad = doc;
    bad.routes[1].closed = true;
    EXPECT_EQ(pathOf(bad, "branch-closed"), "routes[1].closed");
    bad = doc;
    bad.routes[1].nodes = {};
    bad.nodes.resize(24);
    EXPECT_EQ(find(formats::validate(bad), "route-too-short"), nullptr) << "fork and join alone make a two-point branch";
    bad.routes[1].join.reset();
    EXPECT_EQ(pathOf(bad, "route-too-short"), "routes[1].nodes");
}

// Validation must hold whatever a hand edit does to a document: out-of-range indices, NaNs, empty
// routes, removed nodes. A deterministic mutation loop; a crash or hang fails the test, and every
// diagnostic must stay well formed (in-range indices, a JSON path).
TEST(Validate, NeverCrashesOnMutatedDocuments) {
    std::uint64_t state = 12345;
    auto next = [&] { return (state = state * 6364136223846793005ull + 1442695040888963407ull) >> 33; };
    const double specials[] = {NAN, INFINITY, -INFINITY, -1.0, 0.0, 1e300, -1e-300, 3.0, 1e-9, 40.0};
    std::size_t withErrors = 0;
    std::set<std::string> seen;
    for (int round = 0; round < 3000; ++round) {
        TrackDocument doc = tw::test::circleTrack(8, 30.0);
        doc.routes.push_back({"pit", false, {}, formats::RouteAttachment{0, 1}, formats::RouteAttachment{0, 3}});
        const int edits = 1 + static_cast<int>(next() % 4);
        for (int edit = 0; edit < edits; ++edit) {
            const std::uint32_t pick = next() % 10 == 0 ? 0xFFFFFFFFu : static_cast<std::uint32_t>(next() % 40);
            const double value = specials[next() % std::size(specials)];
            formats::TrackNode* node = doc.nodes.empty() ? nullptr : &doc.nodes[next() % doc.nodes.size()];
            formats::Route* route = doc.routes.empty() ? nullptr : &doc.routes[next() % doc.routes.size()];
            formats::Line& line = doc.lines[0];
            switch (next() % 20) {
            case 0: if (node) node->position.x = value; break;
            case 1: if (node) node->position.y = value * 3.0; break;
            case 2: if (node) node->left.wall = value; break;
            case 3: if (node) node->right.track = value; break;
            case 4: if (node) node->speedOverride = value; break;
            case 5: if (route) route->nodes.push_back(pick); break;
            case 6: if (route) route->fork = formats::RouteAttachment{pick % 4, pick}; break;
            case 7: if (route) route->join = formats::RouteAttachment{pick % 4, pick}; break;
            case 8: if (route) route->closed = !route->closed; break;
            case 9: if (route && !route->nodes.empty()) route->nodes.erase(route->nodes.begin() + next() % route->nodes.size()); break;
            case 10: if (!doc.nodes.empty()) doc.nodes.erase(doc.nodes.begin() + next() % doc.nodes.size()); break;
            case 11: if (node) node->position = doc.nodes[next() % doc.nodes.size()].position; break;
            case 12: line.route = pick % 3; break;
            case 13: if (!line.offsets.empty()) line.offsets[next() % line.offsets.size()] = value * 10.0; break;
            case 14: if (!line.offsets.empty()) line.offsets.pop_back(); break;
            case 15: line.vehicleClass = next() % 2 ? "truck" : ""; doc.lines.push_back(line); break;
            case 16: doc.markers.push_back({"x", pick, ""}); break;
            case 17:
                doc.vehicleClasses[0].topSpeed = value;
                doc.vehicleClasses.push_back({next() % 2 ? "gt" : "", 1, 1, 1, 1, 1, 1, value});
                break;
            case 18: doc.editor.backdrop = formats::Backdrop{"x.png", {value, 0.0}, value, value, value}; break;
            default:
                if (next() % 4 == 0) doc.routes.clear();
                else if (route) route->nodes.clear();
                break;
            }
        }
        const Diagnostics diagnostics = formats::validate(doc);
        expectWellFormed(diagnostics, doc);
        for (const Diagnostic& d : diagnostics) seen.insert(d.code);
        if (round % 50 == 0) {
            EXPECT_EQ(describe(formats::validate(doc)), describe(diagnostics)) << "validation must be deterministic";
        }
        if (::testing::Test::HasFailure()) break;  // one broken document is enough to debug
        withErrors += formats::hasErrors(diagnostics) ? 1 : 0;
    }
    EXPECT_GT(withErrors, 1000u);
    // The mutations reach most checks, geometry included.
    EXPECT_GE(seen.size(), 15u);
    for (const char* code : {"duplicate-node", "ref-node", "non-finite", "perpendiculars-cross", "ref-branch"})
        EXPECT_TRUE(seen.count(code)) << code << " never produced";
}

// A 20 000-node closed route (a 40 km circle, 2 m links) is clean. How fast it validates is measured
// by BM_Validate20000Nodes in tests/bench, not here.
TEST(Validate, TwentyThousandNodeLoopIsClean) {
    const TrackDocument doc = tw::test::circleTrack(20000, 6366.0);
    const Diagnostics diagnostics = formats::validate(doc);
    EXPECT_TRUE(diagnostics.empty()) << describe(diagnostics);
}

} // namespace

namespace {

const Diagnostic* findAt(const Diagnostics& diagnostics, const std::string& code, const std::string& path) {
    for (const auto& d : diagnostics)
        if (d.code == code && d.jsonPath == path) return &d;
    return nullptr;
}

/// The stadium (one loop of 32 nodes) with a pit branch of three nodes (32, 33, 34) from node 2 to node 8.
TrackDocument stadiumWithPit() {
    TrackDocument doc = stadium();
    formats::Route pit{"pit", false, {}, formats::RouteAttachment{0, 2}, formats::RouteAttachment{0, 8}};
    for (int i = 0; i < 3; ++i) {
        formats::TrackNode node = doc.nodes[3 + 2 * static_cast<std::size_t>(i)];
        node.position.y -= 20.0;
        pit.nodes.push_back(static_cast<std::uint32_t>(doc.nodes.size()));
        doc.nodes.push_back(node);
    }
    doc.routes.push_back(pit);
    return doc;
}

// Zones on a loop may run across the start line; on the pit branch they run in its direction.
TEST(Validate, SoundZonesAndRaceSettingsAreClean) {
    TrackDocument doc = stadiumWithPit();
    const std::uint32_t pit0 = doc.routes[1].nodes[0], pit2 = doc.routes[1].nodes[2];
    doc.zones = {{"overtaking", 2, 9, "left"}, {"no-overtaking", 12, 20, ""}, {"overtaking", 28, 1, "both"}, {"no-overtaking", pit0, pit2, ""}};
    doc.race = formats::RaceSettings{};
    doc.race->yieldSide = "left";
    const Diagnostics d = formats::validate(doc);
    EXPECT_TRUE(d.empty()) << describe(d);
}

TEST(Validate, BadZonesNameTheZoneFieldAndWhatToDo) {
    TrackDocument doc = stadiumWithPit();
    const std::uint32_t pit0 = doc.routes[1].nodes[0], pit2 = doc.routes[1].nodes[2];
    doc.zones = {{"overtake", 2, 9, ""},              // 0: kind misspelt
                 {"overtaking", 2, 9, "middle"},      // 1: sides
                 {"no-overtaking", 2, 9, "left"},     // 2: sides on a no-overtaking zone
                 {"overtaking", 2, 500, ""},          // 3: no such node
                 {"overtaking", 2, pit0, ""},         // 4: two routes
                 {"overtaking", 5, 5, ""},            // 5: empty
                 {"overtaking", pit2, pit0, ""}};     // 6: backwards on the open pit lane
    const Diagnostics d = formats::validate(doc);
    expectWellFormed(d, doc);
    ASSERT_NE(findAt(d, "zone-kind", "zones[0].kind"), nullptr) << describe(d);
    EXPECT_NE(findAt(d, "zone-kind", "zones[0].kind")->message.find("\"no-overtaking\""), std::string::npos);
    EXPECT_NE(findAt(d, "zone-sides", "zones[1].sides"), nullptr) << describe(d);
    EXPECT_NE(findAt(d, "zone-sides", "zones[2].sides"), nullptr) << describe(d);
    ASSERT_NE(findAt(d, "ref-node", "zones[3].to"), nullptr) << describe(d);
    EXPECT_NE(findAt(d, "ref-node", "zones[3].to")->message.find("zone 3"), std::string::npos);
    const Diagnostic* mismatch = findAt(d, "zone-route-mismatch", "zones[4].to");
    ASSERT_NE(mismatch, nullptr) << describe(d);
    EXPECT_EQ(mismatch->node, 2u);
    EXPECT_EQ(mismatch->otherNode, pit0);
    EXPECT_NE(mismatch->message.find("route 1 \"pit\""), std::string::npos) << mismatch->message;
    EXPECT_NE(findAt(d, "zone-empty", "zones[5].to"), nullptr) << describe(d);
    EXPECT_NE(findAt(d, "zone-backwards", "zones[6].to"), nullptr) << describe(d);
    EXPECT_EQ(d.size(), 7u) << describe(d);
}

TEST(Validate, AZoneOnANodeOfNoRouteIsAnError) {
    TrackDocument doc = stadium();
    doc.nodes.push_back(doc.nodes[0]);
    const auto lonely = static_cast<std::uint32_t>(doc.nodes.size() - 1);
    doc.zones = {{"no-overtaking", lonely, 3, ""}};
    const Diagnostics d = formats::validate(doc);
    const Diagnostic* off = findAt(d, "zone-off-route", "zones[0].from");
    ASSERT_NE(off, nullptr) << describe(d);
    EXPECT_EQ(off->node, lonely);
}

// Overlaps of opposite kinds warn (no-overtaking wins at run time); zones of one kind may overlap,
// and zones that only meet at a node do not overlap.
TEST(Validate, OverlappingZonesOfOppositeKindsWarn) {
    TrackDocument doc = stadium();
    doc.zones = {{"overtaking", 28, 4, ""}, {"no-overtaking", 2, 6, ""}, {"overtaking", 6, 10, ""}, {"overtaking", 8, 12, "left"}};
    const Diagnostics d = formats::validate(doc);
    expectWellFormed(d, doc);
    ASSERT_EQ(d.size(), 1u) << describe(d);
    EXPECT_EQ(d[0].code, "zone-overlap");
    EXPECT_EQ(d[0].severity, formats::Severity::Warning);
    EXPECT_EQ(d[0].jsonPath, "zones[1]");
    EXPECT_NE(d[0].message.find("zones 0 and 1"), std::string::npos) << d[0].message;
}

TEST(Validate, BadRaceSettingsNameTheirField) {
    TrackDocument doc = stadium();
    doc.race = formats::RaceSettings{};
    doc.race->yieldSide = "centre";
    doc.race->grid.pole = "Left";
    doc.race->grid.rowSpacing = -2.0;
    doc.race->grid.stagger = std::nan("");
    doc.race->pitStopTime = INFINITY;
    const Diagnostics d = formats::validate(doc);
    expectWellFormed(d, doc);
    for (const char* path : {"race.yield_side", "race.grid.pole", "race.grid.row_spacing", "race.grid.stagger", "race.pit_stop_time"})
        EXPECT_NE(findAt(d, "race-setting", path), nullptr) << path << describe(d);
    EXPECT_EQ(d.size(), 5u) << describe(d);
}

} // namespace

namespace {

// Whatever validate accepts bakes into a file the product reads back: a race value of 1e300
// validated and built, then every tool called the bake damaged; class values of 1e-300 baked to 0.
TEST(Validate, ValuesNoBakeHoldsAreRefusedBeforeTheBake) {
    struct Case {
        const char* what;
        std::function<void(TrackDocument&)> edit;
        const char* code;
    };
    const Case cases[] = {
        {"pit stop of 1e300 s", [](TrackDocument& d) { d.race.emplace().pitStopTime = 1e300; }, "race-setting"},
        {"row spacing of 5 km", [](TrackDocument& d) { d.race.emplace().grid.rowSpacing = 5000.0; }, "race-setting"},
        {"lateral limit of 1e-300", [](TrackDocument& d) { d.vehicleClasses[0].maxLateralAcceleration = 1e-300; }, "vehicle-out-of-range"},
        {"top speed of 1e300", [](TrackDocument& d) { d.vehicleClasses[0].topSpeed = 1e300; }, "vehicle-out-of-range"},
        {"steering lock of 100 rad", [](TrackDocument& d) { d.vehicleClasses[0].maxSteeringAngle = 100.0; }, "vehicle-out-of-range"},
        {"speed override of 1e300", [](TrackDocument& d) { d.nodes[2].speedOverride = 1e300; }, "speed-override"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.what);
        TrackDocument doc = tw::test::circleTrack();
        ASSERT_FALSE(doc.vehicleClasses.empty());
        c.edit(doc);
        const Diagnostics d = formats::validate(doc);
        EXPECT_NE(find(d, c.code), nullptr) << describe(d);
    }
}

} // namespace

namespace {

/// How many diagnostics of `code`.
std::ptrdiff_t count(const Diagnostics& diagnostics, const std::string& code) {
    return std::count_if(diagnostics.begin(), diagnostics.end(), [&](const Diagnostic& d) { return d.code == code; });
}

void expectMentions(const Diagnostic& d, std::initializer_list<std::string> parts) {
    for (const std::string& part : parts) EXPECT_NE(d.message.find(part), std::string::npos) << "\"" << part << "\" not in: " << d.message;
}

/// Checks the diagnostic of `code` at `path`: there is one, of its code's severity, on `node` (none
/// when empty) and `route`, its message holding each of `parts`.
void expectDiagnostic(const Diagnostics& diagnostics, const std::string& code, const std::string& path, std::optional<std::uint32_t> node,
                      std::uint32_t route, std::initializer_list<std::string> parts) {
    const Diagnostic* d = findAt(diagnostics, code, path);
    if (!d) {
        ADD_FAILURE() << "no " << code << " at " << path << describe(diagnostics);
        return;
    }
    EXPECT_EQ(d->severity, kWarningCodes.count(code) ? formats::Severity::Warning : formats::Severity::Error) << code;
    EXPECT_EQ(d->node, node) << code << " at " << path;
    EXPECT_EQ(d->route, route) << code << " at " << path;
    expectMentions(*d, parts);
}

// Issue 47: a race has one start line and one finish line; the runtime reads the first of each.
TEST(Validate, ASecondStartOrFinishLineIsAnErrorNamingBothMarkers) {
    TrackDocument doc = stadiumWithPit();
    doc.markers = {{"start-finish", 0, "Line"}, {"start", 12, ""}, {"finish", 20, "Flag"}};
    Diagnostics d = formats::validate(doc);
    expectWellFormed(d, doc);
    expectDiagnostic(d, "several-start-lines", "markers[1].kind", 12, 0,
                     {"marker 1 (\"start\" at node 12)", "second start line", "marker 0 \"Line\" (\"start-finish\" at node 0)"});
    expectDiagnostic(d, "several-start-lines", "markers[2].kind", 20, 0, {"marker 2 \"Flag\" (\"finish\" at node 20)", "second finish line", "marker 0"});
    EXPECT_EQ(d.size(), 2u) << describe(d);

    // One of each is the race: a loop's start-finish with a sector; a start and a finish apart.
    doc.markers = {{"start-finish", 0, ""}, {"sector", 12, ""}, {"pit-box", doc.routes[1].nodes[1], ""}};
    EXPECT_TRUE(formats::validate(doc).empty()) << describe(formats::validate(doc));
    doc.markers = {{"start", 0, ""}, {"finish", 12, ""}};
    EXPECT_TRUE(formats::validate(doc).empty()) << describe(formats::validate(doc));
    // A second start-finish is a second start and finish line: one error.
    doc.markers = {{"start-finish", 0, ""}, {"start-finish", 12, ""}};
    d = formats::validate(doc);
    EXPECT_EQ(d.size(), 1u) << describe(d);
    expectDiagnostic(d, "several-start-lines", "markers[1].kind", 12, 0,
                     {"marker 1 (\"start-finish\" at node 12) is a second start and finish line", "marker 0 (\"start-finish\" at node 0) is one already"});
    // Two start lines on different routes are still two.
    doc.markers = {{"start-finish", 0, ""}, {"start", doc.routes[1].nodes[0], ""}};
    d = formats::validate(doc);
    EXPECT_EQ(d.size(), 1u) << describe(d);
    expectDiagnostic(d, "several-start-lines", "markers[1].kind", doc.routes[1].nodes[0], 1, {"second start line"});
}

// Issue 47: a marker of kind "wibble". Every kind formats lists is known; another warns, naming it
// and the known ones (a game may bake a kind of its own, so it is not an error).
TEST(Validate, AnUnknownMarkerKindWarnsNamingItAndTheKnownOnes) {
    TrackDocument doc = stadium();
    doc.markers = {{"start-finish", 0, ""}, {"wibble", 5, "W"}, {"Pit-Box", 7, ""}};
    Diagnostics d = formats::validate(doc);
    expectWellFormed(d, doc);
    expectDiagnostic(d, "marker-kind", "markers[1].kind", 5, 0,
                     {"marker 1 \"W\" (\"wibble\" at node 5)", "start-finish, start, finish, sector, pit-box, overtaking-entry"});
    expectDiagnostic(d, "marker-kind", "markers[2].kind", 7, 0, {"\"Pit-Box\""});  // kinds are case-sensitive
    EXPECT_EQ(d.size(), 2u) << describe(d);

    doc.markers.clear();
    for (const char* kind : trackwright::format::kMarkerKinds)
        if (!trackwright::format::isStartLineKind(kind) && !trackwright::format::isFinishLineKind(kind)) doc.markers.push_back({kind, 3, ""});
    doc.markers.push_back({trackwright::format::kMarkerStartFinish, 0, ""});
    EXPECT_TRUE(formats::validate(doc).empty()) << describe(formats::validate(doc));
}

// Issue 47: two routes named "main". Routes are told apart by index, so it warns; unnamed routes
// may be many.
TEST(Validate, TwoRoutesOfOneNameWarnNamingBoth) {
    TrackDocument doc = stadiumWithPit();
    doc.routes[1].name = "main";
    Diagnostics d = formats::validate(doc);
    expectWellFormed(d, doc);
    EXPECT_EQ(d.size(), 1u) << describe(d);
    expectDiagnostic(d, "duplicate-route-name", "routes[1].name", std::nullopt, 1, {"route 1 \"main\"", "route 0", "Rename"});

    doc.routes[0].name = doc.routes[1].name = "";
    d = formats::validate(doc);
    EXPECT_TRUE(d.empty()) << "unnamed routes are named by their index" << describe(d);
}

// Issue 47: a node without tarmac. A stretch of such nodes is one error at its narrowest node; a
// road of at least 1 m is a road, and a node on no route has no road to be wrong about.
TEST(Validate, NodesWithoutTarmacAreErrorsNamingTheStretchAndTheNarrowest) {
    TrackDocument doc = tw::test::circleTrack();
    for (std::uint32_t n : {4u, 5u, 6u}) doc.nodes[n].left.track = doc.nodes[n].right.track = 0.3;
    doc.nodes[5].right.track = 0.0;
    doc.nodes[12].left.track = doc.nodes[12].right.track = 0.0;
    for (double& offset : doc.lines[0].offsets) offset = 0.0;
    Diagnostics d = formats::validate(doc);
    expectWellFormed(d, doc);
    expectDiagnostic(d, "no-tarmac", "nodes[5].left.track", 5, 0,
                     {"nodes 4 to 6", "route 0 \"main\"", "3 nodes", "node 5, has 0.30 m", "left 0.30 m + right 0.00 m", "\"left.track\""});
    expectDiagnostic(d, "no-tarmac", "nodes[12].left.track", 12, 0, {"node 12 on route 0 \"main\" has 0.00 m of tarmac", "1.00 m"});
    EXPECT_EQ(count(d, "no-tarmac"), 2) << describe(d);

    doc = tw::test::circleTrack();
    doc.nodes[7].left.track = doc.nodes[7].right.track = 0.5;  // 1 m together: narrow, but a road
    for (double& offset : doc.lines[0].offsets) offset = 0.0;
    doc.vehicleClasses.clear();
    EXPECT_EQ(find(formats::validate(doc), "no-tarmac"), nullptr) << describe(formats::validate(doc));

    doc = tw::test::circleTrack();
    doc.nodes.push_back(formats::TrackNode{});  // all widths 0, on no route
    doc.nodes.back().position = {500.0, 500.0, 0.0};
    EXPECT_EQ(codes(formats::validate(doc)), std::set<std::string>{"node-unused"}) << describe(formats::validate(doc));
}

// Every node of a track imported without its widths: the stretch is one error, not 2000; beyond 20
// stretches on a route the rest are counted in one.
TEST(Validate, NoTarmacIsOneErrorPerStretchWithASummaryBeyondTwenty) {
    TrackDocument doc = tw::test::circleTrack(2000, 640.0);
    for (formats::TrackNode& node : doc.nodes) node.left.track = node.right.track = 0.0;
    doc.lines.clear();
    const Diagnostics d = formats::validate(doc);
    EXPECT_EQ(count(d, "no-tarmac"), 1) << describe(d);
    expectDiagnostic(d, "no-tarmac", "nodes[0].left.track", 0, 0, {"nodes 0 to 1999", "2000 nodes"});

    // Every other node without tarmac: 50 stretches, 20 listed and one summary of the other 30.
    doc = tw::test::circleTrack(100, 160.0);
    for (std::size_t n = 0; n < doc.nodes.size(); n += 2) doc.nodes[n].left.track = doc.nodes[n].right.track = 0.0;
    doc.lines.clear();
    const Diagnostics many = formats::validate(doc);
    EXPECT_EQ(count(many, "no-tarmac"), 21) << describe(many);
    expectDiagnostic(many, "no-tarmac", "routes[0].nodes", std::nullopt, 0, {"30 more stretches (30 nodes)", "route 0 \"main\""});
}

// Issue 47: a class wider than the road cannot pass there, an error; wider than the tarmac only, it
// drives with wheels on the runoff (drivable), a warning. One of each per class and route, at the
// narrowest node, naming the class, its width, the node and the widths there.
TEST(Validate, AClassWiderThanTheRoadIsAnErrorAndWiderThanTheTarmacAWarning) {
    TrackDocument doc = stadiumWithPit();  // 8 m of tarmac and 12 m of road everywhere
    doc.vehicleClasses = {{"gt", 12.0, 6.0, 12.5, 80.0, 2.6, 0.55, 1.9}, {"truck", 6.0, 2.0, 6.0, 30.0, 4.5, 0.6, 7.5}};
    const std::uint32_t pit0 = doc.routes[1].nodes[0], pit1 = doc.routes[1].nodes[1];
    doc.nodes[pit1].left.track = doc.nodes[pit1].right.track = 3.4;
    doc.nodes[pit0].right.track = 3.0;    // 7 m: narrower than the truck, not the narrowest
    doc.nodes[9].left.track = 3.6;        // 7.6 m on the main route: wide enough
    Diagnostics d = formats::validate(doc);
    expectWellFormed(d, doc);
    EXPECT_EQ(d.size(), 1u) << describe(d);
    expectDiagnostic(d, "class-wider-than-tarmac", "vehicle_classes[1].width", pit1, 1,
                     {"vehicle class \"truck\" is 7.50 m wide", "6.80 m of tarmac (left 3.40 m + right 3.40 m)", "at node " + std::to_string(pit1),
                      "route 1 \"pit\"", "the narrowest of 2 nodes", "runoff"});

    // Narrow the runoff at that node below the truck too: there it cannot pass.
    doc.nodes[pit1].left.runoff = doc.nodes[pit1].right.runoff = 3.6;
    d = formats::validate(doc);
    expectWellFormed(d, doc);
    EXPECT_EQ(d.size(), 2u) << describe(d);
    expectDiagnostic(d, "class-wider-than-road", "vehicle_classes[1].width", pit1, 1,
                     {"vehicle class \"truck\" is 7.50 m wide", "wider than the road at node " + std::to_string(pit1) + " on route 1 \"pit\"",
                      "6.80 m of tarmac (left 3.40 m + right 3.40 m), 7.20 m with the runoff", "cannot pass"});
    expectDiagnostic(d, "class-wider-than-tarmac", "vehicle_classes[1].width", pit0, 1, {"at node " + std::to_string(pit0)});  // the other narrow node

    // The brief's nonsense: a 30 m class on 10 m of tarmac (also beyond any vehicle's width).
    doc = stadium();
    for (formats::TrackNode& node : doc.nodes) node.left.track = node.right.track = 5.0;
    doc.vehicleClasses = {{"barge", 6.0, 2.0, 6.0, 30.0, 4.5, 0.6, 30.0}};
    d = formats::validate(doc);
    EXPECT_EQ(codes(d), (std::set<std::string>{"class-wider-than-road", "vehicle-out-of-range"})) << describe(d);
    expectDiagnostic(d, "class-wider-than-road", "vehicle_classes[0].width", 0, 0,
                     {"\"barge\" is 30.00 m wide", "10.00 m of tarmac (left 5.00 m + right 5.00 m), 12.00 m with the runoff", "route 0 \"main\"",
                      "the narrowest of 32 nodes"});

    // A class exactly as wide as the tarmac fits.
    doc.vehicleClasses[0].width = 10.0;
    EXPECT_TRUE(formats::validate(doc).empty()) << describe(formats::validate(doc));

    // A class that leaves its width out takes its car's (1.9 m): wider than 1.6 m of tarmac.
    const std::optional<formats::VehicleClass> gt = tw::test::testGtClass();
    ASSERT_TRUE(gt);
    doc.vehicleClasses = {*gt};
    doc.nodes[3].left.track = doc.nodes[3].right.track = 0.8;
    d = formats::validate(doc);
    expectDiagnostic(d, "class-wider-than-tarmac", "vehicle_classes[0].car.width", 3, 0,
                     {"\"test-gt\" is 1.90 m wide (its car's width)", "1.60 m of tarmac", "at node 3 on route 0 \"main\""});
}

// The bundled samples and the real circuits of /work/shared/tracks, imported as the TUM CSVs and the
// TORCS tracks are, stay clean of the issue-47 codes: no error, and none of the new warnings; a
// track without classes is checked with a 1.9 m GT class added, so the class checks see real roads.
/// An open road along +x, a node every 10 m, 5 m of tarmac a side.
TrackDocument straightRoad(int nodes = 12) {
    TrackDocument doc;
    doc.name = "Straight";
    formats::Route route{"main", false, {}, std::nullopt, std::nullopt};
    for (int k = 0; k < nodes; ++k) {
        formats::TrackNode node;
        node.position = {10.0 * k, 0.0, 0.0};
        node.left = node.right = {5.0, 7.0, 9.0};
        route.nodes.push_back(static_cast<std::uint32_t>(k));
        doc.nodes.push_back(node);
    }
    doc.routes.push_back(route);
    doc.vehicleClasses.push_back({"gt", 12.0, 6.0, 12.5, 80.0, 2.6, 0.55, 1.9});
    return doc;
}

const Diagnostic* findCode(const Diagnostics& diagnostics, const std::string& code) {
    for (const Diagnostic& d : diagnostics)
        if (d.code == code) return &d;
    return nullptr;
}

TEST(Validate, ASpikeATaperAndATwistThatNoRoadHasWarnNamingTheirNodes) {
    // Issue 49's designer: a node dragged 13 m sideways, 5 -> 8 m of tarmac in one 10 m link, 0 -> 8°
    // of banking in one 10 m link. Each validated clean before.
    TrackDocument spike = straightRoad();
    spike.nodes[5].position.y = 13.0;
    const Diagnostics spiked = formats::validate(spike);
    EXPECT_EQ(codes(spiked), std::set<std::string>{"kink"}) << describe(spiked);
    const Diagnostic* kink = findCode(spiked, "kink");
    ASSERT_NE(kink, nullptr);
    EXPECT_EQ(kink->node, 5u) << "the apex, not its neighbours";
    EXPECT_NE(kink->message.find("turns 104"), std::string::npos) << kink->message;

    TrackDocument taper = straightRoad();
    for (int k = 6; k < 12; ++k) taper.nodes[k].left = {8.0, 10.0, 12.0};
    const Diagnostics tapered = formats::validate(taper);
    const Diagnostic* widening = findCode(tapered, "width-rate");
    ASSERT_NE(widening, nullptr) << describe(tapered);
    EXPECT_EQ(widening->node, 5u);
    EXPECT_EQ(widening->otherNode, 6u);
    EXPECT_EQ(widening->jsonPath, "nodes[6].left.track");
    EXPECT_EQ(findCode(tapered, "width-jump"), nullptr) << "a factor of 1.6: the old check let it by";

    TrackDocument twist = straightRoad();
    for (int k = 6; k < 12; ++k) twist.nodes[k].banking = 8.0 * std::numbers::pi / 180.0;
    const Diagnostics twisted = formats::validate(twist);
    const Diagnostic* rolling = findCode(twisted, "banking-rate");
    ASSERT_NE(rolling, nullptr) << describe(twisted);
    EXPECT_EQ(rolling->jsonPath, "nodes[6].banking");

    // Spread over 40 m, the same changes are roads: nothing to say.
    TrackDocument gradual = straightRoad();
    for (int k = 6; k < 12; ++k) {
        const double share = std::min(1.0, (k - 5) / 4.0);
        gradual.nodes[k].left = {5.0 + 3.0 * share, 7.0 + 3.0 * share, 9.0 + 3.0 * share};
        gradual.nodes[k].banking = share * 8.0 * std::numbers::pi / 180.0;
    }
    const Diagnostics fine = formats::validate(gradual);
    for (const char* code : {"kink", "width-rate", "banking-rate"}) EXPECT_EQ(findCode(fine, code), nullptr) << code << describe(fine);
}

TEST(Validate, TheSamplesAndTheSharedCircuitsValidateWithoutErrors) {
    const std::set<std::string> issue47 = {"no-tarmac", "duplicate-route-name", "several-start-lines", "marker-kind", "class-wider-than-road",
                                           "class-wider-than-tarmac"};
    // Roads as built never kink or taper like a dragged node or handle (issue 49's checks).
    const std::set<std::string> issue49 = {"kink", "width-rate"};
    auto expectClean = [&](TrackDocument doc, const std::string& what) {
        if (doc.vehicleClasses.empty()) doc.vehicleClasses.push_back({"gt", 12.0, 6.0, 12.5, 80.0, 2.6, 0.55, 1.9});
        const Diagnostics d = formats::validate(doc);
        EXPECT_FALSE(formats::hasErrors(d)) << what << describe(d);
        for (const Diagnostic& x : d) EXPECT_EQ(issue47.count(x.code) + issue49.count(x.code), 0u) << what << ": [" << x.code << "] " << x.message;
    };
    std::size_t samples = 0, circuits = 0, torcs = 0;
    for (const auto& entry : std::filesystem::directory_iterator(TRACKWRIGHT_SAMPLES_DIR)) {
        if (entry.path().extension() != ".twtrack") continue;
        ++samples;
        const formats::TrackLoadResult loaded = formats::loadTrackFile(entry.path());
        ASSERT_TRUE(loaded.document) << entry.path() << describe(loaded.diagnostics);
        expectClean(*loaded.document, entry.path().filename().string());
    }
    const std::filesystem::path shared = TRACKWRIGHT_SHARED_TRACKS_DIR;
    for (const auto& entry : std::filesystem::directory_iterator(shared)) {
        if (entry.path().extension() != ".csv") continue;
        ++circuits;
        std::string error;
        const auto csv = formats::readWholeFile(entry.path(), error);
        ASSERT_TRUE(csv) << error;
        const formats::ImportResult imported = formats::importTumCsv(*csv, entry.path().stem().string());
        ASSERT_TRUE(imported.document) << entry.path() << describe(imported.diagnostics);
        expectClean(*imported.document, entry.path().filename().string());
    }
    for (const char* category : {"road", "oval", "dirt"}) {
        for (const auto& entry : std::filesystem::directory_iterator(shared / "torcs" / category)) {
            if (entry.path().extension() != ".xml") continue;
            ++torcs;
            const formats::ImportResult imported = formats::importTorcsTrackFile(entry.path());
            ASSERT_TRUE(imported.document) << entry.path() << describe(imported.diagnostics);
            expectClean(*imported.document, entry.path().filename().string());
        }
    }
    EXPECT_GE(samples, 4u);
    EXPECT_EQ(circuits, 12u);
    EXPECT_GE(torcs, 30u);
}

} // namespace

namespace {

TEST(Validate, ATrackWhoseBakeWouldPassTheLimitIsRefusedBeforeTheBake) {
    // A valid track baked into a file the tools' own loaders refused (issue 47). 10 000 nodes, 240
    // lines for each of 100 classes: ~1.1 GB of line points and speed hints.
    formats::TrackDocument doc = tw::test::circleTrack(10000, 8000.0);
    for (int c = 0; c < 100; ++c) doc.vehicleClasses.push_back({"class " + std::to_string(c), 10.0, 5.0, 10.0, 60.0, 2.5, 0.5, 1.8});
    for (int l = 0; l < 240; ++l) doc.lines.push_back({"line " + std::to_string(l), 0, "", std::vector<double>(10000, 0.0)});
    const formats::Diagnostics big = formats::validate(doc);
    const auto found = std::find_if(big.begin(), big.end(), [](const formats::Diagnostic& d) { return d.code == "track-too-large"; });
    ASSERT_NE(found, big.end());
    EXPECT_NE(found->message.find("MB, more than the 1024 MB a .twbake may be"), std::string::npos) << found->message;
    EXPECT_NE(found->message.find("fewer lines or classes"), std::string::npos) << found->message;

    doc.lines.resize(10);  // the same track with ten lines bakes
    const formats::Diagnostics small = formats::validate(doc);
    EXPECT_TRUE(std::none_of(small.begin(), small.end(), [](const formats::Diagnostic& d) { return d.code == "track-too-large"; }));
}

} // namespace
