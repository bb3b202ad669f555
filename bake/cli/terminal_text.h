#pragma once

#include <ostream>
#include <streambuf>
#include <string>
#include <string_view>

namespace bake::cli {

/// `text` safe to print on a terminal: control characters (escape sequences, carriage returns,
/// bells …) as \xNN, so a name in a track file cannot move the cursor, recolour or retitle the
/// user's terminal. UTF-8 letters pass unchanged; so do newlines and tabs, which lay text out.
std::string terminalSafe(std::string_view text);

/// A stream that writes to `target` with every byte passed through terminalSafe: twbake's output
/// and error streams are these, so no file name, track name or option echoed anywhere can reach
/// the terminal raw (an ESC or BEL in a file name did, issue 47). One filter at the door, not a
/// call at each of the hundreds of places that print a name.
class TerminalSafeStream : public std::ostream {
public:
    explicit TerminalSafeStream(std::ostream& target);

    /// The stream under `stream` when it is a TerminalSafeStream, else `stream`: for the progress
    /// bar's carriage return alone, which carries no text from a file.
    static std::ostream& unfiltered(std::ostream& stream);

private:
    class Buffer : public std::streambuf {
    public:
        explicit Buffer(std::ostream& target) : m_target(target) {}

    protected:
        int_type overflow(int_type c) override;
        std::streamsize xsputn(const char* text, std::streamsize count) override;
        int sync() override;

    public:
        std::ostream& m_target;
    };
    Buffer m_buffer;
};

} // namespace bake::cli
