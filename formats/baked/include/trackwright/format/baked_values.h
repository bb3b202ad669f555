#pragma once

#include "trackwright/format/baked_limits.h"
#include "trackwright/format/baked_reader.h"

#include <cstddef>
#include <cstdint>
#include <span>

namespace trackwright::format::detail {

/// Where a value check failed: the section (as docs/formats.md names it), the record's index in
/// it, and what is wrong (fixed phrases: nothing allocated).
struct BakedValueProblem {
    const char* section = "";
    std::uint64_t record = 0;
    const char* what = "";
};

/// Every number of `view` (whose references are already checked) in its documented range and
/// consistent with the rest: finite, positions near the origin, unit frames, widths, speeds,
/// distances the sums of their links, line points on their nodes' perpendiculars. False with
/// `out` filled at the first that is not.
bool bakedValuesAreSound(const BakedTrackView& view, BakedValueProblem& out) noexcept;

/// For bytes readBakedTrack refuses as BadValue: true, with the first problem (baked_reader.cpp).
bool bakedValueProblem(std::span<const std::byte> bytes, BakedValueProblem& problem) noexcept;

} // namespace trackwright::format::detail
