#include "formats/source/file_io.h"
#include "formats/source/track_json.h"
#include "formats/validate/validate.h"

#include "tests/support/test_tracks.h"

#include <gtest/gtest.h>

#include <algorithm>

#include <filesystem>
#include <limits>

namespace {

bool hasCode(const formats::Diagnostics& diagnostics, const std::string& code) {
    for (const auto& d : diagnostics)
        if (d.code == code) return true;
    return false;
}

TEST(TrackJson, SaveLoadRoundTripIsLosslessAndByteStable) {
    formats::TrackDocument doc = tw::test::circleTrack();
    doc.editor.backdrop = formats::Backdrop{"monza.png", {-120.5, 33.0}, 0.25, 0.1, 0.6};
    doc.routes.push_back({"pit", false, {}, formats::RouteAttachment{0, 2}, formats::RouteAttachment{0, 7}});
    doc.lines.push_back({"defending", 0, "gt", doc.lines.front().offsets});

    const std::string first = formats::writeTrackJson(doc);
    const formats::TrackLoadResult loaded = formats::parseTrackJson(first);
    ASSERT_TRUE(loaded.document) << (loaded.diagnostics.empty() ? "" : loaded.diagnostics.front().message);
    EXPECT_TRUE(loaded.diagnostics.empty());
    EXPECT_EQ(*loaded.document, doc);
    EXPECT_EQ(formats::writeTrackJson(*loaded.document), first);
}

TEST(TrackJson, ALevelMeshReferenceRoundTripsInSchemaFiveAndATrackWithoutOneStaysInItsOwn) {
    formats::TrackDocument doc = tw::test::circleTrack();
    const std::string without = formats::writeTrackJson(doc);
    EXPECT_EQ(without.find("level_mesh"), std::string::npos);
    EXPECT_NE(without.find("\"schema\": 2"), std::string::npos);
    doc.editor.levelMesh = formats::LevelMeshReference{"levels/ridge.glb", "0123456789abcdef", "z", 0.01, {"*asphalt*", "kerb_?"}};
    const std::string with = formats::writeTrackJson(doc);
    EXPECT_NE(with.find("\"schema\": 5"), std::string::npos);
    const formats::TrackLoadResult loaded = formats::parseTrackJson(with);
    ASSERT_TRUE(loaded.document);
    EXPECT_TRUE(loaded.diagnostics.empty());
    EXPECT_EQ(*loaded.document, doc);
    EXPECT_EQ(formats::writeTrackJson(*loaded.document), with);
    // Nonsense in it is named.
    doc.editor.levelMesh->up = "x";
    doc.editor.levelMesh->metresPerUnit = 0.0;
    const formats::Diagnostics found = formats::validate(doc);
    EXPECT_TRUE(hasCode(found, "level-mesh-up"));
    EXPECT_TRUE(hasCode(found, "level-mesh-unit"));
}

TEST(TrackJson, NumbersSurviveExactly) {
    formats::TrackDocument doc = tw::test::circleTrack(4);
    doc.nodes[0].position = {0.1 + 0.2, 1e-300, -123456789.123456789};
    doc.nodes[1].position = {std::numeric_limits<double>::denorm_min(), 5e22, std::numeric_limits<double>::max()};
    doc.nodes[2].position.x = 1.0 / 3.0;
    const formats::TrackLoadResult loaded = formats::parseTrackJson(formats::writeTrackJson(doc));
    ASSERT_TRUE(loaded.document);
    EXPECT_EQ(loaded.document->nodes[0].position, doc.nodes[0].position);
    EXPECT_EQ(loaded.document->nodes[1].position, doc.nodes[1].position);
    EXPECT_EQ(loaded.document->nodes[2].position.x, 1.0 / 3.0);
}

TEST(TrackJson, KeysAreWrittenInSchemaOrder) {
    const std::string text = formats::writeTrackJson(tw::test::circleTrack(3));
    const char* keys[] = {"\"format\"", "\"schema\"", "\"name\"", "\"nodes\"", "\"routes\"", "\"lines\"",
                          "\"vehicle_classes\"", "\"markers\"", "\"editor\""};
    std::size_t previous = 0;
    for (const char* key : keys) {
        const std::size_t at = text.find(key);
        ASSERT_NE(at, std::string::npos) << key;
        EXPECT_GT(at, previous) << key;
        previous = at;
    }
    EXPECT_EQ(text.back(), '\n');
}

TEST(TrackJson, OptionalFieldsAreOmittedWhenAbsent) {
    formats::TrackDocument doc = tw::test::circleTrack(3);
    doc.nodes[1].speedOverride.reset();
    doc.nodes[2].tags.clear();
    doc.markers[0].label.clear();
    const std::string text = formats::writeTrackJson(doc);
    EXPECT_EQ(text.find("\"speed\""), std::string::npos);
    EXPECT_EQ(text.find("\"tags\""), std::string::npos);
    EXPECT_EQ(text.find("\"vehicle_class\""), std::string::npos);
    EXPECT_EQ(text.find("\"backdrop\""), std::string::npos);
    EXPECT_EQ(text.find("\"label\""), std::string::npos);
}

TEST(TrackJson, SyntaxErrorNamesLineAndColumn) {
    const formats::TrackLoadResult loaded = formats::parseTrackJson("{\n  \"format\": \"trackwright-track\",\n  \"schema\" 1\n}");
    EXPECT_FALSE(loaded.document);
    ASSERT_EQ(loaded.diagnostics.size(), 1u);
    EXPECT_EQ(loaded.diagnostics[0].code, "json-syntax");
    EXPECT_EQ(loaded.diagnostics[0].line, 3u);
    EXPECT_EQ(loaded.diagnostics[0].column, 12u);
}

TEST(TrackJson, DuplicateKeysAreRefusedWithBothPlaces) {
    // Accepted before with the first value winning (other tools take the last), and an editor save
    // dropped the other one silently.
    std::string text = formats::writeTrackJson(tw::test::circleTrack(3));
    text.replace(text.find("\"schema\": 2"), 11, "\"schema\": 2, \"schema\": 1");
    formats::TrackLoadResult loaded = formats::parseTrackJson(text);
    EXPECT_FALSE(loaded.document);
    ASSERT_EQ(loaded.diagnostics.size(), 1u);
    EXPECT_EQ(loaded.diagnostics[0].code, "duplicate-key");
    EXPECT_EQ(loaded.diagnostics[0].jsonPath, "schema");
    EXPECT_EQ(loaded.diagnostics[0].line, 3u);
    EXPECT_NE(loaded.diagnostics[0].message.find("first at line 3"), std::string::npos) << loaded.diagnostics[0].message;

    text = formats::writeTrackJson(tw::test::circleTrack(3));
    const std::size_t second = text.find("\"track\"", text.find("\"track\"") + 1);
    text.insert(text.find(',', second) + 1, " \"track\": -50,");
    loaded = formats::parseTrackJson(text);
    EXPECT_FALSE(loaded.document);
    ASSERT_EQ(loaded.diagnostics.size(), 1u);
    EXPECT_EQ(loaded.diagnostics[0].code, "duplicate-key");
    EXPECT_EQ(loaded.diagnostics[0].jsonPath, "nodes[0].right.track");

    // The same key in two objects is no duplicate.
    EXPECT_TRUE(formats::parseTrackJson(formats::writeTrackJson(tw::test::circleTrack(3))).document);
}

TEST(TrackJson, DeepNestingIsRefusedWithoutRecursion) {
    // 200 000 '[' overflowed the stack of the recursive parsers (validate and the editor crashed).
    for (const std::string& text : {std::string(200000, '['), "{\"format\": \"trackwright-track\", \"schema\": 1, \"editor\": " + std::string(200000, '[')}) {
        const formats::TrackLoadResult loaded = formats::parseTrackJson(text);
        EXPECT_FALSE(loaded.document);
        ASSERT_EQ(loaded.diagnostics.size(), 1u);
        EXPECT_EQ(loaded.diagnostics[0].code, "json-too-deep");
        EXPECT_LT(loaded.diagnostics[0].jsonPath.size(), 70u);
    }
}

TEST(TrackJson, AByteOrderMarkIsReadPastAndBinaryFilesAreNamedForWhatTheyAre) {
    // A BOM gave "rapidjson internal assertion failure: IsObject()".
    const std::string text = formats::writeTrackJson(tw::test::circleTrack(3));
    const formats::TrackLoadResult withMark = formats::parseTrackJson("\xEF\xBB\xBF" + text);
    ASSERT_TRUE(withMark.document) << (withMark.diagnostics.empty() ? "" : withMark.diagnostics[0].message);
    EXPECT_EQ(formats::writeTrackJson(*withMark.document), text);

    const formats::TrackLoadResult binary = formats::parseTrackJson(std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16));
    ASSERT_EQ(binary.diagnostics.size(), 1u);
    EXPECT_EQ(binary.diagnostics[0].code, "not-a-track");
    EXPECT_NE(binary.diagnostics[0].message.find("binary"), std::string::npos);
}

