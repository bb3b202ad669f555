#pragma once

#include <ostream>
#include <string>

namespace bake::cli {

/// A one-line progress bar redrawn in place, shown only when the stream is a terminal (stderr of
/// an interactive shell): pipelines and logs get no control characters.
class ProgressBar {
public:
    ProgressBar(std::ostream& stream, std::string label);
    void update(double fraction);
    void finish();

private:
    std::ostream& m_stream;
    std::string m_label;
    bool m_enabled = false;
    int m_lastPercent = -1;
};

} // namespace bake::cli
