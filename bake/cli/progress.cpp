#include "bake/cli/progress.h"
#include "bake/cli/terminal_text.h"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace bake::cli {
namespace {

/// "0.41 s", "3 min 12 s": a duration as a log reader takes it in.
std::string duration(double seconds) {
    char text[32];
    if (seconds < 60) std::snprintf(text, sizeof text, "%.*f s", seconds < 10 ? 2 : 1, seconds);
    else std::snprintf(text, sizeof text, "%d min %02d s", static_cast<int>(seconds / 60), static_cast<int>(std::fmod(seconds, 60.0)));
    return text;
}

using JsonWriter = rapidjson::Writer<rapidjson::StringBuffer>;

/// One NDJSON progress line: the job and item, what `fields` writes, then the elapsed time and the ETA.
template <typename Fields>
void writeJsonLine(std::ostream& err, const std::string& job, const std::string& item, double spent, double eta, Fields&& fields) {
    rapidjson::StringBuffer line;
    JsonWriter json(line);
    json.StartObject();
    json.Key("job"), json.String(job.c_str());
    json.Key("item"), json.String(item.c_str());
    fields(json);
    json.Key("elapsed_s"), json.Double(spent);
    json.Key("eta_s"), json.Double(eta);
    json.EndObject();
    err << line.GetString() << '\n' << std::flush;
}

} // namespace

bool parseProgressMode(const std::string& text, ProgressMode& mode) {
    if (text == "auto") mode = ProgressMode::Auto;
    else if (text == "bar") mode = ProgressMode::Bar;
    else if (text == "lines") mode = ProgressMode::Lines;
    else if (text == "json") mode = ProgressMode::Json;
    else if (text == "none") mode = ProgressMode::None;
    else return false;
    return true;
}

ProgressMode resolveProgressMode(ProgressMode mode, bool stderrIsTerminal) {
    if (mode != ProgressMode::Auto) return mode;
    return stderrIsTerminal ? ProgressMode::AutoBar : ProgressMode::AutoLines;
}

Progress::Progress(std::ostream& err, ProgressMode mode, std::string job, std::size_t total)
    : m_err(err), m_mode(mode), m_job(std::move(job)), m_total(std::max<std::size_t>(total, 1)), m_start(std::chrono::steady_clock::now()) {
    if (mode == ProgressMode::AutoBar || mode == ProgressMode::AutoLines) {
        m_mode = mode == ProgressMode::AutoBar ? ProgressMode::Bar : ProgressMode::Lines;
        m_quietSeconds = kAutoQuietSeconds;
    }
}

double Progress::elapsed() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count(); }

void Progress::drawBar(double fraction, double etaSeconds) {
    constexpr int kWidth = 30;
    const int filled = static_cast<int>(std::clamp(fraction, 0.0, 1.0) * kWidth);
    TerminalSafeStream::unfiltered(m_err) << '\r' << std::flush;
    m_err << m_job << " [" << std::string(static_cast<std::size_t>(filled), '#') << std::string(static_cast<std::size_t>(kWidth - filled), ' ')
          << "] " << static_cast<int>(fraction * 100.0) << '%';
    if (m_total > 1) m_err << ' ' << m_done << '/' << m_total;
    if (fraction > 0 && fraction < 1) m_err << ", ETA " << duration(etaSeconds) << "   ";
    m_err << std::flush;
}

void Progress::itemDone(const std::string& item, const std::string& status, double seconds) {
    if (m_mode == ProgressMode::None || m_mode == ProgressMode::Auto) return;
    const std::lock_guard lock(m_mutex);
    ++m_done;
    const double spent = elapsed();
    if (spent < m_quietSeconds) return;
    m_reported = true;
    const double eta = spent / static_cast<double>(m_done) * static_cast<double>(m_total - std::min(m_done, m_total));
    const double fraction = static_cast<double>(m_done) / static_cast<double>(m_total);
    if (m_mode == ProgressMode::Bar) {
        drawBar(fraction, eta);
        return;
    }
    if (m_mode == ProgressMode::Lines) {
        m_err << m_job << " [" << m_done << '/' << m_total << "] " << item << ": " << status << " in " << duration(seconds) << " (" << duration(spent)
              << " elapsed" << (m_done < m_total ? ", ETA " + duration(eta) : std::string()) << ")\n"
              << std::flush;
        return;
    }
    writeJsonLine(m_err, m_job, item, spent, eta, [&](JsonWriter& json) {
        json.Key("status"), json.String(status.c_str());
        json.Key("done"), json.Uint64(m_done);
        json.Key("total"), json.Uint64(m_total);
        json.Key("seconds"), json.Double(seconds);
    });
}

void Progress::fraction(const std::string& item, double fraction) {
    if (m_mode == ProgressMode::None || m_mode == ProgressMode::Auto) return;
    const std::lock_guard lock(m_mutex);
    fraction = std::clamp(fraction, 0.0, 1.0);
    const double spent = elapsed();
    if (spent < m_quietSeconds) return;
    const double eta = fraction > 0 ? spent / fraction * (1.0 - fraction) : 0.0;
    // A bar redraws at each percent; a log gets a line at each tenth.
    const int step = static_cast<int>(fraction * (m_mode == ProgressMode::Bar ? 100.0 : 10.0));
    if (step == m_lastStep) return;
    m_lastStep = step;
    m_reported = true;
    if (m_mode == ProgressMode::Bar) {
        drawBar(fraction, eta);
        return;
    }
    if (m_mode == ProgressMode::Lines) {
        m_err << m_job << ' ' << item << ": " << step * 10 << " % (" << duration(spent) << " elapsed" << (fraction < 1 ? ", ETA " + duration(eta) : std::string())
              << ")\n"
              << std::flush;
        return;
    }
    writeJsonLine(m_err, m_job, item, spent, eta, [&](JsonWriter& json) { json.Key("fraction"), json.Double(fraction); });
}

void Progress::finish() {
    const std::lock_guard lock(m_mutex);
    if (m_mode == ProgressMode::Bar && m_reported) m_err << '\n' << std::flush;
}

} // namespace bake::cli
