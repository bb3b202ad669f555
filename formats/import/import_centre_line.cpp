#include "formats/import/csv_table.h"
#include "formats/geometry/registrable_widths.h"
#include "formats/import/track_import.h"
#include "trackwright/format/marker_kinds.h"

#include <cmath>

namespace formats {
namespace {

Diagnostic csvError(std::string code, std::uint32_t line, std::string message) {
    Diagnostic d;
    d.code = std::move(code);
    d.line = line;
    d.message = "line " + std::to_string(line) + ": " + std::move(message);
    return d;
}

/// Checks the column count and finiteness of every row; returns false when the table is unusable.
bool checkRows(const CsvTable& table, std::size_t minColumns, std::size_t maxColumns, const char* layout, Diagnostics& out) {
    for (const CsvRow& row : table.rows) {
        if (row.values.size() < minColumns || row.values.size() > maxColumns) {
            out.push_back(csvError("csv-columns", row.line,
                "expected " + std::string(layout) + " but found " + std::to_string(row.values.size()) + " fields"));
            continue;
        }
        for (std::size_t i = 0; i < row.values.size(); ++i) {
            if (!std::isfinite(row.values[i])) {
                Diagnostic d = csvError("csv-non-finite", row.line, "field " + std::to_string(i + 1) + " is not a finite number");
                d.column = static_cast<std::uint32_t>(i + 1);
                out.push_back(std::move(d));
            }
        }
    }
    return !hasErrors(out);
}

SideWidths sideFromTrack(double track, const ImportMargins& margins) {
    return {track, track + margins.runoff, track + margins.runoff + margins.wall};
}

/// Builds the single-route document shared by both importers.
TrackDocument singleRouteDocument(const std::string& name, bool closed) {
    TrackDocument doc;
    doc.name = name;
    Route route;
    route.name = "main";
    route.closed = closed;
    doc.routes.push_back(std::move(route));
    return doc;
}

void appendNode(TrackDocument& doc, TrackNode node) {
    doc.routes.front().nodes.push_back(static_cast<std::uint32_t>(doc.nodes.size()));
    doc.nodes.push_back(std::move(node));
}

/// The CSV carries no runoff or wall: where the margins guessed for them would make registration
/// undefined, narrow them and tell the designer which nodes were touched.
void fitMarginsToRegistrableZone(TrackDocument& doc, Diagnostics& out);

/// Steps both importers share once the nodes exist: the optional racing line, then the margins.
void finishImport(TrackDocument doc, std::optional<std::string_view> racingLineCsv, ImportResult& result) {
    if (racingLineCsv) {
        const Diagnostics lineDiagnostics = importLineCsv(doc, 0, *racingLineCsv, "racing");
        result.diagnostics.insert(result.diagnostics.end(), lineDiagnostics.begin(), lineDiagnostics.end());
        if (hasErrors(lineDiagnostics)) return;
    }
    doc.markers.push_back({doc.routes.front().closed ? kMarkerStartFinish : kMarkerStart, 0, ""});
    fitMarginsToRegistrableZone(doc, result.diagnostics);
    result.document = std::move(doc);
}

void fitMarginsToRegistrableZone(TrackDocument& doc, Diagnostics& out) {
    const std::vector<std::uint32_t> narrowed = narrowWidthsToRegistrableZone(doc, 0);
    if (narrowed.empty()) return;
    Diagnostic d;
    d.severity = Severity::Warning;
    d.code = "import-widths-narrowed";
    d.route = 0;
    d.node = narrowed.front();
    d.jsonPath = "nodes[" + std::to_string(narrowed.front()) + "]";
    std::string list;
    for (std::size_t i = 0; i < narrowed.size() && i < 8; ++i) list += (i ? ", " : "") + std::to_string(narrowed[i]);
    if (narrowed.size() > 8) list += ", …";
    d.message = "runoff and wall narrowed at " + std::to_string(narrowed.size()) + " node(s) (" + list +
        ") where the default margins would reach past the point where neighbouring perpendiculars cross; "
        "check those widths in the editor";
    out.push_back(std::move(d));
}

bool checkRowCount(const CsvTable& table, std::size_t minimum, Diagnostics& out) {
    if (table.rows.size() >= minimum) return true;
    Diagnostic d;
    d.code = "csv-too-few-rows";
    d.message = "found " + std::to_string(table.rows.size()) + " data rows, a track needs at least " + std::to_string(minimum);
    out.push_back(std::move(d));
    return false;
}

/// An explicitly closed loop repeats its first point at the end; the route closes itself.
bool lastRowRepeatsFirst(const CsvTable& table) {
    const CsvRow& first = table.rows.front();
    const CsvRow& last = table.rows.back();
    return table.rows.size() > 1 && first.values[0] == last.values[0] && first.values[1] == last.values[1];
}

} // namespace

ImportResult importTumCsv(std::string_view csvText, const std::string& trackName, const ImportMargins& margins,
                          std::optional<std::string_view> racingLineCsv) {
    ImportResult result;
    CsvTable table = parseNumericCsv(csvText);
    result.diagnostics = table.diagnostics;
    if (hasErrors(result.diagnostics)) return result;
    if (!checkRows(table, 4, 4, "4 fields x_m,y_m,w_tr_right_m,w_tr_left_m", result.diagnostics)) return result;
    if (!checkRowCount(table, 3, result.diagnostics)) return result;
    if (lastRowRepeatsFirst(table)) table.rows.pop_back();

    TrackDocument doc = singleRouteDocument(trackName, /*closed=*/true);
    doc.nodes.reserve(table.rows.size());
    for (const CsvRow& row : table.rows) {
        TrackNode node;
        node.position = {row.values[0], row.values[1], 0.0};
        node.right = sideFromTrack(row.values[2], margins);
        node.left = sideFromTrack(row.values[3], margins);
        appendNode(doc, std::move(node));
    }
    finishImport(std::move(doc), racingLineCsv, result);
    return result;
}

ImportResult importWaypoints(std::string_view csvText, const std::string& trackName, const WaypointImportOptions& options,
                             std::optional<std::string_view> racingLineCsv) {
    ImportResult result;
    CsvTable table = parseNumericCsv(csvText);
    result.diagnostics = table.diagnostics;
    if (hasErrors(result.diagnostics)) return result;
    if (!checkRows(table, 2, 3, "2 or 3 fields x,y[,z]", result.diagnostics)) return result;
    if (!checkRowCount(table, options.closed ? 3 : 2, result.diagnostics)) return result;
    if (options.closed && lastRowRepeatsFirst(table)) table.rows.pop_back();

    TrackDocument doc = singleRouteDocument(trackName, options.closed);
    const double half = options.trackWidth / 2.0;
    for (const CsvRow& row : table.rows) {
        TrackNode node;
        node.position = {row.values[0], row.values[1], row.values.size() > 2 ? row.values[2] : 0.0};
        node.left = sideFromTrack(half, options.margins);
        node.right = node.left;
        appendNode(doc, std::move(node));
    }
    finishImport(std::move(doc), racingLineCsv, result);
    return result;
}

} // namespace formats
