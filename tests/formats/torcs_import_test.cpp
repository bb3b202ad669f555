// The TORCS importer against what TORCS 1.3.7's own track loader computes for the 31 shared tracks
// (docs/torcs-track-format.md §8, measured with TORCS's track.so), and against broken files.
#include "formats/import/torcs_frame.h"
#include "formats/import/torcs_import.h"
#include "formats/import/torcs_layout.h"
#include "formats/import/torcs_params.h"
#include "formats/import/torcs_track_model.h"
#include "formats/source/file_io.h"
#include "formats/validate/validate.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <numbers>
#include <optional>

namespace {

using formats::torcs::SegmentType;

const std::filesystem::path kTorcsDir = std::filesystem::path(TRACKWRIGHT_SHARED_TRACKS_DIR) / "torcs";
constexpr double kDeg = std::numbers::pi / 180.0;

std::string readText(const std::filesystem::path& path) {
    std::string error;
    const std::optional<std::string> text = formats::readWholeFile(path, error);
    EXPECT_TRUE(text) << error;
    return text.value_or("");
}

const formats::torcs::ParamSection& defaultSurfaces() {
    static const formats::torcs::ParamFile file = formats::torcs::parseParamFragment(readText(kTorcsDir / "data" / "surfaces.xml"), "surfaces.xml");
    return *file.root;
}

formats::torcs::TrackModel buildModel(const std::string& relative) {
    const formats::torcs::ParamFile file = formats::torcs::parseParamFile(readText(kTorcsDir / relative), relative);
    EXPECT_TRUE(file.root) << relative;
    formats::torcs::ModelResult result = formats::torcs::buildTrackModel(*file.root, &defaultSurfaces(), relative);
    EXPECT_TRUE(result.model) << relative;
    return std::move(*result.model);
}

bool hasCode(const formats::Diagnostics& diagnostics, const std::string& code) {
    return std::any_of(diagnostics.begin(), diagnostics.end(), [&](const formats::Diagnostic& d) { return d.code == code; });
}

std::string describe(const formats::Diagnostics& diagnostics) {
    std::string text;
    for (const formats::Diagnostic& d : diagnostics) text += "\n  " + d.code + ": " + d.message;
    return text;
}

struct PitsRef {
    bool left;
    std::uint32_t boxes, entry, start, end, exit;
};

/// docs/torcs-track-format.md §8.2 and §8.3: TORCS 1.3.7's own figures.
struct TrackRef {
    const char* file;
    int version;
    double width, length;
    std::size_t xmlSegments, subSegments;
    double zMin, zMax, maxBankingDeg;
    std::optional<PitsRef> pits;
};

const TrackRef kReference[] = {
    {"road/aalborg.xml", 4, 10, 2587.543, 48, 371, -11.524, 0.000, 5.000, PitsRef{false, 16, 350, 357, 13, 20}},
    {"road/alpine-1.xml", 4, 12, 6355.651, 82, 1179, 0.000, 150.001, 0.000, PitsRef{false, 16, 1146, 1163, 25, 46}},
    {"road/corkscrew.xml", 4, 12, 3608.446, 66, 606, -2.590, 46.471, 7.000, PitsRef{true, 15, 543, 576, 604, 50}},
    {"road/e-track-1.xml", 4, 15, 3243.644, 33, 416, 0.000, 17.589, 5.000, PitsRef{true, 20, 414, 415, 0, 1}},
    {"road/e-track-2.xml", 4, 12, 5380.502, 99, 1334, 0.000, 38.818, 2.292, PitsRef{true, 20, 1295, 1321, 38, 73}},
    {"road/e-track-3.xml", 4, 12, 4208.366, 70, 781, -34.865, 7.130, 4.000, PitsRef{false, 20, 730, 759, 33, 73}},
    {"road/e-track-6.xml", 4, 13, 4441.289, 53, 481, -17.867, 39.869, 5.000, PitsRef{true, 20, 454, 465, 15, 24}},
    {"road/eroad.xml", 4, 16, 3260.426, 43, 402, -18.390, 14.482, 3.000, PitsRef{true, 26, 387, 392, 7, 17}},
    {"road/forza.xml", 4, 11, 5784.097, 78, 1509, -3.529, 30.712, 4.000, PitsRef{false, 16, 1417, 1432, 1484, 1508}},
    {"road/g-track-1.xml", 4, 15, 2057.559, 24, 301, 0.000, 8.000, 10.000, PitsRef{false, 20, 163, 193, 232, 265}},
    {"road/g-track-2.xml", 4, 15, 3185.833, 31, 504, -13.000, 0.000, 6.000, PitsRef{false, 16, 474, 489, 4, 10}},
    {"road/g-track-3.xml", 4, 10, 2843.095, 39, 350, 0.000, 20.000, 9.000, PitsRef{false, 20, 319, 335, 4, 17}},
    {"road/ole-road-1.xml", 4, 10, 6282.809, 71, 724, 0.000, 93.711, 15.000, PitsRef{true, 20, 723, 11, 42, 53}},
    {"road/ruudskogen.xml", 4, 11, 3274.203, 51, 788, -36.058, -2.635, 11.000, PitsRef{true, 16, 765, 780, 12, 29}},
    {"road/street-1.xml", 4, 14, 3823.051, 36, 635, -1.600, 8.500, 0.000, PitsRef{false, 17, 584, 608, 11, 17}},
    {"road/wheel-1.xml", 4, 14, 4328.540, 65, 848, -27.267, 0.082, 3.000, PitsRef{false, 20, 814, 823, 26, 63}},
    {"oval/a-speedway.xml", 3, 25, 1908.321, 12, 244, -1.089, 0.000, 10.000, PitsRef{true, 20, 212, 225, 18, 31}},
    {"oval/b-speedway.xml", 4, 30, 3999.117, 17, 410, 0.000, 3.880, 16.000, PitsRef{true, 20, 378, 394, 15, 31}},
    {"oval/c-speedway.xml", 4, 30, 3294.398, 12, 336, 0.000, 3.880, 16.000, PitsRef{true, 20, 304, 320, 15, 31}},
    {"oval/d-speedway.xml", 4, 30, 3427.433, 11, 349, 0.000, 0.000, 15.000, PitsRef{true, 20, 317, 333, 15, 31}},
    {"oval/e-speedway.xml", 4, 30, 4103.840, 20, 420, 0.000, 0.000, 15.000, PitsRef{true, 20, 388, 404, 15, 31}},
    {"oval/e-track-5.xml", 3, 20, 1621.732, 15, 335, -1.000, 0.000, 10.000, std::nullopt},
    {"oval/g-speedway.xml", 4, 30, 2977.596, 11, 306, 0.000, 0.000, 15.000, PitsRef{true, 20, 274, 290, 15, 31}},
    {"oval/michigan.xml", 4, 18, 2311.790, 11, 248, 0.000, 1.219, 7.715, PitsRef{true, 16, 102, 119, 135, 152}},
    {"dirt/dirt-1.xml", 4, 10, 1072.933, 25, 210, -2.676, 20.625, 5.000, std::nullopt},
    {"dirt/dirt-2.xml", 4, 10, 1760.942, 61, 550, -1.000, 5.000, 10.000, PitsRef{false, 20, 508, 548, 549, 38}},
    {"dirt/dirt-3.xml", 4, 10, 2205.935, 38, 457, -5.756, 24.153, 8.000, PitsRef{true, 16, 419, 444, 12, 37}},
    {"dirt/dirt-5.xml", 3, 10, 1072.932, 24, 195, -1.000, 16.376, 5.000, std::nullopt},
    {"dirt/dirt-6.xml", 3, 15, 3147.457, 42, 477, 0.000, 23.796, 2.292, std::nullopt},
    {"dirt/mixed-1.xml", 3, 10, 1014.218, 32, 230, 0.000, 0.000, 5.000, std::nullopt},
    {"dirt/mixed-2.xml", 3, 10, 1412.897, 38, 310, -0.200, 0.000, 5.000, std::nullopt},
};

TEST(TorcsModel, MatchesTorcsOwnLoaderOnAll31Tracks) {
    for (const TrackRef& ref : kReference) {
        SCOPED_TRACE(ref.file);
        const formats::torcs::TrackModel model = buildModel(ref.file);
        EXPECT_EQ(model.version, ref.version);
        EXPECT_DOUBLE_EQ(model.width, ref.width);
        // TORCS sums in float: about 1e-5 of the length (docs §8.1).
        EXPECT_NEAR(model.length, ref.length, 1e-5 * ref.length);
        EXPECT_EQ(model.segments.size(), ref.xmlSegments);
        EXPECT_EQ(model.subSegments.size(), ref.subSegments);

        double zMin = 1e30, zMax = -1e30, bankMax = 0.0;
        for (const formats::torcs::SubSegment& sub : model.subSegments) {
            const double z = (sub.zStartLeft + sub.zStartRight) / 2.0;
            zMin = std::min(zMin, z);
            zMax = std::max(zMax, z);
            bankMax = std::max(bankMax, std::abs(sub.bankStart));
        }
        EXPECT_NEAR(zMin, ref.zMin, 1e-3);
        EXPECT_NEAR(zMax, ref.zMax, 1e-3);
        EXPECT_NEAR(bankMax / kDeg, ref.maxBankingDeg, 1e-3);

        ASSERT_EQ(model.pits.has_value(), ref.pits.has_value());
        if (!ref.pits) continue;
        EXPECT_EQ(model.pits->leftSide, ref.pits->left);
        EXPECT_EQ(model.pits->boxCount, ref.pits->boxes);
        EXPECT_EQ(model.pits->entry, ref.pits->entry);
        EXPECT_EQ(model.pits->start, ref.pits->start);
        EXPECT_EQ(model.pits->end, ref.pits->end);
        EXPECT_EQ(model.pits->exit, ref.pits->exit);
        EXPECT_DOUBLE_EQ(model.pits->speedLimit, 25.0);
    }
}

/// docs §8.4: the start of the first 14 XML segments of corkscrew, from TORCS's dump.
TEST(TorcsModel, CorkscrewSegmentsMatchTorcsDump) {
    struct Row {
        const char* name;
        SegmentType type;
        std::uint32_t steps;
        double x, y, z, headingDeg, bankDeg, distance, firstLength, firstRadius, sideRight, sideLeft;
    };
    const Row rows[] = {
        {"s1", SegmentType::Left, 6, 0.000, 6.000, 0.000, 0.0, 0.0, 0.000, 5.3651, 153.7, 6, 15},
        {"s2", SegmentType::Straight, 19, 31.956, 9.359, 0.418, 12.0, 0.0, 32.191, 7.9895, 0, 4, 8},
        {"s3", SegmentType::Left, 10, 180.439, 40.920, 3.151, 12.0, 0.0, 183.991, 3.7743, 86.5, 6, 8},
        {"s4-1", SegmentType::Straight, 8, 214.511, 56.448, 3.906, 37.0, 0.0, 221.734, 7.5000, 0, 15, 8},
        {"s4-2", SegmentType::Straight, 8, 262.430, 92.556, 3.546, 37.0, 0.0, 281.734, 7.3875, 0, 29, 6.5},
        {"s5", SegmentType::Straight, 9, 309.629, 128.124, 2.777, 37.0, 0.0, 340.834, 7.2556, 0, 44, 5},
        {"s6", SegmentType::Left, 16, 361.780, 167.422, 1.014, 37.0, 0.0, 406.134, 3.9458, 32.7, 32, 10},
        {"s7", SegmentType::Straight, 2, 362.229, 222.553, -0.884, 139.0, -4.0, 469.267, 4.3000, 0, 40, 12},
        {"s8", SegmentType::Left, 17, 355.738, 228.195, -1.142, 139.0, -4.0, 477.867, 3.6731, 24.0, 40, 11},
        {"s9", SegmentType::Straight, 7, 301.333, 215.093, -1.812, 233.0, -2.0, 540.310, 6.8571, 0, 20, 5},
        {"s10", SegmentType::Right, 32, 272.446, 176.758, -1.908, 233.0, 0.0, 588.309, 3.3301, 105.7, 20, 13},
        {"s11", SegmentType::Straight, 5, 187.330, 114.131, -2.157, 206.0, 0.0, 694.872, 7.5000, 0, 10, 11},
        {"s12-1", SegmentType::Right, 10, 153.625, 97.692, -2.044, 206.0, 0.0, 732.372, 3.6489, 44.2, 7, 14},
        {"s12-2", SegmentType::Right, 10, 118.176, 96.139, -2.008, 159.2, 0.0, 768.861, 3.7266, 45.15, 8.5, 22},
    };
    const formats::torcs::TrackModel model = buildModel("road/corkscrew.xml");
    for (std::size_t i = 0; i < std::size(rows); ++i) {
        const Row& row = rows[i];
        SCOPED_TRACE(row.name);
        const formats::torcs::SegmentInfo& info = model.segments[i];
        EXPECT_EQ(info.name, row.name);
        EXPECT_EQ(info.subSegmentCount, row.steps);
        const formats::torcs::SubSegment& sub = model.subSegments[info.firstSubSegment];
        EXPECT_EQ(sub.type, row.type);
        EXPECT_NEAR(sub.start.x, row.x, 0.01);
        EXPECT_NEAR(sub.start.y, row.y, 0.01);
        EXPECT_NEAR((sub.zStartLeft + sub.zStartRight) / 2.0, row.z, 1e-3);
        EXPECT_NEAR(std::remainder(sub.startHeading / kDeg - row.headingDeg, 360.0), 0.0, 1e-3);
        EXPECT_NEAR(sub.bankStart / kDeg, row.bankDeg, 1e-3);
        EXPECT_NEAR(sub.distance, row.distance, 0.01);
        EXPECT_NEAR(sub.length, row.firstLength, 1e-3);
        if (row.type != SegmentType::Straight) {
            EXPECT_NEAR(sub.radius, row.firstRadius, 1e-3);
        }
        EXPECT_NEAR(sub.sides[0].sideStartWidth, row.sideRight, 1e-9);
        EXPECT_NEAR(sub.sides[1].sideStartWidth, row.sideLeft, 1e-9);
        EXPECT_DOUBLE_EQ(sub.friction, 1.1);
    }
    // s6, a spiral: radii step linearly 32.7 → 38.4 over 16 equal-length arcs adding up to 102°.
    const formats::torcs::SegmentInfo& s6 = model.segments[6];
    double arc = 0.0;
    for (std::uint32_t k = 0; k < s6.subSegmentCount; ++k) arc += model.subSegments[s6.firstSubSegment + k].arc;
    EXPECT_NEAR(arc / kDeg, 102.0, 1e-9);
    EXPECT_NEAR(model.subSegments[s6.firstSubSegment + 15].radius, 38.4, 1e-9);
}

TEST(TorcsParams, UnitsConvertAsTorcsDoes) {
    using formats::torcs::toSi;
    EXPECT_DOUBLE_EQ(toSi(100.0, "ft"), 30.4801);  // TORCS's foot is 0.304801 m
    EXPECT_DOUBLE_EQ(toSi(1.8, "%"), 0.018);
    EXPECT_DOUBLE_EQ(toSi(90.0, "deg"), std::numbers::pi / 2.0);
    EXPECT_DOUBLE_EQ(toSi(90.0, "km/h"), 25.0);
    EXPECT_DOUBLE_EQ(toSi(3.0, "kg.m/s2"), 3.0);
    EXPECT_DOUBLE_EQ(toSi(2.0, "furlong"), 2.0);  // unknown units are factor 1, as in TORCS
    EXPECT_DOUBLE_EQ(toSi(2.0, ""), 2.0);
    EXPECT_EQ(formats::torcs::parseParamNumber("1.5m"), 1.5);
    EXPECT_EQ(formats::torcs::parseParamNumber(""), 0.0);
    EXPECT_EQ(formats::torcs::parseParamNumber("0x10"), 16.0);
    EXPECT_FALSE(formats::torcs::parseParamNumber("wide").has_value());
}

/// A minimal version-4 track: a 100 × 60 m loop of two straights and two half-circle turns, with
/// `extra` spliced into the first segment and `segments` replacing the loop when given.
std::string syntheticTrack(const std::string& extra = "", const std::string& segments = "") {
    const std::string loop = segments.empty()
        ? "<section name=\"a\"><attstr name=\"type\" val=\"str\"/><attnum name=\"lg\" val=\"100\"/>" + extra + "</section>"
          "<section name=\"b\"><attstr name=\"type\" val=\"lft\"/><attnum name=\"radius\" val=\"30\"/><attnum name=\"arc\" unit=\"deg\" val=\"180\"/></section>"
          "<section name=\"c\"><attstr name=\"type\" val=\"str\"/><attnum name=\"lg\" val=\"100\"/></section>"
          "<section name=\"d\"><attstr name=\"type\" val=\"lft\"/><attnum name=\"radius\" val=\"30\"/><attnum name=\"arc\" unit=\"deg\" val=\"180\"/></section>"
        : segments;
    return "<?xml version=\"1.0\"?>\n<!DOCTYPE params SYSTEM \"params.dtd\" [\n<!ENTITY default-surfaces SYSTEM \"surfaces.xml\">\n]>\n"
           "<params name=\"test\">\n<section name=\"Surfaces\">&default-surfaces;</section>\n"
           "<section name=\"Header\"><attstr name=\"name\" val=\"Synthetic\"/><attnum name=\"version\" val=\"4\"/></section>\n"
           "<section name=\"Main Track\"><attnum name=\"width\" val=\"10\"/>"
           "<section name=\"Left Side\"><attnum name=\"width\" val=\"4\"/></section><section name=\"Right Side\"><attnum name=\"width\" val=\"4\"/></section>\n"
           "<section name=\"Track Segments\">\n" + loop + "\n</section></section>\n</params>\n";
}

formats::ImportResult importText(const std::string& xml, bool withSurfaces = true) {
    static const std::string surfaces = readText(kTorcsDir / "data" / "surfaces.xml");
    return formats::importTorcsTrack(xml, "test.xml", withSurfaces ? std::optional<std::string_view>(surfaces) : std::nullopt);
}

TEST(TorcsImport, SyntheticLoopImportsClosedAndValid) {
    const formats::ImportResult result = importText(syntheticTrack());
    ASSERT_TRUE(result.document) << describe(result.diagnostics);
    EXPECT_FALSE(formats::hasErrors(result.diagnostics)) << describe(result.diagnostics);
    const formats::TrackDocument& doc = *result.document;
    EXPECT_EQ(doc.name, "Synthetic");
    ASSERT_EQ(doc.routes.size(), 1u);
    EXPECT_TRUE(doc.routes[0].closed);
    const formats::TrackNode& first = doc.nodes[doc.routes[0].nodes[0]];
    // TORCS's run-time frame: the raw frame's centre line starts at (0, width/2), and TORCS's box
    // round the track reaches 39 m behind it (the right side strip round the far turn: 30 + 5 + 4)
    // and 4 m below it (the right side strip along the straights).
    EXPECT_NEAR(first.position.x, 39.0, 1e-9);
    EXPECT_NEAR(first.position.y, 9.0, 1e-9);
    EXPECT_NEAR(first.position.z, 0.0, 1e-12);
    EXPECT_DOUBLE_EQ(first.left.track, 5.0);
    EXPECT_DOUBLE_EQ(first.left.runoff, 9.0);
    EXPECT_DOUBLE_EQ(first.left.wall, 9.0);
    EXPECT_DOUBLE_EQ(first.grip, 1.0);  // asphalt, friction 1.2
    ASSERT_EQ(doc.markers.size(), 1u);
    EXPECT_EQ(doc.markers[0].kind, "start-finish");
    const formats::Diagnostics validation = formats::validate(doc);
    EXPECT_FALSE(formats::hasErrors(validation)) << describe(validation);
}

TEST(TorcsImport, ArcsStayWithinFiveCentimetres) {
    for (const char* file : {"road/corkscrew.xml", "oval/michigan.xml", "dirt/mixed-1.xml"}) {
        SCOPED_TRACE(file);
        const formats::torcs::TrackModel model = buildModel(file);
        const std::vector<std::uint32_t> pieces = formats::torcs::piecesPerSubSegment(model, 10.0, 0.05);
        for (std::size_t k = 0; k < model.subSegments.size(); ++k) {
            const formats::torcs::SubSegment& sub = model.subSegments[k];
            for (std::uint32_t p = 0; p < pieces[k]; ++p) {
                const double u0 = double(p) / pieces[k], u1 = double(p + 1) / pieces[k];
                const auto a = formats::torcs::centrePointAt(sub, u0, model.width).position;
                const auto b = formats::torcs::centrePointAt(sub, u1, model.width).position;
                const auto middle = formats::torcs::centrePointAt(sub, (u0 + u1) / 2.0, model.width).position;
                EXPECT_LE(std::hypot((a.x + b.x) / 2.0 - middle.x, (a.y + b.y) / 2.0 - middle.y), 0.05) << "sub-segment " << k;
                EXPECT_LE(std::hypot(b.x - a.x, b.y - a.y), 10.0 + 1e-9);
            }
        }
    }
}

TEST(TorcsImport, EveryTrackImportsAndValidatesWithoutErrors) {
    for (const TrackRef& ref : kReference) {
        SCOPED_TRACE(ref.file);
        const formats::ImportResult result = formats::importTorcsTrackFile(kTorcsDir / ref.file);
        ASSERT_TRUE(result.document) << describe(result.diagnostics);
        EXPECT_FALSE(hasCode(result.diagnostics, "torcs-surfaces-missing"));
        EXPECT_FALSE(hasCode(result.diagnostics, "torcs-surface-unknown")) << describe(result.diagnostics);
        const formats::Diagnostics validation = formats::validate(*result.document);
        EXPECT_FALSE(formats::hasErrors(validation)) << describe(validation);
        const formats::TrackDocument& doc = *result.document;
        ASSERT_EQ(doc.routes.size(), ref.pits ? 2u : 1u);
        // Every TORCS sub-segment boundary is a node, so heights and banking peak where TORCS's do
        // (the table's heights are in the raw frame: the nodes' less TORCS's shift).
        EXPECT_GE(doc.routes[0].nodes.size(), ref.subSegments);
        const double shiftZ = -formats::torcs::loaderBounds(buildModel(ref.file)).min.z;
        double zMin = 1e30, zMax = -1e30;
        for (std::uint32_t n : doc.routes[0].nodes) {
            zMin = std::min(zMin, doc.nodes[n].position.z - shiftZ);
            zMax = std::max(zMax, doc.nodes[n].position.z - shiftZ);
        }
        EXPECT_NEAR(zMin, ref.zMin, 1e-3);
        EXPECT_NEAR(zMax, ref.zMax, 1e-3);
        if (!ref.pits) continue;
        const formats::Route& lane = doc.routes[1];
        EXPECT_EQ(lane.name, "pit lane");
        ASSERT_TRUE(lane.fork && lane.join);
        EXPECT_EQ(lane.fork->route, 0u);
        EXPECT_EQ(lane.join->route, 0u);
        const auto capped = std::count_if(lane.nodes.begin(), lane.nodes.end(),
            [&](std::uint32_t n) { return doc.nodes[n].speedOverride == 25.0; });
        EXPECT_GT(capped, 0);
        const auto boxes = std::count_if(doc.markers.begin(), doc.markers.end(), [](const formats::Marker& m) { return m.kind == "pit-box"; });
        EXPECT_EQ(static_cast<std::uint32_t>(boxes), ref.pits->boxes);
    }
}

TEST(TorcsImport, SurfaceFrictionBecomesGrip) {
    // e-track-2 is on 1.0 and 1.04 surfaces, dirt-1 on dirt (0.9): grip = μ / 1.2.
    const formats::ImportResult dirt = formats::importTorcsTrackFile(kTorcsDir / "dirt/dirt-1.xml");
    ASSERT_TRUE(dirt.document);
    EXPECT_NEAR(dirt.document->nodes[0].grip, 0.9 / 1.2, 1e-12);
    // Without the default surfaces TORCS falls back to friction 0.8; the import says so.
    const formats::ImportResult bare = importText(syntheticTrack(), false);
    ASSERT_TRUE(bare.document);
    EXPECT_TRUE(hasCode(bare.diagnostics, "torcs-surfaces-missing"));
    EXPECT_TRUE(hasCode(bare.diagnostics, "torcs-surface-unknown"));
    EXPECT_NEAR(bare.document->nodes[0].grip, 0.8 / 1.2, 1e-12);
}

TEST(TorcsImport, HeightsGradeAndBankingFollowTorcsRules) {
    // Grade persists into later segments; "z end" without "banking end" levels the road.
    const std::string segments =
        "<section name=\"a\"><attstr name=\"type\" val=\"str\"/><attnum name=\"lg\" val=\"100\"/><attnum name=\"grade\" unit=\"%\" val=\"2\"/>"
        "<attstr name=\"profil\" val=\"linear\"/><attnum name=\"banking end\" unit=\"deg\" val=\"5\"/></section>"
        "<section name=\"b\"><attstr name=\"type\" val=\"str\"/><attnum name=\"lg\" val=\"50\"/><attstr name=\"profil\" val=\"linear\"/></section>"
        "<section name=\"c\"><attstr name=\"type\" val=\"str\"/><attnum name=\"lg\" val=\"50\"/><attnum name=\"z end\" val=\"0\"/>"
        "<attstr name=\"profil\" val=\"linear\"/></section>";
    const formats::torcs::ParamFile file = formats::torcs::parseParamFile(syntheticTrack("", segments), "t.xml");
    ASSERT_TRUE(file.root);
    const formats::torcs::ModelResult result = formats::torcs::buildTrackModel(*file.root, &defaultSurfaces(), "t.xml");
    ASSERT_TRUE(result.model) << describe(result.diagnostics);
    const auto& subs = result.model->subSegments;
    ASSERT_EQ(subs.size(), 3u);
    EXPECT_NEAR((subs[0].zEndLeft + subs[0].zEndRight) / 2.0, 2.0, 1e-12);   // 100 m at 2 %
    EXPECT_NEAR(subs[0].bankEnd / kDeg, 5.0, 1e-9);
    EXPECT_NEAR((subs[1].zEndLeft + subs[1].zEndRight) / 2.0, 3.0, 1e-12);   // the grade carries on
    EXPECT_NEAR(subs[1].bankEnd / kDeg, 5.0, 1e-9);                          // and so does the banking
    EXPECT_NEAR(subs[2].zEndLeft, 0.0, 1e-12);                               // z end: both edges, level
    EXPECT_NEAR(subs[2].zEndRight, 0.0, 1e-12);
}

TEST(TorcsImport, SingleStepSpiralTurnsAsTorcsDoes) {
    // §3.5's quirk: one step, radius 20 → 40, arc 90°: an arc of radius 20 that turns 90° · 30/20.
    const std::string segments =
        "<section name=\"a\"><attstr name=\"type\" val=\"lft\"/><attnum name=\"radius\" val=\"20\"/><attnum name=\"end radius\" val=\"40\"/>"
        "<attnum name=\"arc\" unit=\"deg\" val=\"90\"/><attnum name=\"profil steps\" val=\"1\"/></section>";
    const formats::torcs::ParamFile file = formats::torcs::parseParamFile(syntheticTrack("", segments), "t.xml");
    const formats::torcs::ModelResult result = formats::torcs::buildTrackModel(*file.root, &defaultSurfaces(), "t.xml");
    ASSERT_TRUE(result.model);
    ASSERT_EQ(result.model->subSegments.size(), 1u);
    EXPECT_NEAR(result.model->subSegments[0].radius, 20.0, 1e-12);
    EXPECT_NEAR(result.model->subSegments[0].arc / kDeg, 135.0, 1e-9);
}

struct BrokenCase {
    const char* what;
    std::string xml;
    const char* code;
    const char* mentions;  ///< the segment (or element) the message must name
};

TEST(TorcsImport, BrokenFilesGiveADiagnosticNamingTheSegment) {
    const std::string full = syntheticTrack();
    const BrokenCase cases[] = {
        {"truncated XML", full.substr(0, full.size() / 2), "torcs-xml-syntax", "test.xml:"},
        {"no Main Track", "<params name=\"x\"><section name=\"Header\"><attnum name=\"version\" val=\"4\"/></section></params>",
         "torcs-missing-section", "Main Track"},
        {"no segments", syntheticTrack("", "<section name=\"z\"/>"), "torcs-missing-section", "Track Segments"},
        {"unknown type", syntheticTrack("", "<section name=\"bend 7\"><attstr name=\"type\" val=\"curve\"/></section>"),
         "torcs-segment-type", "bend 7"},
        {"negative radius", syntheticTrack("", "<section name=\"hairpin\"><attstr name=\"type\" val=\"rgt\"/><attnum name=\"radius\" val=\"-15\"/>"
                                               "<attnum name=\"arc\" val=\"1\"/></section>"), "torcs-segment-geometry", "hairpin"},
        {"zero arc", syntheticTrack("", "<section name=\"kink\"><attstr name=\"type\" val=\"lft\"/><attnum name=\"radius\" val=\"15\"/></section>"),
         "torcs-segment-geometry", "kink"},
        {"zero straight", syntheticTrack("", "<section name=\"stub\"><attstr name=\"type\" val=\"str\"/></section>"), "torcs-segment-geometry", "stub"},
        {"not a number", syntheticTrack("<attnum name=\"grade\" val=\"steep\"/>"), "torcs-bad-number", "grade"},
        {"duplicate segment", syntheticTrack("", "<section name=\"a\"><attstr name=\"type\" val=\"str\"/><attnum name=\"lg\" val=\"10\"/></section>"
                                                 "<section name=\"a\"><attstr name=\"type\" val=\"str\"/><attnum name=\"lg\" val=\"10\"/></section>"),
         "torcs-duplicate-section", "Track Segments/a"},
        {"endless steps", syntheticTrack("<attnum name=\"profil steps\" val=\"1e9\"/>"), "torcs-segment-geometry", "\"a\""},
        {"version 9", "<params name=\"x\"><section name=\"Header\"><attnum name=\"version\" val=\"9\"/></section></params>", "torcs-version", "9"},
        {"not TORCS", "<svg/>", "torcs-not-params", "params"},
        {"empty file", "", "torcs-xml-syntax", "test.xml"},
    };
    for (const BrokenCase& c : cases) {
        SCOPED_TRACE(c.what);
        const formats::ImportResult result = importText(c.xml);
        EXPECT_FALSE(result.document.has_value());
        ASSERT_TRUE(formats::hasErrors(result.diagnostics));
        const auto found = std::find_if(result.diagnostics.begin(), result.diagnostics.end(), [&](const formats::Diagnostic& d) { return d.code == c.code; });
        ASSERT_NE(found, result.diagnostics.end()) << describe(result.diagnostics);
        EXPECT_NE(found->message.find(c.mentions), std::string::npos) << found->message;
    }
}

/// `depth` sections, each inside the last: 20 000 of them are 400 KB.
std::string nestedSections(std::size_t depth) {
    std::string xml;
    for (std::size_t i = 0; i < depth; ++i) xml += "<section name=\"s\">";
    for (std::size_t i = 0; i < depth; ++i) xml += "</section>";
    return xml;
}

TEST(TorcsImport, SectionsNestedTwentyThousandDeepAreRefusedNotACrash) {
    // The section reader recursed once per level: 20 000 levels overflowed the stack (SIGSEGV).
    const std::string deep = nestedSections(20000);
    std::string track = syntheticTrack();
    track.insert(track.find("<section name=\"Header\">"), deep);
    const formats::ImportResult result = importText(track);
    EXPECT_FALSE(result.document.has_value());
    EXPECT_TRUE(hasCode(result.diagnostics, "torcs-too-deep")) << describe(result.diagnostics);

    const formats::ImportResult badSurfaces = formats::importTorcsTrack(syntheticTrack(), "test.xml", std::optional<std::string_view>(deep));
    EXPECT_TRUE(badSurfaces.document.has_value()) << "an unreadable surfaces.xml leaves TORCS's fallback frictions";
    const auto found = std::find_if(badSurfaces.diagnostics.begin(), badSurfaces.diagnostics.end(), [](const formats::Diagnostic& d) {
        return d.code == "torcs-surfaces-unreadable" && d.message.find("surfaces.xml") != std::string::npos &&
               d.message.find("levels deep") != std::string::npos;
    });
    ASSERT_NE(found, badSurfaces.diagnostics.end()) << describe(badSurfaces.diagnostics);

    // Thirty levels, deeper than any TORCS file, still read.
    std::string nested = syntheticTrack();
    nested.insert(nested.find("<section name=\"Header\">"), nestedSections(30));
    EXPECT_TRUE(importText(nested).document.has_value());
}

TEST(TorcsImport, ExternalEntitiesAreNeverFetched) {
    // An entity pointing at a system file must not be read: only a surfaces.xml we chose is.
    const std::string xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE params [\n<!ENTITY secret SYSTEM \"/etc/passwd\">\n]>\n" +
                            syntheticTrack().substr(syntheticTrack().find("<params"));
    std::string withSecret = xml;
    withSecret.insert(withSecret.find("<section name=\"Header\">"), "<section name=\"Leak\">&secret;</section>");
    const formats::ImportResult result = importText(withSecret);
    ASSERT_TRUE(result.document) << describe(result.diagnostics);
    EXPECT_TRUE(hasCode(result.diagnostics, "torcs-entity-unknown"));
}

} // namespace

namespace {

TEST(TorcsImport, ALatin1NameReachesTheTrackAsUtf8) {
    // A name in Latin-1 was copied byte for byte into the .twtrack: invalid UTF-8, which validated.
    std::string declared = syntheticTrack();
    declared.replace(declared.find("<?xml version=\"1.0\"?>"), 21, "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>");
    declared.replace(declared.find("val=\"Synthetic\""), 15, "val=\"Autodromo Jos\xE9\"");
    const formats::ImportResult fromDeclared = importText(declared);
    ASSERT_TRUE(fromDeclared.document) << describe(fromDeclared.diagnostics);
    EXPECT_EQ(fromDeclared.document->name, "Autodromo Jos\xC3\xA9");

    // TORCS's own files declare UTF-8 and hold Latin-1 ("Espi\xE9" in their headers): read as TORCS does.
    std::string undeclared = syntheticTrack();
    undeclared.replace(undeclared.find("val=\"Synthetic\""), 15, "val=\"Espi\xE9 Ring\"");
    const formats::ImportResult fromUndeclared = importText(undeclared);
    ASSERT_TRUE(fromUndeclared.document) << describe(fromUndeclared.diagnostics);
    EXPECT_EQ(fromUndeclared.document->name, "Espi\xC3\xA9 Ring");

    // UTF-8 stays as it is.
    std::string utf8 = syntheticTrack();
    utf8.replace(utf8.find("val=\"Synthetic\""), 15, "val=\"N\xC3\xBCrburgring\"");
    const formats::ImportResult fromUtf8 = importText(utf8);
    ASSERT_TRUE(fromUtf8.document) << describe(fromUtf8.diagnostics);
    EXPECT_EQ(fromUtf8.document->name, "N\xC3\xBCrburgring");
}

TEST(TorcsImport, AHugeRadiusSaysTheRangeNotMustBePositive) {
    const std::string huge = syntheticTrack("", "<section name=\"a\"><attstr name=\"type\" val=\"lft\"/><attnum name=\"radius\" val=\"1e30\"/>"
                                                "<attnum name=\"arc\" unit=\"deg\" val=\"360\"/></section>");
    const formats::ImportResult result = importText(huge);
    EXPECT_FALSE(result.document.has_value());
    const std::string text = describe(result.diagnostics);
    EXPECT_NE(text.find("radius 1e+30 m"), std::string::npos) << text;
    EXPECT_NE(text.find("above 0 and below 1e+06 m"), std::string::npos) << text;
}

} // namespace
