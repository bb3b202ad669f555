#include "formats/source/diagnostic.h"

#include <algorithm>

namespace formats {

bool hasErrors(const Diagnostics& diagnostics) {
    return countSeverity(diagnostics, Severity::Error) > 0;
}

std::size_t countSeverity(const Diagnostics& diagnostics, Severity severity) {
    return static_cast<std::size_t>(std::count_if(diagnostics.begin(), diagnostics.end(),
        [severity](const Diagnostic& d) { return d.severity == severity; }));
}

const char* severityName(Severity severity) {
    return severity == Severity::Error ? "error" : "warning";
}

} // namespace formats
