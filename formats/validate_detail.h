#pragma once

// Internal to formats/validate*.cpp: the shared pieces of the validation passes.

#include "formats/diagnostic.h"
#include "formats/track_document.h"
#include "formats/validate.h"

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

std::string nodePath(std::uint32_t node);
std::string metres(double value);
std::string ratioText(double ratio);

/// Which routes can be checked geometrically: their node references are valid and every number
/// their nodes carry is finite. Filled by the reference and number passes.
struct RouteHealth {
    std::vector<bool> geometryCheckable;
};

void checkNumbers(const TrackDocument& doc, DiagnosticSink& sink, std::vector<bool>& nodeFinite);
void checkReferences(const TrackDocument& doc, DiagnosticSink& sink, RouteHealth& health);
void checkWidths(const TrackDocument& doc, DiagnosticSink& sink);
void checkVehicleClasses(const TrackDocument& doc, DiagnosticSink& sink);
void checkRouteGeometry(const TrackDocument& doc, std::uint32_t route, const ValidationOptions& options, DiagnosticSink& sink);
void checkLines(const TrackDocument& doc, const RouteHealth& health, DiagnosticSink& sink);

} // namespace formats::detail
