#pragma once

#include <set>
#include <string>

namespace tw::test {

/// The diagnostic codes that are advice, not errors (docs/formats.md, "Validation"): a file with
/// only these still validates and bakes. Every other code is an error.
inline const std::set<std::string> kWarningCodes = {"node-unused",   "line-beyond-track", "width-jump",           "link-length-jump",
                                                    "duplicate-line", "steep-gradient",   "zone-overlap",         "duplicate-route-name",
                                                    "marker-kind",    "class-wider-than-tarmac", "kink", "width-rate", "banking-rate"};

} // namespace tw::test
