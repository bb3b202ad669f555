#include "formats/source/number_text.h"

#include <cmath>
#include <cstdio>

namespace formats {

std::string decimalText(double value, int decimals) {
    char buffer[64];
    if (std::isfinite(value) && std::fabs(value) < 1e9) {
        const double rounding = 0.5 * std::pow(10.0, -decimals);
        if (std::fabs(value) < rounding) value = 0.0;  // no "-0.00"
        std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    } else {
        std::snprintf(buffer, sizeof buffer, "%.*g", decimals + 1, value);
    }
    return buffer;
}

std::string shortestText(double value) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g", value);
    return buffer;
}

} // namespace formats
