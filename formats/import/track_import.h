#pragma once

#include "formats/source/diagnostic.h"
#include "formats/source/track_document.h"

#include <optional>
#include <string>
#include <string_view>

/// Importers that turn centre-line CSV files into `.twtrack` documents. Errors name the CSV line.
namespace formats {

/// Widths an importer adds beyond the tarmac, since the CSV files carry only the tarmac edge.
/// Defaults: 2 m of drivable runoff (a kerb and a strip of grass), then the wall 1 m further out.
struct ImportMargins {
    double runoff = 2.0;  ///< metres from the tarmac edge to the runoff edge, each side
    double wall = 1.0;    ///< metres from the runoff edge to the wall, each side
};

/// Result of an import: the document when the input could be read, and what was found on the way.
struct ImportResult {
    std::optional<TrackDocument> document;
    Diagnostics diagnostics;
};

/// TUM racetrack-database CSV (`# x_m,y_m,w_tr_right_m,w_tr_left_m`): one closed route, node i = row i,
/// tarmac widths from the file, runoff and wall from `margins`. A last row repeating the first one
/// (an explicitly closed loop) is dropped. A given `racingLineCsv` becomes the line "racing"
/// (see importLineCsv); given but empty, it is an error (a designer who names a line file wants it). Where the guessed margins would make registration undefined they are
/// narrowed (never below the tarmac or the racing line), with an "import-widths-narrowed" warning.
ImportResult importTumCsv(std::string_view csvText, const std::string& trackName, const ImportMargins& margins = {},
                          std::optional<std::string_view> racingLineCsv = std::nullopt);

/// Options of the plain waypoint importer.
struct WaypointImportOptions {
    bool closed = false;
    double trackWidth = 10.0;  ///< total tarmac width, metres, split evenly left and right
    ImportMargins margins;
};

/// Plain waypoint CSV (`x,y[,z]`, optional header or `#` lines) as one open or closed route; the
/// racing line and the narrowing of margins as importTumCsv.
ImportResult importWaypoints(std::string_view csvText, const std::string& trackName, const WaypointImportOptions& options = {},
                             std::optional<std::string_view> racingLineCsv = std::nullopt);

/// Adds a line named `lineName` to `route` of `document` from a polyline CSV (`x_m,y_m`, closed when
/// the route is closed): each node's offset is where its perpendicular meets the polyline, taking the
/// crossing nearest to the previous node's offset so hairpins do not jump to the other leg.
/// A node whose perpendicular does not meet the polyline within its walls gets a
/// "raceline-no-intersection" error and the line is not added.
Diagnostics importLineCsv(TrackDocument& document, std::uint32_t route, std::string_view csvText, const std::string& lineName = "racing");

} // namespace formats
