#pragma once

// The marker kinds Trackwright knows: the one list the validator checks a .twtrack's markers
// against and the importers, the bake and the runtime name markers by (docs/formats.md, `markers[]`).
// A marker's kind is baked as the designer wrote it, so a game may query a kind of its own
// (findMarker); validation warns about any kind not listed here, which is usually a misspelling.

#include <array>
#include <string_view>

namespace trackwright::format {

/// The start and finish line of a lap, on a closed route: the lap counter's line and the grid's.
inline constexpr const char* kMarkerStartFinish = "start-finish";
/// The start line: of an open route (a sprint), or on a loop whose finish line is elsewhere.
inline constexpr const char* kMarkerStart = "start";
/// The finish line where it is not the start line (an open route's end).
inline constexpr const char* kMarkerFinish = "finish";
/// A sector boundary on the lap route: the lap counter's split times.
inline constexpr const char* kMarkerSector = "sector";
/// A pit box on a pit lane: where a car stops during a pit stop.
inline constexpr const char* kMarkerPitBox = "pit-box";
/// Where an overtaking line leaves the racing line (written by `twbake raceline` with its lines).
inline constexpr const char* kMarkerOvertakingEntry = "overtaking-entry";

/// Every kind above, in that order.
inline constexpr std::array<const char*, 6> kMarkerKinds = {kMarkerStartFinish, kMarkerStart,  kMarkerFinish,
                                                            kMarkerSector,      kMarkerPitBox, kMarkerOvertakingEntry};

/// True when `kind` is one of kMarkerKinds (exactly: kinds are case-sensitive).
constexpr bool isKnownMarkerKind(std::string_view kind) {
    for (const char* known : kMarkerKinds)
        if (kind == known) return true;
    return false;
}

/// True when a marker of `kind` is a start line (start-finish or start).
constexpr bool isStartLineKind(std::string_view kind) { return kind == kMarkerStartFinish || kind == kMarkerStart; }
/// True when a marker of `kind` is a finish line (start-finish or finish).
constexpr bool isFinishLineKind(std::string_view kind) { return kind == kMarkerStartFinish || kind == kMarkerFinish; }

} // namespace trackwright::format
