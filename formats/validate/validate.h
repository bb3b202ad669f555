#pragma once

#include "formats/source/diagnostic.h"
#include "formats/source/track_document.h"

namespace formats {

/// How far from the world's origin a node may lie east, west, north or south, metres: UTM
/// coordinates stay within 10 000 km. A bake stores positions relative to a local origin near the
/// track, so single-precision floats keep centimetres wherever it lies.
inline constexpr double kMaxCoordinate = 1.0e7;
/// How far up or down, metres.
inline constexpr double kMaxHeight = 100000.0;
/// The most a track may span east–west or north–south, metres: within it, floats relative to the
/// local origin step 4 mm at most.
inline constexpr double kMaxExtent = 100000.0;
/// The widest a node's track, runoff or wall may be on either side, metres.
inline constexpr double kMaxWidth = 1000.0;
/// The least tarmac a node of a route may have, left and right together, metres. The narrowest
/// roads built are single-track lanes of about 2.5 m and the narrowest racing vehicle, a kart, is
/// 1.4 m wide: less than 1 m carries no vehicle and is a slip (a 0 left in, a width in the wrong
/// unit). Wider tarmac that is still too narrow for the track's own classes is `class-wider-than-tarmac`
/// or, with the runoff too, `class-wider-than-road`.
inline constexpr double kMinTarmacWidth = 1.0;

/// Thresholds of the advisory checks (warnings); errors have no knobs.
struct ValidationOptions {
    /// Neighbouring widths differing by more than this factor (and by more than
    /// `minWidthJumpMetres`) give an abrupt-width warning.
    double maxWidthRatio = 2.0;
    double minWidthJumpMetres = 1.0;
    /// Neighbouring links differing in length by more than this factor give a link-length warning
    /// (race-track chapter §39.2.3: tangents get dominated by the longer link).
    double maxLinkLengthRatio = 3.0;
    /// Links shorter than this are duplicate nodes, metres.
    double minLinkLength = 1e-3;
};

/// Checks a loaded document for everything that would make a bake wrong or a designer's intent
/// ambiguous. Each diagnostic names its route and node(s) and the JSON path to fix. Deterministic
/// order: references (markers among them), numbers, widths, vehicle classes, the tarmac along each
/// route and the classes on it, route geometry, lines, zones, race settings.
Diagnostics validate(const TrackDocument& document, const ValidationOptions& options = {});

} // namespace formats