TEST(TrackJson, NewerSchemaIsRefusedNamingBothVersions) {
    std::string text = formats::writeTrackJson(tw::test::circleTrack(3));
    text.replace(text.find("\"schema\": 2"), 11, "\"schema\": 7");
    const formats::TrackLoadResult loaded = formats::parseTrackJson(text);
    EXPECT_FALSE(loaded.document);
    ASSERT_EQ(loaded.diagnostics.size(), 1u);
    EXPECT_EQ(loaded.diagnostics[0].code, "schema-newer");
    EXPECT_NE(loaded.diagnostics[0].message.find("schema 7"), std::string::npos);
    EXPECT_NE(loaded.diagnostics[0].message.find("schema " + std::to_string(formats::kTrackSchemaVersion)), std::string::npos);
}

// A key Trackwright does not read — a misspelt "runof", a studio's own note — is a warning naming
// its path (a save would drop it); a file the product wrote has none.
TEST(TrackJson, KeysNobodyReadsAreWarnedAboutByPath) {
    std::string text = formats::writeTrackJson(tw::test::circleTrack(6));
    EXPECT_TRUE(formats::parseTrackJson(text).diagnostics.empty());
    text.replace(text.find("\"runoff\"", text.find("\"nodes\"")), 8, "\"runof\"");
    text.insert(text.find("\"name\""), "\"studio_note\": {\"owner\": \"ana\"},\n  ");
    const formats::TrackLoadResult loaded = formats::parseTrackJson(text);
    ASSERT_FALSE(loaded.document) << "runoff is required: the misspelt one is missing";
    text.insert(text.find("\"runof\""), "\"runoff\": 3.5, ");
    const formats::TrackLoadResult read = formats::parseTrackJson(text);
    ASSERT_TRUE(read.document);
    std::vector<std::string> paths;
    for (const formats::Diagnostic& d : read.diagnostics) {
        EXPECT_EQ(d.code, "unknown-key");
        EXPECT_EQ(d.severity, formats::Severity::Warning);
        paths.push_back(d.jsonPath);
    }
    EXPECT_EQ(paths, (std::vector<std::string>{"nodes[0].left.runof", "studio_note"}));
}

