#pragma once

#include <string>
#include <string_view>

namespace bake::cli {

/// `text` safe to print on a terminal: control characters (escape sequences, carriage returns,
/// bells …) as \xNN, so a name in a track file cannot move the cursor, recolour or retitle the
/// user's terminal. UTF-8 letters pass unchanged.
std::string terminalSafe(std::string_view text);

} // namespace bake::cli
