// TORCS's barriers and pit walls are the walls the imported track's nodes carry: the barrier at the
// outer edge of the side strip (where TORCS's collide.cpp stops a car, whatever the barrier's style),
// and the pit wall — a wall border with the pit lane beyond it — at the track edge for the main route
// and at the lane's inner edge for the pit lane. Where TORCS has its pit walls is measured with TORCS
// 1.3.7's track.so (tests/data/torcs-walls.csv).
#include "formats/import/torcs_import.h"
#include "formats/import/torcs_layout.h"
#include "formats/import/torcs_params.h"
#include "formats/import/torcs_track_model.h"
#include "formats/source/file_io.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

const std::filesystem::path kTorcsDir = std::filesystem::path(TRACKWRIGHT_SHARED_TRACKS_DIR) / "torcs";
constexpr std::size_t kRight = 0, kLeft = 1;

std::string readText(const std::filesystem::path& path) {
    std::string error;
    const std::optional<std::string> text = formats::readWholeFile(path, error);
    EXPECT_TRUE(text) << error;
    return text.value_or("");
}

std::vector<std::string> sharedTracks() {
    std::vector<std::string> tracks;
    for (const char* category : {"road", "oval", "dirt"})
        for (const auto& entry : std::filesystem::directory_iterator(kTorcsDir / category))
            if (entry.path().extension() == ".xml") tracks.push_back(std::string(category) + "/" + entry.path().stem().string());
    std::sort(tracks.begin(), tracks.end());
    return tracks;
}

/// tests/data/torcs-walls.csv: per track, the sub-segments with a pit wall, per side.
std::map<std::string, std::map<std::size_t, std::set<std::uint32_t>>> torcsWalls() {
    std::map<std::string, std::map<std::size_t, std::set<std::uint32_t>>> walls;
    std::istringstream in(readText(std::filesystem::path(TRACKWRIGHT_TEST_DATA_DIR) / "torcs-walls.csv"));
    std::string line;
    bool header = true;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        if (header) {
            header = false;
            continue;
        }
        std::vector<std::string> cells;
        std::stringstream row(line);
        for (std::string cell; std::getline(row, cell, ',');) cells.push_back(cell);
        EXPECT_EQ(cells.size(), 4u) << line;
        if (cells.size() != 4u) continue;
        std::set<std::uint32_t>& ids = walls[cells[0]][cells[1] == "left" ? kLeft : kRight];
        std::stringstream ranges(cells[3]);
        for (std::string range; std::getline(ranges, range, ';');) {
            const std::size_t dash = range.find('-');
            const auto first = static_cast<std::uint32_t>(std::stoul(range.substr(0, dash)));
            const auto last = static_cast<std::uint32_t>(std::stoul(range.substr(dash + 1)));
            for (std::uint32_t id = first; id <= last; ++id) ids.insert(id);
        }
        EXPECT_EQ(ids.size(), std::stoul(cells[2])) << line;
    }
    return walls;
}

formats::torcs::TrackModel buildModel(const std::string& track) {
    static const formats::torcs::ParamFile surfaces =
        formats::torcs::parseParamFragment(readText(kTorcsDir / "data" / "surfaces.xml"), "surfaces.xml");
    const formats::torcs::ParamFile file = formats::torcs::parseParamFile(readText(kTorcsDir / (track + ".xml")), track);
    EXPECT_TRUE(file.root) << track;
    formats::torcs::ModelResult result = formats::torcs::buildTrackModel(*file.root, surfaces.root ? &*surfaces.root : nullptr, track);
    EXPECT_TRUE(result.model) << track;
    return std::move(*result.model);
}

/// Where each main-route node lies on TORCS's ring: sub-segment and fraction along it (the importer
/// lays `piecesPerSubSegment` nodes per sub-segment, evenly).
struct NodeStation {
    std::uint32_t sub = 0;
    double u = 0.0;
};