// Schema 2: banking, surface grip and the crossing clearance survive a save exactly; a flat node
// writes neither field, and a schema-1 file reads as flat tarmac with the default clearance and
// is written back as schema 2.
TEST(TrackJson, SchemaTwoKeepsBankingGripAndClearanceAndReadsSchemaOne) {
    formats::TrackDocument doc = tw::test::circleTrack(6);
    doc.nodes[1].banking = 0.1234567890123;
    doc.nodes[2].grip = 0.65;
    doc.crossingClearance = 5.25;
    const std::string text = formats::writeTrackJson(doc);
    EXPECT_NE(text.find("\"schema\": 2"), std::string::npos);
    auto occurrences = [&](const std::string& key) {
        std::size_t count = 0;
        for (std::size_t at = text.find(key); at != std::string::npos; at = text.find(key, at + 1)) ++count;
        return count;
    };
    EXPECT_EQ(occurrences("\"banking\""), 1u) << "only the banked node writes it";
    EXPECT_EQ(occurrences("\"grip\""), 1u);
    const formats::TrackLoadResult loaded = formats::parseTrackJson(text);
    ASSERT_TRUE(loaded.document);
    EXPECT_EQ(*loaded.document, doc);
    EXPECT_EQ(formats::writeTrackJson(*loaded.document), text);

    std::string schemaOne = formats::writeTrackJson(tw::test::circleTrack(6));
    schemaOne.replace(schemaOne.find("\"schema\": 2"), 11, "\"schema\": 1");
    schemaOne.erase(schemaOne.find(",\n  \"crossing_clearance\""), std::string(",\n  \"crossing_clearance\": 4.5").size());
    const formats::TrackLoadResult old = formats::parseTrackJson(schemaOne);
    ASSERT_TRUE(old.document) << (old.diagnostics.empty() ? "" : old.diagnostics.front().message);
    EXPECT_EQ(old.document->schema, formats::kTrackSchemaVersion);
    EXPECT_EQ(old.document->nodes[3].banking, 0.0);
    EXPECT_EQ(old.document->nodes[3].grip, 1.0);
    EXPECT_EQ(old.document->crossingClearance, formats::kDefaultCrossingClearance);
    EXPECT_EQ(formats::writeTrackJson(*old.document), formats::writeTrackJson(tw::test::circleTrack(6)));
}

