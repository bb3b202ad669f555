#include "bake/cli/terminal_text.h"

namespace bake::cli {

std::string terminalSafe(std::string_view text) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string safe;
    safe.reserve(text.size());
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20 || byte == 0x7f) {
            safe += "\\x";
            safe += kHex[byte >> 4];
            safe += kHex[byte & 15];
        } else {
            safe += c;
        }
    }
    return safe;
}

} // namespace bake::cli
