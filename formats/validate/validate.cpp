#include "formats/validate/validate.h"

#include "formats/validate/validate_detail.h"

#include <cmath>
#include <cstdio>

namespace formats {
namespace detail {

std::string nodePath(std::uint32_t node) { return "nodes[" + std::to_string(node) + "]"; }

std::string routePath(std::size_t route) { return "routes[" + std::to_string(route) + "]"; }

std::string metres(double value) {
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, "%.2f m", value);
    return buffer;
}

std::string quantity(double value, const char* unit) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%g %s", value, unit);
    return buffer;
}

std::string counted(std::size_t count, const char* noun) {
    return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

std::string ratioText(double ratio) {
    if (!std::isfinite(ratio)) return "unbounded, one of them is 0";
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, "x%.1f", ratio);
    return buffer;
}

std::string routeName(const TrackDocument& doc, std::size_t route) {
    std::string name = "route " + std::to_string(route);
    if (route < doc.routes.size() && !doc.routes[route].name.empty()) name += " \"" + doc.routes[route].name + "\"";
    return name;
}

void markUnsoundRoutes(const TrackDocument& doc, DocumentHealth& health) {
    for (std::size_t r = 0; r < doc.routes.size(); ++r) {
        if (!health.geometryCheckable[r]) continue;
        // References were checked, so every index read here is in range.
        const Route& route = doc.routes[r];
        bool sound = true;
        for (std::uint32_t n : route.nodes) sound = sound && health.nodeSound[n];
        for (const auto& attachment : {route.fork, route.join})
            if (attachment) sound = sound && health.nodeSound[attachment->node];
        health.geometryCheckable[r] = sound;
    }
}

} // namespace detail

Diagnostics validate(const TrackDocument& document, const ValidationOptions& options) {
    Diagnostics diagnostics;
    detail::DiagnosticSink sink{diagnostics};
    detail::DocumentHealth health;
    // References first: every later pass reads nodes through route indices only when they are valid.
    detail::checkReferences(document, sink, health);
    detail::checkNumbers(document, sink, health);
    detail::checkWidths(document, sink, health);
    detail::checkVehicleClasses(document, sink);
    detail::checkCrossingClearance(document, sink);
    // Geometry of a route with NaN or negative widths would only repeat the number errors as
    // nonsense crossings and jumps.
    detail::markUnsoundRoutes(document, health);
    detail::checkTarmac(document, health, sink);
    detail::checkClassesFitTheRoad(document, health, sink);
    for (std::uint32_t r = 0; r < document.routes.size(); ++r)
        if (health.geometryCheckable[r]) detail::checkRouteGeometry(document, r, options, sink);
    detail::checkLines(document, health, sink);
    detail::checkZones(document, sink);
    detail::checkRaceSettings(document, sink);
    return diagnostics;
}

} // namespace formats