TEST(TrackJson, MissingFieldNamesItsPath) {
    std::string text = formats::writeTrackJson(tw::test::circleTrack(3));
    const std::size_t at = text.find("\"runoff\"", text.find("\"right\"", text.find("\"x\"", text.find("\"x\"") + 1)));
    text.replace(at, 8, "\"runof\"");
    const formats::TrackLoadResult loaded = formats::parseTrackJson(text);
    EXPECT_FALSE(loaded.document);
    ASSERT_EQ(loaded.diagnostics.size(), 1u);
    EXPECT_EQ(loaded.diagnostics[0].code, "missing-field");
    EXPECT_EQ(loaded.diagnostics[0].jsonPath, "nodes[1].right.runoff");
}

TEST(TrackJson, IllTypedFieldNamesItsPathAndExpectedType) {
    std::string text = formats::writeTrackJson(tw::test::circleTrack(3));
    text.replace(text.find("\"closed\": true"), 14, "\"closed\": \"yes\"");
    const formats::TrackLoadResult loaded = formats::parseTrackJson(text);
    EXPECT_FALSE(loaded.document);
    ASSERT_EQ(loaded.diagnostics.size(), 1u);
    EXPECT_EQ(loaded.diagnostics[0].code, "wrong-type");
    EXPECT_EQ(loaded.diagnostics[0].jsonPath, "routes[0].closed");
    EXPECT_NE(loaded.diagnostics[0].message.find("true or false"), std::string::npos);
}

TEST(TrackJson, NonFiniteNumbersLoadSoValidationCanNameThem) {
    std::string text = formats::writeTrackJson(tw::test::circleTrack(3));
    const std::size_t at = text.find("\"z\": ") + 5;
    text.replace(at, text.find(',', at) - at, "NaN");
    const formats::TrackLoadResult loaded = formats::parseTrackJson(text);
    ASSERT_TRUE(loaded.document);
    EXPECT_TRUE(std::isnan(loaded.document->nodes[0].position.z));
}

TEST(TrackJson, NotATrack) {
    EXPECT_TRUE(hasCode(formats::parseTrackJson("[1, 2]").diagnostics, "not-a-track"));
    EXPECT_TRUE(hasCode(formats::parseTrackJson("{\"format\": \"geojson\"}").diagnostics, "not-a-track"));
    EXPECT_TRUE(hasCode(formats::parseTrackJson("").diagnostics, "json-syntax"));
}

TEST(TrackJson, UnreadableFileIsAnIoError) {
    const formats::TrackLoadResult loaded = formats::loadTrackFile("/nonexistent/track.twtrack");
    EXPECT_TRUE(loaded.ioError);
    EXPECT_FALSE(loaded.document);
    EXPECT_TRUE(hasCode(loaded.diagnostics, "io-read"));
}

TEST(TrackJson, TruncatedFilesNeverCrashTheLoader) {
    const std::string text = formats::writeTrackJson(tw::test::circleTrack(5));
    for (std::size_t length = 0; length < text.size(); length += 7) {
        const formats::TrackLoadResult loaded = formats::parseTrackJson(std::string_view(text).substr(0, length));
        EXPECT_FALSE(loaded.document);
        EXPECT_FALSE(loaded.diagnostics.empty());
    }
}

