// The TORCS import lands in TORCS's run-time frame: the shift TORCS's own loader applies, as measured
// with TORCS 1.3.7's track.so on every shared TORCS track (tests/data/torcs-frames.csv says how), and
// TORCS's barriers and pit walls as the walls the runtime sees.
#include "formats/import/torcs_frame.h"
#include "formats/import/torcs_import.h"
#include "formats/import/torcs_params.h"
#include "formats/import/torcs_track_model.h"
#include "formats/source/file_io.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace {

const std::filesystem::path kTorcsDir = std::filesystem::path(TRACKWRIGHT_SHARED_TRACKS_DIR) / "torcs";

std::string readText(const std::filesystem::path& path) {
    std::string error;
    const std::optional<std::string> text = formats::readWholeFile(path, error);
    EXPECT_TRUE(text) << error;
    return text.value_or("");
}

/// One row of tests/data/torcs-frames.csv: TORCS's own figures for a track.
struct TorcsFrame {
    int version = 0;
    std::size_t subSegments = 0;
    formats::Vec3 min, start, extent;
};

std::map<std::string, TorcsFrame> torcsFrames() {
    std::map<std::string, TorcsFrame> frames;
    std::istringstream in(readText(std::filesystem::path(TRACKWRIGHT_TEST_DATA_DIR) / "torcs-frames.csv"));
    std::string line;
    bool header = true;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        if (header) {  // the column names
            header = false;
            continue;
        }
        std::vector<std::string> cells;
        std::stringstream row(line);
        for (std::string cell; std::getline(row, cell, ',');) cells.push_back(cell);
        EXPECT_EQ(cells.size(), 12u) << line;
        if (cells.size() != 12u) continue;
        TorcsFrame frame;
        frame.version = std::stoi(cells[1]);
        frame.subSegments = std::stoul(cells[2]);
        frame.min = {std::stod(cells[3]), std::stod(cells[4]), std::stod(cells[5])};
        frame.start = {std::stod(cells[6]), std::stod(cells[7]), std::stod(cells[8])};
        frame.extent = {std::stod(cells[9]), std::stod(cells[10]), std::stod(cells[11])};
        frames[cells[0]] = frame;
    }
    return frames;
}

