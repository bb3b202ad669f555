#include "formats/import/csv_table.h"
#include "formats/source/file_io.h"
#include "formats/import/track_import.h"
#include "formats/validate/validate.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <numbers>
#include <sstream>

namespace {

bool hasCode(const formats::Diagnostics& diagnostics, const std::string& code) {
    for (const auto& d : diagnostics)
        if (d.code == code) return true;
    return false;
}

/// A TUM-style CSV of a circle, counter-clockwise, with distinct left and right widths.
std::string circleTumCsv(int count, double radius, double right, double left) {
    std::ostringstream csv;
    csv.precision(17);
    csv << "# x_m,y_m,w_tr_right_m,w_tr_left_m\n";
    for (int i = 0; i < count; ++i) {
        const double a = 2.0 * std::numbers::pi * i / count;
        csv << radius * std::cos(a) << ',' << radius * std::sin(a) << ',' << right << ',' << left << '\n';
    }
    return csv.str();
}

TEST(CsvTable, SkipsCommentsBlankLinesAndAHeader) {
    const formats::CsvTable t = formats::parseNumericCsv("x,y\n# comment\n\n1, 2\r\n+3.5,-4e1\n");
    ASSERT_TRUE(t.diagnostics.empty());
    ASSERT_EQ(t.rows.size(), 2u);
    EXPECT_EQ(t.rows[0].line, 4u);
    EXPECT_EQ(t.rows[1].values, (std::vector<double>{3.5, -40.0}));
}

TEST(CsvTable, BadFieldNamesLineAndColumn) {
    const formats::CsvTable t = formats::parseNumericCsv("1,2\n3,x4\n");
    ASSERT_EQ(t.diagnostics.size(), 1u);
    EXPECT_EQ(t.diagnostics[0].code, "csv-syntax");
    EXPECT_EQ(t.diagnostics[0].line, 2u);
    EXPECT_EQ(t.diagnostics[0].column, 2u);
}

TEST(CsvTable, AMistypedFirstRowIsAnErrorNotAHeader) {
    // "1.O877" (a letter O) in the first data row: it was taken for a header and the row was lost.
    for (const std::string text : {"1.O877,2.3,4,5\n2,3,4,5\n", "# x_m,y_m,w_tr_right_m,w_tr_left_m\n1.O877,2.3,4,5\n2,3,4,5\n"}) {
        const formats::CsvTable t = formats::parseNumericCsv(text);
        ASSERT_EQ(t.diagnostics.size(), 1u) << text;
        EXPECT_EQ(t.diagnostics[0].code, "csv-syntax");
        EXPECT_EQ(t.diagnostics[0].column, 1u);
        EXPECT_NE(t.diagnostics[0].message.find("1.O877"), std::string::npos);
    }
}

TEST(CsvTable, AByteOrderMarkIsNotAHeader) {
    // A headerless CSV saved by a spreadsheet starts with a UTF-8 BOM: its first row was lost.
    const formats::CsvTable headerless = formats::parseNumericCsv("\xEF\xBB\xBF" "1,2\n3,4\n");
    ASSERT_TRUE(headerless.diagnostics.empty());
    ASSERT_EQ(headerless.rows.size(), 2u);
    EXPECT_EQ(headerless.rows[0].values, (std::vector<double>{1.0, 2.0}));
    const formats::CsvTable withHeader = formats::parseNumericCsv("\xEF\xBB\xBF" "x,y\n3,4\n");
    ASSERT_TRUE(withHeader.diagnostics.empty());
    EXPECT_EQ(withHeader.rows.size(), 1u);
}

TEST(TumCsvImport, BuildsOneClosedRouteWithWidthsFromTheFileAndMargins) {
    const auto result = formats::importTumCsv(circleTumCsv(40, 100.0, 5.5, 6.5), "Circle", {2.5, 1.5});
    ASSERT_TRUE(result.document);
    const formats::TrackDocument& doc = *result.document;
    EXPECT_EQ(doc.name, "Circle");
    ASSERT_EQ(doc.routes.size(), 1u);
    EXPECT_TRUE(doc.routes[0].closed);
    ASSERT_EQ(doc.nodes.size(), 40u);
    EXPECT_EQ(doc.routes[0].nodes[7], 7u);
    EXPECT_EQ(doc.nodes[3].right.track, 5.5);
    EXPECT_EQ(doc.nodes[3].left.track, 6.5);
    EXPECT_EQ(doc.nodes[3].left.runoff, 9.0);
    EXPECT_EQ(doc.nodes[3].left.wall, 10.5);
    EXPECT_EQ(doc.nodes[3].right.wall, 9.5);
}

TEST(TumCsvImport, DropsARepeatedClosingRow) {
    std::string csv = circleTumCsv(10, 50.0, 4.0, 4.0);
    csv += csv.substr(csv.find('\n') + 1, csv.find('\n', csv.find('\n') + 1) - csv.find('\n'));
    const auto result = formats::importTumCsv(csv, "c");
    ASSERT_TRUE(result.document);
    EXPECT_EQ(result.document->nodes.size(), 10u);
}

TEST(TumCsvImport, WrongColumnCountOrNonFiniteIsAnErrorWithTheLine) {
    auto r = formats::importTumCsv("0,0,4,4\n10,0,4\n20,5,4,4\n", "t");
    EXPECT_FALSE(r.document);
    ASSERT_TRUE(hasCode(r.diagnostics, "csv-columns"));
    EXPECT_EQ(r.diagnostics[0].line, 2u);
    r = formats::importTumCsv("0,0,4,4\n10,0,inf,4\n20,5,4,4\n", "t");
    EXPECT_FALSE(r.document);
    EXPECT_TRUE(hasCode(r.diagnostics, "csv-non-finite"));
    r = formats::importTumCsv("0,0,4,4\n10,0,4,4\n", "t");
    EXPECT_FALSE(r.document);
    EXPECT_TRUE(hasCode(r.diagnostics, "csv-too-few-rows"));
}

TEST(LineCsvImport, OffsetsAreWhereTheLineCrossesEachPerpendicular) {
    auto result = formats::importTumCsv(circleTumCsv(60, 100.0, 6.0, 6.0), "Circle");
    ASSERT_TRUE(result.document);
    // A concentric circle 3 m inside: the left of a counter-clockwise loop is the inside.
    std::ostringstream line;
    line.precision(17);
    for (int i = 0; i < 240; ++i) {
        const double a = 2.0 * std::numbers::pi * (i + 0.5) / 240;
        line << 97.0 * std::cos(a) << ',' << 97.0 * std::sin(a) << '\n';
    }
    const formats::Diagnostics d = formats::importLineCsv(*result.document, 0, line.str(), "racing");
    ASSERT_FALSE(formats::hasErrors(d));
    ASSERT_EQ(result.document->lines.size(), 1u);
    const formats::Line& racing = result.document->lines[0];
    EXPECT_EQ(racing.name, "racing");
    ASSERT_EQ(racing.offsets.size(), 60u);
    for (double offset : racing.offsets) EXPECT_NEAR(offset, 3.0, 0.01);
}

TEST(LineCsvImport, ALineThatMissesANodeIsReportedAndNotAdded) {
    auto result = formats::importTumCsv(circleTumCsv(20, 100.0, 6.0, 6.0), "Circle");
    ASSERT_TRUE(result.document);
    const formats::Diagnostics d = formats::importLineCsv(*result.document, 0, "0,0\n1,1\n2,0\n", "racing");
    EXPECT_TRUE(hasCode(d, "raceline-no-intersection"));
    EXPECT_TRUE(result.document->lines.empty());
}

TEST(WaypointImport, OpenRouteWithEvenWidthsAndHeights) {
    formats::WaypointImportOptions options;
    options.trackWidth = 7.0;
    const auto r = formats::importWaypoints("0,0,1\n10,0,2\n", "wp", options);
    ASSERT_TRUE(r.document);
    EXPECT_FALSE(r.document->routes[0].closed);
    EXPECT_EQ(r.document->nodes[1].position.z, 2.0);
    EXPECT_EQ(r.document->nodes[0].left.track, 3.5);
    EXPECT_EQ(r.document->nodes[0].right.track, 3.5);
    options.closed = true;
    EXPECT_TRUE(hasCode(formats::importWaypoints("0,0\n10,0\n", "wp", options).diagnostics, "csv-too-few-rows"));
    EXPECT_TRUE(hasCode(formats::importWaypoints("0,0\n10,0,1,2\n", "wp", options).diagnostics, "csv-columns"));
}

// Importers never crash, whatever the bytes.
TEST(Importers, SurviveGarbage) {
    std::uint64_t state = 0x9e3779b97f4a7c15ull;
    const std::string alphabet = "0123456789.,-+eE#\n\r naNinf";
    for (int round = 0; round < 2000; ++round) {
        std::string text;
        const int length = static_cast<int>(state % 80);
        for (int i = 0; i < length; ++i) {
            state = state * 6364136223846793005ull + 1442695040888963407ull;
            text += alphabet[(state >> 33) % alphabet.size()];
        }
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        auto tum = formats::importTumCsv(text, "g");
        auto wp = formats::importWaypoints(text, "g");
        if (tum.document) formats::importLineCsv(*tum.document, 0, text);
        EXPECT_TRUE(tum.document || formats::hasErrors(tum.diagnostics));
        EXPECT_TRUE(wp.document || formats::hasErrors(wp.diagnostics));
    }
}

} // namespace