TEST(TrackJson, EverySampleRoundTripsByteForByte) {
    std::size_t samples = 0;
    for (const auto& entry : std::filesystem::directory_iterator(TRACKWRIGHT_SAMPLES_DIR)) {
        if (entry.path().extension() != ".twtrack") continue;
        ++samples;
        std::string error;
        const auto original = formats::readWholeFile(entry.path(), error);
        ASSERT_TRUE(original) << error;
        const formats::TrackLoadResult loaded = formats::parseTrackJson(*original);
        ASSERT_TRUE(loaded.document) << entry.path();
        EXPECT_EQ(formats::writeTrackJson(*loaded.document), *original) << entry.path() << " is not in canonical form";
    }
    EXPECT_GE(samples, 3u);
}

} // namespace

// RapidJSON 1.1.0 reads out of bounds on numbers far below the smallest double (fuzzing found it):
// such numbers are refused with their place before any parser sees them; text inside strings and
// every double the writer prints are untouched.
TEST(TrackJson, NumbersBeyondADoubleAreRefusedWithTheirPlace) {
    std::string text = formats::writeTrackJson(tw::test::circleTrack(3));
    const std::size_t at = text.find("\"name\"");
    ASSERT_NE(at, std::string::npos);
    text.replace(at, 6, "\"name\": \"1e-400 in a name is text\", \"unused\": 0.0000000000000000000000000000000001e-320, \"x_name\"");
    const formats::TrackLoadResult loaded = formats::parseTrackJson(text);
    ASSERT_FALSE(loaded.document);
    ASSERT_EQ(loaded.diagnostics.size(), 1u);
    EXPECT_EQ(loaded.diagnostics[0].code, "number-out-of-range");
    const std::size_t literal = text.find("0.00000000000000");
    const auto line = static_cast<std::uint32_t>(1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(literal), '\n'));
    EXPECT_EQ(loaded.diagnostics[0].line, line);
    EXPECT_NE(loaded.diagnostics[0].message.find("0.0000000000000000000000"), std::string::npos);
    EXPECT_TRUE(hasCode(formats::parseTrackJson("{\"format\": \"trackwright-track\", \"schema\": 1, \"big\": 2e308}").diagnostics, "number-out-of-range"));
    EXPECT_FALSE(hasCode(formats::parseTrackJson("{\"format\": \"trackwright-track\", \"schema\": 1, \"n\": \"2e308\"}").diagnostics, "number-out-of-range"));
}

// Literals longer than a double needs are read as the same double, and a syntax error after one
// is still reported at the column the designer sees.
TEST(TrackJson, LongNumberLiteralsKeepTheirValueAndTheColumnsAfterThem) {
    std::string text = formats::writeTrackJson(tw::test::circleTrack(3));
    const std::size_t x = text.find("\"x\": ");
    ASSERT_NE(x, std::string::npos);
    const std::size_t valueEnd = text.find_first_of(",}", x);
    text.replace(x + 5, valueEnd - (x + 5), "0.1000000000000000055511151231257827021181583404541015625");
    const formats::TrackLoadResult loaded = formats::parseTrackJson(text);
    ASSERT_TRUE(loaded.document) << (loaded.diagnostics.empty() ? "" : loaded.diagnostics.front().message);
    EXPECT_EQ(loaded.document->nodes[0].position.x, 0.1);

    const std::string broken = "{\"format\": \"trackwright-track\", \"z\": 0." + std::string(80, '0') + " x}";
    const formats::TrackLoadResult refused = formats::parseTrackJson(broken);
    ASSERT_EQ(refused.diagnostics.size(), 1u);
    EXPECT_EQ(refused.diagnostics[0].code, "json-syntax");
    EXPECT_EQ(refused.diagnostics[0].column, broken.find(" x}") + 2) << refused.diagnostics[0].message;
}