/// Every shared TORCS track, as "category/name".
std::vector<std::string> sharedTracks() {
    std::vector<std::string> tracks;
    for (const char* category : {"road", "oval", "dirt"})
        for (const auto& entry : std::filesystem::directory_iterator(kTorcsDir / category))
            if (entry.path().extension() == ".xml") tracks.push_back(std::string(category) + "/" + entry.path().stem().string());
    std::sort(tracks.begin(), tracks.end());
    return tracks;
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

// TORCS sums in float; the double-precision model is within a few millimetres of it.
constexpr double kTolerance = 0.01;

TEST(TorcsFrame, ShiftIsTorcsOwnLoadersBoundingBoxOnEveryTrack) {
    const std::map<std::string, TorcsFrame> frames = torcsFrames();
    const std::vector<std::string> tracks = sharedTracks();
    ASSERT_EQ(tracks.size(), 31u);
    for (const std::string& track : tracks) {
        SCOPED_TRACE(track);
        const auto found = frames.find(track);
        ASSERT_NE(found, frames.end()) << "tests/data/torcs-frames.csv has no row for " << track;
        const TorcsFrame& torcs = found->second;
        const formats::torcs::TrackModel model = buildModel(track);
        EXPECT_EQ(model.version, torcs.version);
        EXPECT_EQ(model.subSegments.size(), torcs.subSegments);
        const formats::torcs::LoaderBounds bounds = formats::torcs::loaderBounds(model);
        EXPECT_NEAR(bounds.min.x, torcs.min.x, kTolerance);
        EXPECT_NEAR(bounds.min.y, torcs.min.y, kTolerance);
        EXPECT_NEAR(bounds.min.z, torcs.min.z, kTolerance);
        EXPECT_NEAR(bounds.max.x - bounds.min.x, torcs.extent.x, kTolerance);
        EXPECT_NEAR(bounds.max.y - bounds.min.y, torcs.extent.y, kTolerance);
        EXPECT_NEAR(bounds.max.z - bounds.min.z, torcs.extent.z, kTolerance);
    }
}

TEST(TorcsFrame, NodeZeroIsWhereTorcsStartsTheTrack) {
    const std::map<std::string, TorcsFrame> frames = torcsFrames();
    for (const std::string& track : sharedTracks()) {
        SCOPED_TRACE(track);
        const auto found = frames.find(track);
        ASSERT_NE(found, frames.end());
        const formats::ImportResult result = formats::importTorcsTrackFile(kTorcsDir / (track + ".xml"));
        ASSERT_TRUE(result.document);
        const formats::TrackDocument& doc = *result.document;
        const formats::Vec3 node0 = doc.nodes[doc.routes[0].nodes[0]].position;
        EXPECT_NEAR(node0.x, found->second.start.x, kTolerance);
        EXPECT_NEAR(node0.y, found->second.start.y, kTolerance);
        EXPECT_NEAR(node0.z, found->second.start.z, kTolerance);
    }
}

/// A small track in version 3 or 4 spelling: `sides` are v3 main-track attributes, turned into v4's
/// side and border sections for version 4.
std::string syntheticTrack(int version, const std::string& segments, double rightSide, double leftSide, double leftBorder) {
    const auto num = [](const std::string& name, double value) { return "<attnum name=\"" + name + "\" val=\"" + std::to_string(value) + "\"/>"; };
    std::string sides;
    if (version == 3) {
        sides = num("rside width", rightSide) + num("lside width", leftSide);
        if (leftBorder > 0.0) sides += num("lborder width", leftBorder) + num("lborder height", 0.1) + "<attstr name=\"lborder style\" val=\"curb\"/>";
    } else {
        sides = "<section name=\"Right Side\">" + num("width", rightSide) + "</section><section name=\"Left Side\">" + num("width", leftSide) + "</section>";
        if (leftBorder > 0.0)
            sides += "<section name=\"Left Border\">" + num("width", leftBorder) + num("height", 0.1) + "<attstr name=\"style\" val=\"curb\"/></section>";
    }
    return "<?xml version=\"1.0\"?>\n<!DOCTYPE params SYSTEM \"params.dtd\" [\n<!ENTITY default-surfaces SYSTEM \"surfaces.xml\">\n]>\n"
           "<params name=\"synthetic\"><section name=\"Surfaces\">" + std::string(version == 3 ? "<section name=\"List\">&default-surfaces;</section>" : "&default-surfaces;") +
           "</section><section name=\"Header\"><attstr name=\"name\" val=\"Synthetic\"/>" + num("version", version) + "</section>"
           "<section name=\"Main Track\">" + num("width", 10) + sides + "<section name=\"" + (version == 3 ? "segments" : "Track Segments") + "\">" +
           segments + "</section></section></params>\n";
}

formats::torcs::LoaderBounds syntheticBounds(const std::string& xml) {
    const formats::torcs::ParamFile file = formats::torcs::parseParamFile(xml, "synthetic.xml");
    EXPECT_TRUE(file.root);
    const formats::torcs::ModelResult result = formats::torcs::buildTrackModel(*file.root, nullptr, "synthetic.xml");
    EXPECT_TRUE(result.model);
    return formats::torcs::loaderBounds(*result.model);
}

// Two quirks of track3.cpp's AddSides that only version 3 files have, measured with TORCS 1.3.7's
// track.so as the shared tracks were (none of the 31 shows them: no v3 track has a border, and the
// mirrored points of their right-hand turns fall inside the box anyway).
TEST(TorcsFrame, Version3QuirksAreTorcsOwn) {
    // A right turn of 30° then a wide left one: TORCS's v3 loader mirrors the right turn's right side
    // points across the turn centre in y, 27 m below anything on the track (v4: -16.7115).
    const std::string rightThenLeft =
        "<section name=\"a\"><attstr name=\"type\" val=\"rgt\"/><attnum name=\"radius\" val=\"30\"/><attnum name=\"arc\" unit=\"deg\" val=\"30\"/>"
        "<attnum name=\"profil steps\" val=\"3\"/></section>"
        "<section name=\"b\"><attstr name=\"type\" val=\"lft\"/><attnum name=\"radius\" val=\"50\"/><attnum name=\"arc\" unit=\"deg\" val=\"210\"/></section>"
        "<section name=\"c\"><attstr name=\"type\" val=\"str\"/><attnum name=\"lg\" val=\"100\"/></section>";
    const formats::torcs::LoaderBounds v3 = syntheticBounds(syntheticTrack(3, rightThenLeft, 6, 2, 0));
    EXPECT_NEAR(v3.min.x, -60.0, kTolerance);
    EXPECT_NEAR(v3.min.y, -43.9998, kTolerance);
    EXPECT_NEAR(v3.max.y - v3.min.y, 149.2818, kTolerance);
    const formats::torcs::LoaderBounds v4 = syntheticBounds(syntheticTrack(4, rightThenLeft, 6, 2, 0));
    EXPECT_NEAR(v4.min.y, -16.7115, kTolerance);
    EXPECT_NEAR(v4.max.y - v4.min.y, 121.9936, kTolerance);
    EXPECT_NEAR(v4.max.x - v4.min.x, 160.9419, kTolerance);

    // A left turn banked 10° to the right, with a level left border: v3 tilts that border with the
    // road (z -0.8816 - 3·tan 10° = -1.4106); v4 keeps it level.
    const std::string bankedLeft =
        "<section name=\"a\"><attstr name=\"type\" val=\"lft\"/><attnum name=\"radius\" val=\"50\"/><attnum name=\"arc\" unit=\"deg\" val=\"90\"/>"
        "<attnum name=\"banking start\" unit=\"deg\" val=\"-10\"/><attnum name=\"banking end\" unit=\"deg\" val=\"-10\"/></section>"
        "<section name=\"b\"><attstr name=\"type\" val=\"str\"/><attnum name=\"lg\" val=\"100\"/></section>";
    const formats::torcs::LoaderBounds v3Banked = syntheticBounds(syntheticTrack(3, bankedLeft, 6, 5, 3));
    EXPECT_NEAR(v3Banked.min.y, -5.9419, kTolerance);
    EXPECT_NEAR(v3Banked.min.z, -1.4106, kTolerance);
    EXPECT_NEAR(v3Banked.max.z - v3Banked.min.z, 2.2923, kTolerance);
    EXPECT_NEAR(v3Banked.max.x - v3Banked.min.x, 61.0, kTolerance);
    const formats::torcs::LoaderBounds v4Banked = syntheticBounds(syntheticTrack(4, bankedLeft, 6, 5, 3));
    EXPECT_NEAR(v4Banked.min.z, -0.8816, kTolerance);
    EXPECT_NEAR(v4Banked.max.z - v4Banked.min.z, 1.7633, kTolerance);
}

} // namespace
