#include "bake/cli/progress_bar.h"

#include <algorithm>
#include <iostream>
#include <unistd.h>

namespace bake::cli {

ProgressBar::ProgressBar(std::ostream& stream, std::string label)
    : m_stream(stream), m_label(std::move(label)), m_enabled(&stream == &std::cerr && ::isatty(STDERR_FILENO)) {}

void ProgressBar::update(double fraction) {
    if (!m_enabled) return;
    const int percent = static_cast<int>(std::clamp(fraction, 0.0, 1.0) * 100.0);
    if (percent == m_lastPercent) return;
    m_lastPercent = percent;
    constexpr int kWidth = 30;
    const int filled = percent * kWidth / 100;
    m_stream << '\r' << m_label << " [" << std::string(static_cast<std::size_t>(filled), '#')
             << std::string(static_cast<std::size_t>(kWidth - filled), ' ') << "] " << percent << '%' << std::flush;
}

void ProgressBar::finish() {
    if (m_enabled && m_lastPercent >= 0) m_stream << '\n';
}

} // namespace bake::cli
