#include "editor/docks/profiles_dock.h"

#include "editor/document/editor_document.h"
#include "editor/document/live_bake.h"
#include "editor/canvas/node_selection.h"
#include "editor/document/track_edits.h"

#include "bake/lines/offset_line.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <optional>
#include <cmath>
#include <numbers>

namespace editor {

RouteProfiles routeProfiles(const formats::TrackDocument& t, std::uint32_t routeIndex, const trackwright::BakedTrack* baked,
                            const std::set<std::uint32_t>& selected) {
    RouteProfiles p;
    if (routeIndex >= t.routes.size()) return p;
    const formats::Route& route = t.routes[routeIndex];
    const std::size_t n = route.nodes.size();
    for (std::uint32_t k : route.nodes)
        if (k >= t.nodes.size()) return p;
    if (n < 2) return p;
    auto at = [&](std::size_t i) { return t.nodes[route.nodes[i % n]].position.ground(); };
    ProfileSeries curvature{QObject::tr("curvature"), QColor(120, 200, 255), {}};
    ProfileSeries widths[6] = {{QObject::tr("left tarmac"), QColor(230, 230, 230), {}}, {QObject::tr("left runoff"), QColor(150, 210, 120), {}},
                               {QObject::tr("left wall"), QColor(240, 90, 70), {}},     {QObject::tr("right tarmac"), QColor(230, 230, 230), {}},
                               {QObject::tr("right runoff"), QColor(150, 210, 120), {}}, {QObject::tr("right wall"), QColor(240, 90, 70), {}}};
    ProfileSeries elevation{QObject::tr("height"), QColor(250, 200, 90), {}};
    ProfileSeries banking{QObject::tr("banking"), QColor(200, 140, 255), {}};
    double s = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        if (i > 0) s += formats::length(at(i) - at(i - 1));
        p.distance.push_back(s);
        double k = 0.0;
        if (route.closed || (i > 0 && i + 1 < n)) {
            k = bake::circleCurvature(at(i + n - 1), at(i), at(i + 1));
        }
        curvature.values.push_back(k);
        const formats::TrackNode& node = t.nodes[route.nodes[i]];
        const double w[6] = {node.left.track, node.left.runoff, node.left.wall, -node.right.track, -node.right.runoff, -node.right.wall};
        for (int j = 0; j < 6; ++j) widths[j].values.push_back(w[j]);
        elevation.values.push_back(node.position.z);
        banking.values.push_back(node.banking * 180.0 / std::numbers::pi);
        if (selected.count(route.nodes[i])) p.marks.push_back(s);
    }
    p.panels.push_back({QObject::tr("Curvature"), QObject::tr("1/m"), {curvature}});
    p.panels.push_back({QObject::tr("Widths (left up, right down)"), QObject::tr("m"), {widths, widths + 6}});
    ProfilePanel speeds{QObject::tr("Speed hints"), QObject::tr("m/s"), {}};
    if (baked) {
        const formats::BakedTrackView& v = baked->view;
        static const QColor kClassColours[] = {QColor(255, 170, 40), QColor(120, 220, 255), QColor(200, 120, 255), QColor(120, 255, 150)};
        // The route's first line (racing when the track has one); routes bake in document order.
        std::optional<std::uint32_t> first;
        for (std::uint32_t l = 0; l < v.lines.size() && !first; ++l)
            if (routeIndex < v.routes.size() && v.lines[l].route == routeIndex && v.routes[routeIndex].nodeCount == n) first = l;
        for (const formats::BakedSpeedProfile& profile : v.speedProfiles) {
            if (!first || profile.line != *first) continue;
            ProfileSeries series{QString::fromUtf8(v.name(v.vehicleClasses[profile.vehicleClass].nameOffset)),
                                 kClassColours[profile.vehicleClass % std::size(kClassColours)], {}};
            for (std::size_t i = 0; i < n; ++i) series.values.push_back(v.speedHints[profile.firstHint + i]);
            speeds.series.push_back(std::move(series));
        }
    }
    p.panels.push_back(std::move(speeds));
    // Height and banking where the route has them: a flat route's would be straight lines at 0.
    const auto [lowest, highest] = std::minmax_element(elevation.values.begin(), elevation.values.end());
    if (*highest - *lowest > 0.01) p.panels.push_back({QObject::tr("Elevation"), QObject::tr("m"), {elevation}});
    if (std::any_of(banking.values.begin(), banking.values.end(), [](double b) { return b != 0.0; }))
        p.panels.push_back({QObject::tr("Banking (left edge up +)"), QObject::tr("°"), {banking}});
    return p;
}

