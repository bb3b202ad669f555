#include "editor/commands/change_line_offsets_command.h"
#include "editor/commands/change_nodes_command.h"
#include "editor/commands/replace_track_command.h"
#include "editor/document/editor_document.h"
#include "editor/document/track_edits.h"

#include "formats/source/track_json.h"
#include "formats/validate/validate.h"

#include <QSignalSpy>

#include <gtest/gtest.h>

namespace {

formats::TrackDocument sample(const std::string& name) {
    auto loaded = formats::loadTrackFile(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/" + name);
    if (!loaded.document) throw std::runtime_error("cannot load " + name);
    return *loaded.document;
}

bool hasErrors(const formats::TrackDocument& track) { return formats::hasErrors(formats::validate(track)); }

void apply(editor::EditorDocument& document, const editor::TrackEdit& edit, const char* what) {
    ASSERT_TRUE(edit.track) << what << ": " << edit.refusal;
    for (const auto& d : formats::validate(*edit.track)) EXPECT_NE(d.severity, formats::Severity::Error) << what << ": " << d.code << " " << d.message;
    document.undoStack()->push(new editor::ReplaceTrackCommand(&document, what, *edit.track));
}

TEST(EditorDocument, EveryEditUndoesBackToTheOriginalBytesAndRedoesToTheEditedOnes) {
    const formats::TrackDocument original = sample("harbour_sprint.twtrack");
    const std::string originalText = formats::writeTrackJson(original);
    editor::EditorDocument document(original);
    const formats::Route& main = document.track().routes[0];
    const formats::Vec2 a = document.track().nodes[main.nodes[2]].position.ground(), b = document.track().nodes[main.nodes[3]].position.ground();

    apply(document, editor::insertNode(document.track(), 0, 2, (a + b) * 0.5), "insert");
    // On past the end, the way the route was going.
    const formats::Vec2 last = document.track().nodes[main.nodes.back()].position.ground();
    const formats::Vec2 before = document.track().nodes[main.nodes[main.nodes.size() - 2]].position.ground();
    apply(document, editor::appendNode(document.track(), 0, false, last + (last - before)), "append");
    apply(document, editor::deleteNodes(document.track(), {document.track().routes[0].nodes[5]}), "delete");
    apply(document, editor::makeBranch(document.track(), document.track().routes[0].nodes[3], document.track().routes[0].nodes[9]), "branch");
    const std::uint32_t moved = document.track().routes[0].nodes[4];
    for (int step = 1; step <= 10; ++step) {
        formats::TrackNode node = document.track().nodes[moved];
        node.position.x += 0.5;
        node.left.track += 0.1;
        document.undoStack()->push(new editor::ChangeNodesCommand(&document, "drag", {{moved, node}}, 77));
    }
    if (!document.track().lines.empty()) {
        std::vector<double> offsets = document.track().lines[0].offsets;
        offsets[1] += 0.7;
        document.undoStack()->push(new editor::ChangeLineOffsetsCommand(&document, "line", 0, offsets));
    }
    EXPECT_TRUE(document.isModified());
    const std::string editedText = formats::writeTrackJson(document.track());
    EXPECT_NE(editedText, originalText);
    EXPECT_EQ(document.undoStack()->count(), document.track().lines.empty() ? 5 : 6) << "the drag is one step";

    while (document.undoStack()->canUndo()) document.undoStack()->undo();
    EXPECT_EQ(formats::writeTrackJson(document.track()), originalText);
    EXPECT_FALSE(document.isModified());
    while (document.undoStack()->canRedo()) document.undoStack()->redo();
    EXPECT_EQ(formats::writeTrackJson(document.track()), editedText);
}

TEST(TrackEdits, InsertingInterpolatesWidthsAndLineOffsetsAndSelectsTheNewNode) {
    formats::TrackDocument track = sample("kart.twtrack");
    track.lines.push_back({"racing", 0, "", std::vector<double>(track.routes[0].nodes.size(), 0.0)});
    track.lines[0].offsets[3] = 1.0;
    track.lines[0].offsets[4] = 2.0;
    formats::TrackNode& a = track.nodes[track.routes[0].nodes[3]];
    formats::TrackNode& b = track.nodes[track.routes[0].nodes[4]];
    a.left.track = 4.0;
    b.left.track = 6.0;
    const formats::Vec2 quarter = a.position.ground() + (b.position.ground() - a.position.ground()) * 0.25;
    const editor::TrackEdit edit = editor::insertNode(track, 0, 3, quarter);
    ASSERT_TRUE(edit.track);
    ASSERT_EQ(edit.newNodes.size(), 1u);
    const formats::TrackNode& made = edit.track->nodes[edit.newNodes[0]];
    EXPECT_NEAR(made.left.track, 4.5, 1e-9);
    EXPECT_EQ(edit.track->routes[0].nodes[4], edit.newNodes[0]);
    EXPECT_NEAR(edit.track->lines[0].offsets[4], 1.25, 1e-9);
    EXPECT_EQ(edit.track->lines[0].offsets.size(), edit.track->routes[0].nodes.size());
}

TEST(TrackEdits, RefuseWhatWouldBreakTheTrackAndSayWhy) {
    const formats::TrackDocument track = sample("harbour_sprint.twtrack");
    const formats::Route& pit = track.routes[1];
    const editor::TrackEdit junction = editor::deleteNodes(track, {pit.fork->node});
    EXPECT_FALSE(junction.track);
    EXPECT_NE(junction.refusal.find("forks or joins"), std::string::npos) << junction.refusal;
    std::set<std::uint32_t> all(pit.nodes.begin(), pit.nodes.end());
    all.erase(pit.nodes.front());
    EXPECT_FALSE(editor::deleteNodes(track, all).track) << "a route keeps two nodes";
    EXPECT_FALSE(editor::setRouteClosed(track, 1, true).track) << "a branch stays open";
    EXPECT_FALSE(editor::appendNode(track, 1, false, {0, 0}).track) << "the pit lane's end is its join";
}

TEST(TrackEdits, ResamplingSpacesNodesEvenlyAndKeepsTheTrackValid) {
    const formats::TrackDocument track = sample("kart.twtrack");
    const editor::TrackEdit edit = editor::resampleRoute(track, 0, 8.0);
    ASSERT_TRUE(edit.track) << edit.refusal;
    EXPECT_FALSE(hasErrors(*edit.track));
    const formats::Route& r = edit.track->routes[0];
    std::vector<double> links;
    for (std::size_t k = 0; k < r.nodes.size(); ++k)
        links.push_back(formats::length(edit.track->nodes[r.nodes[(k + 1) % r.nodes.size()]].position.ground() - edit.track->nodes[r.nodes[k]].position.ground()));
    const auto [shortest, longest] = std::minmax_element(links.begin(), links.end());
    EXPECT_GT(*shortest, 6.0);
    EXPECT_LT(*longest, 8.5);
    EXPECT_EQ(edit.track->nodes.size(), r.nodes.size()) << "no orphan nodes left behind";

    // Adaptive: up to 8 m on the straights, closer in the hairpins, no link turning more than ~5°.
    const editor::TrackEdit adaptive = editor::resampleRoute(track, 0, 8.0, true);
    ASSERT_TRUE(adaptive.track) << adaptive.refusal;
    EXPECT_FALSE(hasErrors(*adaptive.track));
    const formats::Route& a = adaptive.track->routes[0];
    EXPECT_GT(a.nodes.size(), r.nodes.size()) << "more nodes where it bends";
    double sharpest = 0.0, shortestLink = 1e9, longestLink = 0.0;
    for (std::size_t k = 0; k < a.nodes.size(); ++k) {
        auto at = [&](std::size_t i) { return adaptive.track->nodes[a.nodes[i % a.nodes.size()]].position.ground(); };
        const formats::Vec2 u = at(k + 1) - at(k), v = at(k + 2) - at(k + 1);
        sharpest = std::max(sharpest, std::abs(std::atan2(formats::cross(u, v), formats::dot(u, v))));
        shortestLink = std::min(shortestLink, formats::length(u));
        longestLink = std::max(longestLink, formats::length(u));
    }
    EXPECT_LT(sharpest, 7.0 * M_PI / 180.0);
    EXPECT_LT(shortestLink, 0.6 * longestLink);
}

TEST(EditorDocument, ValidatesShortlyAfterAnEditNotOnEveryMouseMove) {
    editor::EditorDocument document(sample("kart.twtrack"));
    QSignalSpy validated(&document, &editor::EditorDocument::diagnosticsChanged);
    const std::uint32_t node = document.track().routes[0].nodes[0];
    formats::TrackNode broken = document.track().nodes[node];
    broken.left.track = -3.0;
    for (int i = 0; i < 5; ++i) document.undoStack()->push(new editor::ChangeNodesCommand(&document, "width", {{node, broken}}, 5));
    EXPECT_EQ(validated.count(), 0);
    ASSERT_TRUE(validated.wait(2000));
    EXPECT_EQ(validated.count(), 1);
    EXPECT_TRUE(formats::hasErrors(document.diagnostics()));
}

} // namespace

namespace {

TEST(TrackEdits, SmoothingMovesInnerNodesHalfwayToTheirNeighboursAndKeepsRouteEnds) {
    formats::TrackDocument track = sample("harbour_sprint.twtrack");
    const auto& main = track.routes[0].nodes;
    track.nodes[main[5]].position.y += 4.0;
    track.nodes[main[5]].left.track += 2.0;
    const auto moved = editor::smoothPositions(track, {main[5], main.front()});
    ASSERT_EQ(moved.size(), 1u) << "an open route's end stays";
    const formats::Vec3& p = track.nodes[main[4]].position;
    const formats::Vec3& q = track.nodes[main[6]].position;
    EXPECT_NEAR(moved[0].second.position.y, 0.5 * track.nodes[main[5]].position.y + 0.25 * (p.y + q.y), 1e-12);
    const auto widened = editor::smoothWidths(track, {main[5]});
    ASSERT_EQ(widened.size(), 1u);
    EXPECT_LT(widened[0].second.left.track, track.nodes[main[5]].left.track);
    EXPECT_EQ(widened[0].second.position, track.nodes[main[5]].position) << "widths only";
}

} // namespace
