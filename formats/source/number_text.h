#pragma once

#include <string>

namespace formats {

/// `value` as messages print it: `decimals` places for the numbers a person measures (below 1e9
/// in size), exponent form beyond (1.8e+308, never 309 digits or a buffer's cut-off), "nan" and
/// "inf" as such, and never "-0.00".
std::string decimalText(double value, int decimals = 2);

/// `value` in its shortest readable form (printf's %g): 1e-300, 0.25, 1.8e+308.
std::string shortestText(double value);

} // namespace formats
