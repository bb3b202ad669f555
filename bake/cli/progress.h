#pragma once

#include <chrono>
#include <cstddef>
#include <mutex>
#include <ostream>
#include <string>

namespace bake::cli {

/// How a long job reports its progress on stderr (`--progress`).
enum class ProgressMode {
    Auto,   ///< a bar on a terminal, lines otherwise (a CI log); resolved by resolveProgressMode
    Bar,    ///< one line redrawn in place, with the ETA
    Lines,  ///< a line per finished item (per tenth of a single job) with its time, the elapsed time and the ETA
    Json,   ///< the same as NDJSON: one JSON object a line, for a farm's dashboard
    None,
    /// What Auto resolves to: Bar or Lines once the job has run kAutoQuietSeconds; a quicker job
    /// stays silent (a 20 ms bake's eight lines of percentages were only noise in a script's log).
    AutoBar,
    AutoLines,
};

/// s a job runs before Auto's report starts.
inline constexpr double kAutoQuietSeconds = 1.0;

/// `--progress auto|bar|lines|json|none`; false for another word.
bool parseProgressMode(const std::string& text, ProgressMode& mode);

/// Auto as a bar when stderr is an interactive terminal, else as lines (AutoBar, AutoLines).
ProgressMode resolveProgressMode(ProgressMode mode, bool stderrIsTerminal);

/// The progress of one job (`build --all` over 300 tracks, `race --matrix`, a racing-line
/// optimisation) on stderr: items finished out of a total with the ETA from the pace so far, or a
/// single job's fraction. Safe to call from the job pool's threads.
class Progress {
public:
    /// `job` names the command ("build", "race"); `total` is the number of items (1 for a single job).
    Progress(std::ostream& err, ProgressMode mode, std::string job, std::size_t total);
    Progress(const Progress&) = delete;
    Progress& operator=(const Progress&) = delete;

    /// An item finished: its name (a track's path), what became of it ("baked", "cached", "invalid"…)
    /// and the seconds it took.
    void itemDone(const std::string& item, const std::string& status, double seconds);
    /// A single job (`item`) has done `fraction` of its work.
    void fraction(const std::string& item, double fraction);
    /// Ends the bar's line.
    void finish();

private:
    double elapsed() const;
    void drawBar(double fraction, double etaSeconds);

    std::ostream& m_err;
    ProgressMode m_mode;
    std::string m_job;
    std::size_t m_total;
    std::size_t m_done = 0;
    int m_lastStep = -1;  ///< the last percent drawn (bar) or tenth printed (lines, JSON) of a single job
    double m_quietSeconds = 0.0;  ///< nothing is reported before (Auto's modes)
    bool m_reported = false;      ///< anything was written (the bar's line to end)
    std::chrono::steady_clock::time_point m_start;
    std::mutex m_mutex;
};

} // namespace bake::cli
