#pragma once

#include "bake/pipeline/bake_context.h"

#include "formats/baked/baked_writer.h"
#include "formats/source/diagnostic.h"
#include "formats/source/track_document.h"

#include <optional>

namespace bake {

/// Knobs of a bake; the defaults are what `twbake build` uses.
struct BakeOptions {
    /// Registration grid cell edge, metres; 0 picks one from the track (about two links).
    double gridCellSize = 0.0;
};

enum class BakeStatus { Ok, InvalidTrack, Cancelled };

struct BakeResult {
    BakeStatus status = BakeStatus::Ok;
    formats::Diagnostics diagnostics;         ///< validation findings (warnings included)
    std::optional<formats::BakedTrackData> data;
};

/// The origin of the track's local frame, in which a bake stores every position: the world's
/// origin for a track within 50 km of it (every ordinary track: nothing moves), else the centre of
/// its nodes' bounds rounded to the kilometre, so UTM-scale tracks keep centimetres in floats.
formats::BakedOrigin bakeOrigin(const formats::TrackDocument& document);

/// The whole bake: validate → frames → curvature → lines → speed hints per vehicle class →
/// registration grid → route graph. A track with validation errors is not baked. Deterministic:
/// the same document gives the same data, byte for byte once written.
BakeResult bakeTrack(const formats::TrackDocument& document, const BakeOptions& options = {}, const BakeContext& context = {});

} // namespace bake
