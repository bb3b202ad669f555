#include "bake/cli/html_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <set>
#include <sstream>
#include <utility>

namespace bake::cli {
namespace {

using formats::BakedTrackView;

std::string escaped(const std::string& text) {
    std::string out;
    for (const char c : text) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        default: out += c;
        }
    }
    return out;
}

std::string number(double value) {
    char text[32];
    if (!std::isfinite(value)) return "–";
    std::snprintf(text, sizeof text, std::abs(value) >= 100 || value == std::floor(value) ? "%.0f" : "%.3g", value);
    if (std::abs(value) >= 100 && value != std::floor(value)) std::snprintf(text, sizeof text, "%.1f", value);
    return text;
}

/// The line a plan shows: "racing" when the track has one, else its first.
std::size_t plottedLine(const BakedTrackView& v) {
    for (std::size_t i = 0; i < v.lines.size(); ++i)
        if (std::string(v.name(v.lines[i].nameOffset)) == "racing") return i;
    return 0;
}

/// Slow blue through green to fast red.
std::string speedColour(double t) {
    t = std::clamp(t, 0.0, 1.0);
    const int r = static_cast<int>(255 * std::clamp(2.0 * t - 0.6, 0.0, 1.0));
    const int g = static_cast<int>(200 * (1.0 - std::abs(2.0 * t - 1.0)));
    const int b = static_cast<int>(255 * std::clamp(1.4 - 2.0 * t, 0.0, 1.0));
    char text[8];
    std::snprintf(text, sizeof text, "#%02x%02x%02x", r, g, b);
    return text;
}

/// The plan of a track as an SVG of `size` pixels: each route's walls and tarmac edges, its
/// plotted line coloured by speed hint (at most ~800 segments: a 60 000-node track stays light).
std::string trackPlan(const BakedTrackView& v, int size) {
    double minX = std::numeric_limits<double>::max(), minY = minX, maxX = -minX, maxY = -minX;
    const auto edge = [&](const formats::BakedNode& n, double side) {  // side > 0: left, metres from the centre
        return std::pair{double(n.x) + side * n.perpendicularX, double(n.y) + side * n.perpendicularY};
    };
    for (const formats::BakedNode& n : v.nodes)
        for (const double side : {double(n.leftWall), -double(n.rightWall)}) {
            const auto [x, y] = edge(n, side);
            minX = std::min(minX, x), maxX = std::max(maxX, x), minY = std::min(minY, y), maxY = std::max(maxY, y);
        }
    if (v.nodes.empty() || !(maxX > minX) || !(maxY > minY)) return {};
    const double scale = (size - 8) / std::max(maxX - minX, maxY - minY);
    const auto px = [&](double x, double y) {
        char text[48];
        std::snprintf(text, sizeof text, "%.1f,%.1f ", 4 + (x - minX) * scale, size - 4 - (y - minY) * scale);
        return std::string(text);
    };
    std::ostringstream svg;
    svg << "<svg xmlns='http://www.w3.org/2000/svg' width='" << size << "' height='" << size << "' viewBox='0 0 " << size << ' ' << size << "'>";
    for (const formats::BakedRoute& route : v.routes) {
        const bool closed = (route.flags & formats::kRouteClosed) != 0;
        const std::size_t step = std::max<std::size_t>(1, route.nodeCount / 800);
        for (int side = 0; side < 4; ++side) {  // left wall, right wall, left tarmac edge, right tarmac edge
            svg << "<poly" << (closed ? "gon" : "line") << " fill='none' stroke='" << (side < 2 ? "#9a9a9a" : "#d4d4d4") << "' stroke-width='"
                << (side < 2 ? "1" : "0.6") << "' points='";
            for (std::size_t k = 0; k < route.nodeCount; k += step) {
                const formats::BakedNode& n = v.nodes[route.firstNode + k];
                const double offset = side == 0 ? n.leftWall : side == 1 ? -n.rightWall : side == 2 ? n.leftTrack : -n.rightTrack;
                const auto [x, y] = edge(n, offset);
                svg << px(x, y);
            }
            svg << "'/>";
        }
    }
    if (!v.lines.empty()) {
        const std::size_t line = plottedLine(v);
        const formats::BakedLine& l = v.lines[line];
        const std::uint32_t count = v.routes[l.route].nodeCount;
        const formats::BakedSpeedProfile* profile = nullptr;
        for (const formats::BakedSpeedProfile& p : v.speedProfiles)
            if (p.line == line) {
                profile = &p;
                break;
            }
        double slow = std::numeric_limits<double>::max(), fast = 0;
        if (profile)
            for (std::uint32_t k = 0; k < count; ++k) slow = std::min(slow, double(v.speedHints[profile->firstHint + k])), fast = std::max(fast, double(v.speedHints[profile->firstHint + k]));
        const std::size_t step = std::max<std::size_t>(1, count / 800);
        const bool closed = (v.routes[l.route].flags & formats::kRouteClosed) != 0;
        for (std::size_t k = 0; k < count; k += step) {
            const std::size_t next = k + step < count ? k + step : closed ? 0 : count;
            if (next == count) break;
            const formats::BakedLinePoint &a = v.linePoints[l.firstPoint + k], &b = v.linePoints[l.firstPoint + next];
            const double t = profile && fast > slow ? (v.speedHints[profile->firstHint + k] - slow) / (fast - slow) : 0.5;
            svg << "<polyline fill='none' stroke-width='2' stroke='" << speedColour(t) << "' points='" << px(a.x, a.y) << px(b.x, b.y) << "'/>";
        }
    }
    svg << "</svg>";
    return svg.str();
}

} // namespace