namespace {

// Zones and race settings (issue 25): read, written after the markers, and back unchanged. A track
// without them gains no keys on save.
TEST(TrackJson, ZonesAndRaceSettingsRoundTrip) {
    formats::TrackDocument doc = tw::test::circleTrack();
    EXPECT_EQ(formats::writeTrackJson(doc).find("\"zones\""), std::string::npos);
    EXPECT_EQ(formats::writeTrackJson(doc).find("\"race\""), std::string::npos);
    doc.zones.push_back({"overtaking", 2, 8, "left"});
    doc.zones.push_back({"no-overtaking", 20, 3, ""});
    doc.zones.push_back({"overtaking", 10, 12, ""});
    formats::RaceSettings race;
    race.yieldSide = "left";
    race.grid = {4.5, 12.0, 6.0, "right"};
    race.pitStopTime = 2.25;
    doc.race = race;
    const std::string text = formats::writeTrackJson(doc);
    EXPECT_LT(text.find("\"markers\""), text.find("\"zones\""));
    EXPECT_LT(text.find("\"zones\""), text.find("\"race\""));
    EXPECT_LT(text.find("\"race\""), text.find("\"editor\""));
    EXPECT_NE(text.find("\"yield_side\": \"left\""), std::string::npos) << text;
    EXPECT_NE(text.find("\"first_row_gap\": 4.5"), std::string::npos) << text;
    const formats::TrackLoadResult loaded = formats::parseTrackJson(text);
    ASSERT_TRUE(loaded.document);
    EXPECT_EQ(*loaded.document, doc);
    EXPECT_EQ(formats::writeTrackJson(*loaded.document), text);
}

// A "race" object may set only what differs: every other setting keeps its default.
TEST(TrackJson, RaceSettingsLeftOutTakeTheirDefaults) {
    std::string text = formats::writeTrackJson(tw::test::circleTrack(4));
    text.insert(text.rfind("\"editor\""), "\"race\": {\"grid\": {\"stagger\": 5}},\n  ");
    const formats::TrackLoadResult loaded = formats::parseTrackJson(text);
    ASSERT_TRUE(loaded.document) << (loaded.diagnostics.empty() ? "" : loaded.diagnostics.front().message);
    ASSERT_TRUE(loaded.document->race);
    EXPECT_EQ(loaded.document->race->yieldSide, "right");
    EXPECT_EQ(loaded.document->race->grid.firstRowGap, 6.0);
    EXPECT_EQ(loaded.document->race->grid.rowSpacing, 16.0);
    EXPECT_EQ(loaded.document->race->grid.stagger, 5.0);
    EXPECT_EQ(loaded.document->race->grid.pole, "left");
    EXPECT_EQ(loaded.document->race->pitStopTime, 3.0);
}

TEST(TrackJson, AZoneWithoutItsNodesNamesThePath) {
    std::string text = formats::writeTrackJson(tw::test::circleTrack(4));
    text.insert(text.rfind("\"editor\""), "\"zones\": [{\"kind\": \"overtaking\", \"from\": 1}],\n  ");
    const formats::TrackLoadResult loaded = formats::parseTrackJson(text);
    EXPECT_FALSE(loaded.document);
    ASSERT_EQ(loaded.diagnostics.size(), 1u);
    EXPECT_EQ(loaded.diagnostics[0].code, "missing-field");
    EXPECT_EQ(loaded.diagnostics[0].jsonPath, "zones[0].to");
}

} // namespace

namespace {

TEST(TrackJson, ANameThatIsNotUtf8IsRefusedWithItsLine) {
    // A Latin-1 name passed every tool and would reach a game's UI as garbage.
    formats::TrackDocument doc = tw::test::circleTrack();
    doc.name = "Jos@";
    std::string text = formats::writeTrackJson(doc);
    const std::size_t at = text.find("Jos@") + 3;
    text[at] = '\xE9';
    const auto line = static_cast<std::uint32_t>(1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
    const formats::TrackLoadResult loaded = formats::parseTrackJson(text);
    EXPECT_FALSE(loaded.document.has_value());
    ASSERT_TRUE(hasCode(loaded.diagnostics, "not-utf8"));
    const formats::Diagnostic& d = loaded.diagnostics.front();
    EXPECT_EQ(d.line, line) << d.message;
    EXPECT_NE(d.message.find("save the file as UTF-8"), std::string::npos) << d.message;

    doc.name = "Jos\xC3\xA9";  // the same name in UTF-8 loads
    const formats::TrackLoadResult utf8 = formats::parseTrackJson(formats::writeTrackJson(doc));
    ASSERT_TRUE(utf8.document.has_value());
    EXPECT_EQ(utf8.document->name, doc.name);
}

} // namespace
