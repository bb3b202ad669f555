#pragma once

#include <functional>
#include <string>

namespace bake {

/// How a bake reports: log lines, progress in [0, 1], and a cancellation question it asks between
/// steps. The CLI draws a progress bar from it, the editor a progress dialog; every member may be empty.
struct BakeContext {
    std::function<void(const std::string&)> log;
    std::function<void(double)> progress;
    std::function<bool()> cancelled;

    void say(const std::string& line) const { if (log) log(line); }
    void advance(double fraction) const { if (progress) progress(fraction); }
    bool shouldStop() const { return cancelled && cancelled(); }
};

} // namespace bake