std::string htmlReport(const std::string& title, const std::vector<ReportCase>& cases) {
    std::vector<std::string> columns;
    for (const ReportCase& c : cases)
        for (const auto& [name, value] : c.figures)
            if (std::find(columns.begin(), columns.end(), name) == columns.end()) columns.push_back(name);
    const auto failed = std::count_if(cases.begin(), cases.end(), [](const ReportCase& c) { return !c.failures.empty() || !c.error.empty(); });
    std::ostringstream html;
    html << "<!DOCTYPE html>\n<html xmlns='http://www.w3.org/1999/xhtml'><head><meta charset='utf-8'/><title>" << escaped(title) << "</title><style>"
         << "body{font:14px/1.4 sans-serif;margin:24px;color:#222}table{border-collapse:collapse;margin:12px 0}"
         << "th,td{border:1px solid #ccc;padding:3px 8px;text-align:right}th{background:#f0f0f0}td.name{text-align:left}"
         << "tr.failed td{background:#fbe3e3}tr.error td{background:#f7d0d0}.why{color:#a00;text-align:left}"
         << ".plans{display:flex;flex-wrap:wrap;gap:16px}.plan{border:1px solid #ddd;padding:6px}.plan h3{margin:0 0 4px;font-size:13px}"
         << "</style></head><body>\n<h1>" << escaped(title) << "</h1>\n<p>" << cases.size() << " cases, " << failed << " failed.</p>\n<table><tr><th>case</th><th>status</th>";
    for (const std::string& column : columns) html << "<th>" << escaped(column) << "</th>";
    html << "<th>s</th></tr>\n";
    for (const ReportCase& c : cases) {
        const bool error = !c.error.empty(), fails = !c.failures.empty();
        html << "<tr" << (error ? " class='error'" : fails ? " class='failed'" : "") << "><td class='name'>" << escaped(c.name) << "</td><td class='"
             << (error || fails ? "why" : "name") << "'>";
        if (error) html << "error: " << escaped(c.error);
        else if (fails)
            for (std::size_t i = 0; i < c.failures.size(); ++i) html << (i ? "; " : "") << escaped(c.failures[i]);
        else html << "passed";
        html << "</td>";
        for (const std::string& column : columns) {
            const auto found = std::find_if(c.figures.begin(), c.figures.end(), [&](const auto& f) { return f.first == column; });
            html << "<td>" << (found == c.figures.end() ? "" : number(found->second)) << "</td>";
        }
        html << "<td>" << number(c.seconds) << "</td></tr>\n";
    }
    html << "</table>\n<h2>Tracks</h2>\n<p>Walls dark grey, tarmac edges light grey; the racing line coloured by the first class's speed "
            "hints, slow blue to fast red.</p>\n<div class='plans'>\n";
    std::set<const formats::BakedTrackView*> drawn;
    for (const ReportCase& c : cases) {
        if (!c.track || !drawn.insert(c.track).second) continue;
        html << "<div class='plan'><h3>" << escaped(c.name) << "</h3>" << trackPlan(*c.track, 320) << "</div>\n";
    }
    html << "</div>\n</body></html>\n";
    return html.str();
}

} // namespace bake::cli
