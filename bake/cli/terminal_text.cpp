#include "bake/cli/terminal_text.h"

namespace bake::cli {
namespace {

bool layout(unsigned char byte) { return byte == '\n' || byte == '\t'; }
bool control(unsigned char byte) { return (byte < 0x20 && !layout(byte)) || byte == 0x7f; }

} // namespace

std::string terminalSafe(std::string_view text) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string safe;
    safe.reserve(text.size());
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (control(byte)) {
            safe += "\\x";
            safe += kHex[byte >> 4];
            safe += kHex[byte & 15];
        } else {
            safe += c;
        }
    }
    return safe;
}

TerminalSafeStream::TerminalSafeStream(std::ostream& target) : std::ostream(nullptr), m_buffer(target) { rdbuf(&m_buffer); }

std::ostream& TerminalSafeStream::unfiltered(std::ostream& stream) {
    auto* safe = dynamic_cast<TerminalSafeStream*>(&stream);
    if (!safe) return stream;
    safe->flush();
    return safe->m_buffer.m_target;
}

TerminalSafeStream::Buffer::int_type TerminalSafeStream::Buffer::overflow(int_type c) {
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    const char ch = traits_type::to_char_type(c);
    return xsputn(&ch, 1) == 1 ? c : traits_type::eof();
}

std::streamsize TerminalSafeStream::Buffer::xsputn(const char* text, std::streamsize count) {
    const std::string_view view(text, static_cast<std::size_t>(count));
    std::size_t clean = 0;
    while (clean < view.size() && !control(static_cast<unsigned char>(view[clean]))) ++clean;
    if (clean == view.size()) m_target.write(text, count);  // the common case: nothing to escape, no copy
    else m_target << terminalSafe(view);
    return m_target ? count : 0;
}

int TerminalSafeStream::Buffer::sync() { return m_target.flush() ? 0 : -1; }

} // namespace bake::cli
