#pragma once

// Internal to formats/validate*.cpp: the shared pieces of the validation passes. Each pass appends to
// the sink in document order, so the output order is fixed by the order `validate` runs them.

#include "formats/source/diagnostic.h"
#include "formats/source/track_document.h"
#include "formats/validate/validate.h"

#include <cstdint>
#include <string>
#include <vector>

namespace formats::detail {

/// Collects diagnostics with the helpers every pass needs.
struct DiagnosticSink {
    Diagnostics& out;

    Diagnostic& add(Severity severity, std::string code, std::string message, std::string jsonPath) {
        Diagnostic d;
        d.severity = severity;
        d.code = std::move(code);
        d.message = std::move(message);
        d.jsonPath = std::move(jsonPath);
        out.push_back(std::move(d));
        return out.back();
    }
    Diagnostic& error(std::string code, std::string message, std::string jsonPath) {
        return add(Severity::Error, std::move(code), std::move(message), std::move(jsonPath));
    }
    Diagnostic& warning(std::string code, std::string message, std::string jsonPath) {
        return add(Severity::Warning, std::move(code), std::move(message), std::move(jsonPath));
    }
};

/// "nodes[12]", "routes[0]" …: JSON paths as designers see them in the file.
std::string nodePath(std::uint32_t node);
std::string routePath(std::size_t route);
/// "3.50 m": a length for a message.
std::string metres(double value);
/// "12.5 m/s", "0 rad": any other value with its unit, shortest readable form.
std::string quantity(double value, const char* unit);
/// "1 route", "3 routes": a count with its noun.
std::string counted(std::size_t count, const char* noun);
/// "x3.2" for a ratio between neighbours; "unbounded, one of them is 0" when it is infinite.
std::string ratioText(double ratio);
/// "route 2 \"pit\"" (or "route 2" when unnamed): how messages name a route.
std::string routeName(const TrackDocument& doc, std::size_t route);

/// What the reference and number passes learnt, so later passes never read through a bad index or
/// reason about NaN or negative widths.
struct DocumentHealth {
    /// Per node: every number finite and no width negative.
    std::vector<bool> nodeSound;
    /// Per route: node and attachment references valid, not reused, long enough, and (after
    /// `markUnsoundRoutes`) every node it touches sound. Only these routes get geometry checks.
    std::vector<bool> geometryCheckable;
};

void checkReferences(const TrackDocument& doc, DiagnosticSink& sink, DocumentHealth& health);
void checkNumbers(const TrackDocument& doc, DiagnosticSink& sink, DocumentHealth& health);
void checkWidths(const TrackDocument& doc, DiagnosticSink& sink, DocumentHealth& health);
void checkVehicleClasses(const TrackDocument& doc, DiagnosticSink& sink);
/// The track's crossing clearance: a finite height above 0.
void checkCrossingClearance(const TrackDocument& doc, DiagnosticSink& sink);
/// Clears `geometryCheckable` for routes that touch a node that is not sound.
void markUnsoundRoutes(const TrackDocument& doc, DocumentHealth& health);
/// Tarmac along every route whose `geometryCheckable` is set: at least kMinTarmacWidth left and
/// right together at every node (`no-tarmac`), one diagnostic per stretch of nodes narrower.
void checkTarmac(const TrackDocument& doc, const DocumentHealth& health, DiagnosticSink& sink);
/// Every vehicle class fits every route whose `geometryCheckable` is set: at every node its width
/// is at most the drivable road's, tarmac and runoff left and right together (an error,
/// `class-wider-than-road`), and at most the tarmac's (a warning, `class-wider-than-tarmac`: the
/// runoff is drivable). One diagnostic of each per class and route, naming the narrowest node.
void checkClassesFitTheRoad(const TrackDocument& doc, const DocumentHealth& health, DiagnosticSink& sink);
/// Link lengths, width jumps, crossing perpendiculars and edge self-intersections of one route whose
/// `geometryCheckable` is set.
void checkRouteGeometry(const TrackDocument& doc, std::uint32_t route, const ValidationOptions& options, DiagnosticSink& sink);
void checkLines(const TrackDocument& doc, const DocumentHealth& health, DiagnosticSink& sink);
/// Zones: kind, sides, both nodes on one route in driving order; overlaps of opposite kinds warn.
void checkZones(const TrackDocument& doc, DiagnosticSink& sink);
/// The race settings: sides "left" or "right", every number finite and not negative.
void checkRaceSettings(const TrackDocument& doc, DiagnosticSink& sink);
/// The grid's rows at least the longest class's length apart (`grid-overlap`), set or defaults.
void checkGridRoom(const TrackDocument& doc, DiagnosticSink& sink);
/// The bake's size, from the counts: past formats::kMaxBakedFileBytes is `track-too-large`.
void checkBakedSize(const TrackDocument& doc, DiagnosticSink& sink);

} // namespace formats::detail
