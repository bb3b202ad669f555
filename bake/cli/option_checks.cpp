#include "bake/cli/option_checks.h"

#include "formats/source/number_text.h"

#include <cmath>
#include <cstdlib>

namespace bake::cli {
namespace {

/// A bound as a person writes it: 20, 0.001, 1e+06 — never 309 digits of DBL_MAX.
std::string bound(double value) { return formats::shortestText(value); }

/// The option's text as a finite double, or nothing when it is not one (NaN, inf, "12abc").
bool finiteNumber(const std::string& text, double& value) {
    if (text.empty()) return false;
    char* end = nullptr;
    value = std::strtod(text.c_str(), &end);
    return end != text.c_str() && *end == '\0' && std::isfinite(value);
}

CLI::Validator numberCheck(double low, double high, bool lowIncluded) {
    const std::string range = (lowIncluded ? "[" : "(") + bound(low) + ", " + bound(high) + "]";
    return CLI::Validator(
        [low, high, lowIncluded, range](std::string& text) -> std::string {
            double value = 0.0;
            if (!finiteNumber(text, value)) return text + " is not a finite number: give one in " + range;
            if (value > high || value < low || (!lowIncluded && value == low)) return text + " is outside " + range;
            return {};
        },
        "NUMBER in " + range);
}

} // namespace

CLI::Validator finiteIn(double low, double high) { return numberCheck(low, high, true); }

CLI::Validator finiteAbove(double low, double high) { return numberCheck(low, high, false); }

CLI::Validator unsignedInteger() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
            if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos)
                return text + " is not a whole number of 0 or more (digits only)";
            return {};
        },
        "UINT");
}

} // namespace bake::cli