std::vector<NodeStation> mainStations(const formats::torcs::TrackModel& model) {
    const formats::TorcsImportOptions defaults;
    const std::vector<std::uint32_t> pieces = formats::torcs::piecesPerSubSegment(model, defaults.maxNodeSpacing, defaults.maxChordError);
    std::vector<NodeStation> stations;
    for (std::uint32_t k = 0; k < pieces.size(); ++k)
        for (std::uint32_t p = 0; p < pieces[k]; ++p) stations.push_back({k, static_cast<double>(p) / pieces[k]});
    return stations;
}

double barrierEdge(const formats::torcs::TrackModel& model, const formats::torcs::SideStrips& strips, double u) {
    return model.width / 2.0 + strips.borderWidth + formats::torcs::sideWidthAt(strips, u);
}

const formats::SideWidths& sideOf(const formats::TrackNode& node, std::size_t side) { return side == kLeft ? node.left : node.right; }

TEST(TorcsWalls, PitWallsAreWhereTorcsBuildsThem) {
    const auto walls = torcsWalls();
    for (const std::string& track : sharedTracks()) {
        SCOPED_TRACE(track);
        const formats::torcs::TrackModel model = buildModel(track);
        const auto found = walls.find(track);
        for (std::size_t side : {kRight, kLeft}) {
            std::set<std::uint32_t> ids;
            for (std::uint32_t k = 0; k < model.subSegments.size(); ++k)
                if (formats::torcs::isSolidWall(model.subSegments[k].sides[side])) ids.insert(k);
            const std::set<std::uint32_t> none;
            const std::set<std::uint32_t>& expected = found == walls.end() || !found->second.count(side) ? none : found->second.at(side);
            EXPECT_EQ(ids, expected) << (side == kLeft ? "left" : "right");
        }
        // TORCS's pit walls stand between the track and the pit lane.
        if (found != walls.end()) {
            ASSERT_TRUE(model.pits);
            EXPECT_EQ(found->second.size(), 1u);
            EXPECT_EQ(found->second.begin()->first, model.pits->leftSide ? kLeft : kRight);
        }
    }
}

TEST(TorcsWalls, TheBarrierIsTheMainRoutesWall) {
    for (const std::string& track : sharedTracks()) {
        SCOPED_TRACE(track);
        const formats::torcs::TrackModel model = buildModel(track);
        const formats::ImportResult result = formats::importTorcsTrackFile(kTorcsDir / (track + ".xml"));
        ASSERT_TRUE(result.document);
        const formats::TrackDocument& doc = *result.document;
        const std::vector<NodeStation> stations = mainStations(model);
        ASSERT_EQ(stations.size(), doc.routes[0].nodes.size());
        for (std::size_t i = 0; i < stations.size(); ++i) {
            const formats::TrackNode& node = doc.nodes[doc.routes[0].nodes[i]];
            const formats::torcs::SubSegment& sub = model.subSegments[stations[i].sub];
            for (std::size_t side : {kRight, kLeft}) {
                const formats::SideWidths& widths = sideOf(node, side);
                EXPECT_DOUBLE_EQ(widths.track, model.width / 2.0);
                if (formats::torcs::isSolidWall(sub.sides[side])) {
                    // The pit wall: a car on the track is stopped at the track edge.
                    EXPECT_DOUBLE_EQ(widths.runoff, model.width / 2.0) << "node " << i;
                    EXPECT_DOUBLE_EQ(widths.wall, model.width / 2.0) << "node " << i;
                    continue;
                }
                // At TORCS's barrier, whatever its style; only the inside of a tight corner may be
                // narrowed, to keep registration defined (import-widths-narrowed).
                const double barrier = barrierEdge(model, sub.sides[side], stations[i].u);
                EXPECT_DOUBLE_EQ(widths.runoff, widths.wall) << "node " << i;
                const bool inside = sub.type != formats::torcs::SegmentType::Straight &&
                                    (sub.type == formats::torcs::SegmentType::Left) == (side == kLeft);
                if (inside) EXPECT_LE(widths.wall, barrier + 1e-9) << "node " << i;
                else EXPECT_NEAR(widths.wall, barrier, 1e-9) << "node " << i;
            }
        }
    }
}