void ProfilePlot::setProfiles(RouteProfiles profiles) {
    m_profiles = std::move(profiles);
    update();
}

void ProfilePlot::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.fillRect(rect(), QColor(30, 32, 30));
    painter.setRenderHint(QPainter::Antialiasing, true);
    const auto& p = m_profiles;
    if (p.distance.size() < 2 || p.panels.empty()) {
        painter.setPen(QColor(200, 200, 200));
        painter.drawText(rect(), Qt::AlignCenter, tr("Open a track to see its profiles"));
        return;
    }
    const double length = std::max(1.0, p.distance.back());
    const int panels = static_cast<int>(p.panels.size());
    const double panelHeight = (height() - 10.0) / panels;
    const double left = 56.0, right = width() - 8.0;
    for (int i = 0; i < panels; ++i) {
        const ProfilePanel& panel = p.panels[static_cast<std::size_t>(i)];
        const QRectF box(left, 6.0 + i * panelHeight + 14.0, right - left, panelHeight - 22.0);
        painter.setPen(QColor(90, 95, 90));
        painter.drawRect(box);
        double low = 0.0, high = 0.0;
        for (const ProfileSeries& s : panel.series)
            for (double v : s.values) low = std::min(low, v), high = std::max(high, v);
        if (high - low < 1e-9) high = low + 1.0;
        auto y = [&](double v) { return box.bottom() - (v - low) / (high - low) * box.height(); };
        auto x = [&](double s) { return box.left() + s / length * box.width(); };
        painter.setPen(QColor(210, 210, 210));
        painter.drawText(QPointF(box.left(), box.top() - 3.0), QStringLiteral("%1 (%2)").arg(panel.title, panel.unit));
        painter.drawText(QRectF(0, box.top() - 6, left - 4, 14), Qt::AlignRight, QString::number(high, 'g', 3));
        painter.drawText(QRectF(0, box.bottom() - 8, left - 4, 14), Qt::AlignRight, QString::number(low, 'g', 3));
        if (low < 0.0 && high > 0.0) {
            painter.setPen(QPen(QColor(90, 95, 90), 1.0, Qt::DashLine));
            painter.drawLine(QPointF(box.left(), y(0.0)), QPointF(box.right(), y(0.0)));
        }
        for (const ProfileSeries& s : panel.series) {
            QPainterPath path;
            for (std::size_t k = 0; k < s.values.size() && k < p.distance.size(); ++k) {
                const QPointF point(x(p.distance[k]), y(s.values[k]));
                if (k == 0) path.moveTo(point);
                else path.lineTo(point);
            }
            painter.setPen(QPen(s.colour, 1.4));
            painter.drawPath(path);
        }
        painter.setPen(QPen(QColor(255, 160, 0), 1.0));
        for (double m : p.marks) painter.drawLine(QPointF(x(m), box.top()), QPointF(x(m), box.bottom()));
    }
}

ProfilesDock::ProfilesDock(NodeSelection* selection, LiveBake* liveBake, QWidget* parent)
    : QDockWidget(tr("Profiles"), parent), m_selection(selection), m_liveBake(liveBake) {
    setObjectName("profilesDock");
    m_plot = new ProfilePlot(this);
    m_plot->setMinimumSize(200, 90);  // a strip is readable; more would crowd the canvas on a laptop screen
    setWidget(m_plot);
    connect(m_selection, &NodeSelection::changed, this, &ProfilesDock::refresh);
    connect(m_liveBake, &LiveBake::baked, this, &ProfilesDock::refresh);
    // Only while its tab is in front: replotting every node of a large track on every edit of a drag
    // costs the frame. isVisible() stays true behind another tab; this signal does not.
    connect(this, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        m_shown = visible;
        if (visible) refresh();
    });
}

void ProfilesDock::setDocument(EditorDocument* document) {
    if (m_document) disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    if (m_document) connect(m_document, &EditorDocument::changed, this, &ProfilesDock::refresh);
    refresh();
}

void ProfilesDock::refresh() {
    if (!m_document || !m_shown) {
        if (!m_document) m_plot->setProfiles({});
        return;
    }
    std::uint32_t route = 0;
    if (!m_selection->empty())
        if (const auto at = locateNode(m_document->track(), *m_selection->nodes().begin())) route = at->first;
    const trackwright::BakedTrack* baked = m_liveBake->latest() ? &m_liveBake->latest()->track : nullptr;
    m_plot->setProfiles(routeProfiles(m_document->track(), route, baked, m_selection->nodes()));
}

} // namespace editor