namespace {

/// Waypoints of a U-turn of `radius` metres between two straights, as CSV text.
std::string hairpinWaypoints(double radius) {
    std::ostringstream csv;
    csv.precision(17);
    for (int i = 0; i <= 10; ++i) csv << -50.0 + 5.0 * i << ",0\n";
    for (int i = 1; i < 12; ++i) {
        const double a = -std::numbers::pi / 2 + std::numbers::pi * i / 12;
        csv << radius * std::cos(a) << ',' << radius + radius * std::sin(a) << '\n';
    }
    for (int i = 0; i <= 10; ++i) csv << -5.0 * i << ',' << 2 * radius << '\n';
    return csv.str();
}

TEST(WaypointImport, NarrowsGuessedMarginsWhereRegistrationWouldBeUndefined) {
    formats::WaypointImportOptions options;
    options.trackWidth = 10.0;  // tarmac 5 m each side, wall at 8 m: beyond the 7 m hairpin's centre
    const auto r = formats::importWaypoints(hairpinWaypoints(7.0), "hairpin", options);
    ASSERT_TRUE(r.document);
    ASSERT_TRUE(hasCode(r.diagnostics, "import-widths-narrowed"));
    EXPECT_FALSE(formats::hasErrors(r.diagnostics));
    EXPECT_FALSE(formats::hasErrors(formats::validate(*r.document)));
    for (const formats::TrackNode& node : r.document->nodes) {
        EXPECT_LE(node.left.wall, 8.0);
        EXPECT_GE(node.left.wall, node.left.runoff);
        EXPECT_GE(node.left.runoff, node.left.track);
        EXPECT_EQ(node.left.track, 5.0);
    }
    // A generous hairpin keeps its margins.
    const auto wide = formats::importWaypoints(hairpinWaypoints(20.0), "hairpin", options);
    ASSERT_TRUE(wide.document);
    EXPECT_FALSE(hasCode(wide.diagnostics, "import-widths-narrowed"));
}

} // namespace

namespace {

TEST(CsvTable, ANumberBeyondADoubleIsOutOfRangeAsInJson) {
    // 1e-999 was "not a number"; the JSON reader calls it out of range, and so does the CSV reader.
    for (const char* text : {"1,2\n3,1e-999\n", "1,2\n3,1e999\n"}) {
        const formats::CsvTable t = formats::parseNumericCsv(text);
        ASSERT_EQ(t.diagnostics.size(), 1u) << text;
        EXPECT_EQ(t.diagnostics[0].code, "number-out-of-range") << t.diagnostics[0].message;
        EXPECT_EQ(t.diagnostics[0].line, 2u);
        EXPECT_NE(t.diagnostics[0].message.find("beyond a double's range"), std::string::npos) << t.diagnostics[0].message;
    }
    EXPECT_EQ(formats::parseNumericCsv("1,2\n3,x\n").diagnostics.at(0).code, "csv-syntax");
}

} // namespace
