#include "formats/import/torcs_pits.h"

#include <algorithm>

namespace formats::torcs {
namespace {

void warning(Diagnostics& out, const std::string& fileLabel, std::string code, std::uint32_t line, const std::string& message) {
    Diagnostic d;
    d.severity = Severity::Warning;
    d.code = std::move(code);
    if (line > 0) d.line = line;
    d.message = fileLabel + (line > 0 ? ":" + std::to_string(line) : std::string()) + ": " + message;
    out.push_back(std::move(d));
}

const SegmentInfo* segmentNamed(const TrackModel& model, const std::string& name) {
    for (const SegmentInfo& info : model.segments)
        if (info.name == name) return &info;
    return nullptr;
}

} // namespace

std::optional<Pits> readPits(const ParamSection& mainTrack, bool version4, const TrackModel& model, const std::string& fileLabel,
                              Diagnostics& out) {
    std::optional<std::string> entry, start, end, exit, side;
    double speedLimit = 25.0, boxLength = 15.0, boxWidth = 5.0;
    std::uint32_t line = mainTrack.line;
    if (version4) {
        const ParamSection* pits = mainTrack.section("Pits");
        if (!pits) return std::nullopt;
        line = pits->line;
        entry = pits->string("entry");
        start = pits->string("start");
        end = pits->string("end");
        exit = pits->string("exit");
        side = pits->string("side");
        speedLimit = pits->number("speed limit", 25.0);
        boxLength = pits->number("length", 15.0);
        boxWidth = pits->number("width", 5.0);
    } else {
        const std::string type = mainTrack.string("pit type", "no pit");
        if (type == "no pit") return std::nullopt;
        if (type != "track side") {
            warning(out, fileLabel, "torcs-pits-unsupported", line, "pit type \"" + type + "\" is not imported (TORCS itself places pits only for \"track side\")");
            return std::nullopt;
        }
        entry = mainTrack.string("pit entry");
        start = mainTrack.string("pit start");
        end = mainTrack.string("pit end");
        exit = mainTrack.string("pit exit");
        side = mainTrack.string("pit side");
        speedLimit = mainTrack.number("speed limit", 25.0);
        boxLength = mainTrack.number("pit length", 15.0);
        boxWidth = mainTrack.number("pit width", 5.0);
    }
    if (!entry) return std::nullopt;  // TORCS: no entry, no pits
    const SegmentInfo* entrySeg = segmentNamed(model, *entry);
    const SegmentInfo* startSeg = start ? segmentNamed(model, *start) : nullptr;
    const SegmentInfo* endSeg = end ? segmentNamed(model, *end) : nullptr;
    const SegmentInfo* exitSeg = exit ? segmentNamed(model, *exit) : nullptr;
    if (!entrySeg || !startSeg || !endSeg || !exitSeg) {
        std::string missing;
        const auto note = [&](const char* role, const std::optional<std::string>& name, const SegmentInfo* found) {
            if (found) return;
            missing += std::string(missing.empty() ? "" : ", ") + role + (name ? " \"" + *name + "\"" : std::string(" (not given)"));
        };
        note("entry", entry, entrySeg);
        note("start", start, startSeg);
        note("end", end, endSeg);
        note("exit", exit, exitSeg);
        warning(out, fileLabel, "torcs-pits-unresolved", line, "the pits name no existing segment for " + missing +
                "; like TORCS, the track is imported without a pit lane");
        return std::nullopt;
    }
    if (!(speedLimit > 0.0 && speedLimit < 200.0) || !(boxLength > 0.5 && boxLength < 1000.0) || !(boxWidth > 0.0 && boxWidth < 100.0)) {
        warning(out, fileLabel, "torcs-pits-unresolved", line, "the pits' speed limit, box length or box width is out of range; the track is imported without a pit lane");
        return std::nullopt;
    }
    Pits pits;
    pits.leftSide = side.value_or("right") != "right";
    pits.speedLimit = speedLimit;
    pits.boxLength = boxLength;
    pits.boxWidth = boxWidth;
    // TORCS finds the entry by searching backwards from the last sub-segment for the start of
    // the name's run; when the run starts the ring, its search ends one step further, on the last
    // sub-segment (TORCS's ole-road-1: entry "s1" → sub-segment 723 of 724).
    const std::uint32_t subCount = static_cast<std::uint32_t>(model.subSegments.size());
    pits.entry = entrySeg->firstSubSegment == 0 ? subCount - 1 : entrySeg->firstSubSegment;
    pits.start = startSeg->firstSubSegment;
    pits.end = endSeg->firstSubSegment + endSeg->subSegmentCount - 1;
    pits.exit = exitSeg->firstSubSegment + exitSeg->subSegmentCount - 1;
    const SubSegment& first = model.subSegments[pits.start];
    const SubSegment& last = model.subSegments[pits.end];
    double zone = last.distance + last.length - first.distance;
    if (zone <= 0.0) zone += model.length;
    pits.boxCount = static_cast<std::uint32_t>(std::max(0.0, (zone + boxLength / 2.0) / boxLength));
    return pits;
}

} // namespace formats::torcs
