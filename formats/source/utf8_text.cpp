#include "formats/source/utf8_text.h"

#include <rapidjson/encodings.h>
#include <rapidjson/memorystream.h>

namespace formats {
namespace {

/// RapidJSON's validator copies what it checks; nothing needs the copy.
struct DiscardStream {
    using Ch = char;
    void Put(char) {}
};

} // namespace

std::optional<std::size_t> firstInvalidUtf8(std::string_view text) {
    rapidjson::MemoryStream stream(text.data(), text.size());  // reads '\0' past the end: a cut-off sequence fails
    DiscardStream discard;
    while (stream.Tell() < text.size()) {
        const std::size_t start = stream.Tell();
        if (!rapidjson::UTF8<char>::Validate(stream, discard)) return start;
    }
    return std::nullopt;
}

std::string latin1ToUtf8(std::string_view text) {
    std::string utf8;
    utf8.reserve(text.size() + text.size() / 8);
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x80) {
            utf8 += c;
        } else {
            utf8 += static_cast<char>(0xC0 | (byte >> 6));
            utf8 += static_cast<char>(0x80 | (byte & 0x3F));
        }
    }
    return utf8;
}

} // namespace formats