TEST(TorcsWalls, ThePitLaneRunsBehindThePitWallBetweenItAndTheBoxes) {
    const auto walls = torcsWalls();
    std::size_t lanesBesideAWall = 0;
    for (const std::string& track : sharedTracks()) {
        SCOPED_TRACE(track);
        const formats::torcs::TrackModel model = buildModel(track);
        if (!model.pits) continue;
        const std::size_t side = model.pits->leftSide ? kLeft : kRight;
        const formats::ImportResult result = formats::importTorcsTrackFile(kTorcsDir / (track + ".xml"));
        ASSERT_TRUE(result.document);
        EXPECT_FALSE(std::any_of(result.diagnostics.begin(), result.diagnostics.end(),
                                 [](const formats::Diagnostic& d) { return d.code == "torcs-pit-wall-ramp"; }));
        const formats::TrackDocument& doc = *result.document;
        ASSERT_EQ(doc.routes.size(), 2u);
        const formats::Route& main = doc.routes[0];
        const formats::Route& lane = doc.routes[1];
        const std::vector<NodeStation> stations = mainStations(model);
        const std::size_t forkAt = static_cast<std::size_t>(std::find(main.nodes.begin(), main.nodes.end(), lane.fork->node) - main.nodes.begin());
        ASSERT_LT(forkAt, main.nodes.size());
        std::size_t besideWall = 0;
        // Lane node k stands beside main-route node fork + 1 + k, on its perpendicular.
        for (std::size_t k = 0; k < lane.nodes.size(); ++k) {
            const std::size_t i = (forkAt + 1 + k) % main.nodes.size();
            const formats::TrackNode& beside = doc.nodes[main.nodes[i]];
            const formats::TrackNode& node = doc.nodes[lane.nodes[k]];
            const formats::torcs::SideStrips& strips = model.subSegments[stations[i].sub].sides[side];
            const double lateral = std::hypot(node.position.x - beside.position.x, node.position.y - beside.position.y);
            const formats::SideWidths& towardsBoxes = sideOf(node, side);
            const formats::SideWidths& towardsTrack = sideOf(node, side == kLeft ? kRight : kLeft);
            EXPECT_LE(towardsTrack.track, towardsTrack.runoff);
            EXPECT_LE(towardsTrack.runoff, towardsTrack.wall);
            EXPECT_LE(towardsBoxes.track, towardsBoxes.runoff);
            EXPECT_LE(towardsBoxes.runoff, towardsBoxes.wall);
            // Behind the boxes: the barrier at the side strip's outer edge, never beyond it.
            EXPECT_LE(lateral + towardsBoxes.wall, barrierEdge(model, strips, stations[i].u) + 1e-6) << "lane node " << k;
            if (!formats::torcs::isSolidWall(strips)) continue;
            // Beside the pit wall the lane is all in the side strip: its wall towards the track is the
            // pit wall's far face, the border's outer edge.
            ++besideWall;
            EXPECT_NEAR(lateral - towardsTrack.wall, model.width / 2.0 + strips.borderWidth, 1e-6) << "lane node " << k;
            EXPECT_NEAR(lateral + towardsBoxes.wall, barrierEdge(model, strips, stations[i].u), 1e-6) << "lane node " << k;
        }
        // Every pit wall TORCS has stands beside the imported lane, none beside the main route only.
        std::size_t wallNodes = 0;
        for (std::size_t i = 0; i < stations.size(); ++i) wallNodes += formats::torcs::isSolidWall(model.subSegments[stations[i].sub].sides[side]);
        EXPECT_EQ(besideWall, wallNodes);
        EXPECT_EQ(besideWall > 0, walls.count(track) > 0);
        lanesBesideAWall += besideWall > 0;
    }
    EXPECT_EQ(lanesBesideAWall, 7u);  // corkscrew, dirt-2, e-track-2, e-track-3, eroad, michigan, wheel-1
}

} // namespace
