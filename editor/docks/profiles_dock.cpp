#include "editor/docks/profiles_dock.h"

#include "editor/document/editor_document.h"
#include "editor/document/live_bake.h"
#include "editor/canvas/node_selection.h"
#include "editor/document/track_edits.h"

#include "bake/lines/offset_line.h"

#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QVBoxLayout>
#include <QWheelEvent>

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
    if (*highest - *lowest > 0.01) p.panels.push_back({QObject::tr("Elevation"), QObject::tr("m"), {elevation}, true});
    if (std::any_of(banking.values.begin(), banking.values.end(), [](double b) { return b != 0.0; }))
        p.panels.push_back({QObject::tr("Banking (left edge up +)"), QObject::tr("°"), {banking}});
    return p;
}

ProfilePlot::ProfilePlot(QWidget* parent) : QWidget(parent) { setMouseTracking(true); }

void ProfilePlot::setProfiles(RouteProfiles profiles) {
    m_profiles = std::move(profiles);
    update();
}

void ProfilePlot::setFalloffShares(std::vector<double> shares) {
    m_shares = std::move(shares);
    update();
}

QRectF ProfilePlot::panelRect(int i) const {
    const double panelHeight = (height() - 10.0) / static_cast<double>(std::max<std::size_t>(1, m_profiles.panels.size()));
    const double left = 56.0, right = width() - 8.0;
    return QRectF(left, 6.0 + i * panelHeight + 14.0, right - left, panelHeight - 22.0);
}

int ProfilePlot::heightsPanel() const {
    if (m_profiles.distance.size() < 2) return -1;
    for (std::size_t i = 0; i < m_profiles.panels.size(); ++i)
        if (m_profiles.panels[i].heights) return static_cast<int>(i);
    return -1;
}

std::optional<QRectF> ProfilePlot::heightsPanelRect() const {
    const int i = heightsPanel();
    if (i < 0) return std::nullopt;
    return panelRect(i);
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
    const double left = panelRect(0).left();
    for (int i = 0; i < panels; ++i) {
        const ProfilePanel& panel = p.panels[static_cast<std::size_t>(i)];
        const QRectF box = panelRect(i);
        painter.setPen(QColor(90, 95, 90));
        painter.drawRect(box);
        double low = 0.0, high = 0.0;
        for (const ProfileSeries& s : panel.series)
            for (double v : s.values) low = std::min(low, v), high = std::max(high, v);
        if (high - low < 1e-9) high = low + 1.0;
        if (panel.heights && m_drag) low = m_drag->low, high = m_drag->high;  // the scale the drag started with
        auto y = [&](double v) { return box.bottom() - (v - low) / (high - low) * box.height(); };
        auto x = [&](double s) { return box.left() + s / length * box.width(); };
        if (panel.heights && (m_drag || m_hoverHeights) && m_shares.size() == p.distance.size()) {
            // How much of the raise each node gets: full over the selection, fading to nothing at
            // the falloff distance either side.
            QPolygonF shade;
            shade << QPointF(x(p.distance.front()), box.bottom());
            for (std::size_t k = 0; k < m_shares.size(); ++k) shade << QPointF(x(p.distance[k]), box.bottom() - m_shares[k] * box.height());
            shade << QPointF(x(p.distance.back()), box.bottom());
            painter.setPen(Qt::NoPen);
            painter.setBrush(QColor(255, 160, 0, 50));
            painter.drawPolygon(shade);
            painter.setBrush(Qt::NoBrush);
            painter.setPen(QPen(QColor(255, 160, 0, 140), 1.0, Qt::DashLine));
            for (std::size_t k = 1; k < m_shares.size(); ++k) {
                // The falloff's ends: the first node either side that no longer moves.
                if ((m_shares[k - 1] > 0.0) == (m_shares[k] > 0.0)) continue;
                const double end = x(p.distance[m_shares[k] > 0.0 ? k - 1 : k]);
                painter.drawLine(QPointF(end, box.top()), QPointF(end, box.bottom()));
            }
        }
        painter.setPen(QColor(210, 210, 210));
        painter.drawText(QPointF(box.left(), box.top() - 3.0), QStringLiteral("%1 (%2)").arg(panel.title, panel.unit));
        painter.drawText(QRectF(0, box.top() - 6, left - 4, 14), Qt::AlignRight, QString::number(high, 'g', 3));
        painter.drawText(QRectF(0, box.bottom() - 8, left - 4, 14), Qt::AlignRight, QString::number(low, 'g', 3));
        if (low < 0.0 && high > 0.0) {
            painter.setPen(QPen(QColor(90, 95, 90), 1.0, Qt::DashLine));
            painter.drawLine(QPointF(box.left(), y(0.0)), QPointF(box.right(), y(0.0)));
        }
        painter.save();
        painter.setClipRect(box.adjusted(-1.0, -1.0, 1.0, 1.0));
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
        painter.restore();
        painter.setPen(QPen(QColor(255, 160, 0), 1.0));
        for (double m : p.marks) painter.drawLine(QPointF(x(m), box.top()), QPointF(x(m), box.bottom()));
    }
}

void ProfilePlot::mousePressEvent(QMouseEvent* event) {
    const int i = heightsPanel();
    if (event->button() != Qt::LeftButton || !m_raiseEnabled || i < 0 || !panelRect(i).contains(event->position())) return;
    // Freeze the scale: re-scaled to the raised curve on every move, the drag would run away. A
    // flat route's panel spans at least ten metres, so a drag of its height moves a sensible amount.
    double low = 0.0, high = 0.0;
    for (const ProfileSeries& s : m_profiles.panels[static_cast<std::size_t>(i)].series)
        for (double v : s.values) low = std::min(low, v), high = std::max(high, v);
    constexpr double kMinSpan = 10.0;
    if (high - low < kMinSpan) {
        const double middle = (low + high) / 2.0;
        low = middle - kMinSpan / 2.0, high = middle + kMinSpan / 2.0;
    }
    m_drag = Drag{event->position().y(), low, high};
    emit raiseStarted();
    update();
}

void ProfilePlot::mouseMoveEvent(QMouseEvent* event) {
    if (m_drag) {
        // The panel's own scale, so the curve follows the mouse; but never coarser than 5 cm a
        // pixel, or a strip of a panel on a laptop would move the road a metre a twitch.
        constexpr double kMaxMetresPerPixel = 0.05;
        const QRectF box = *heightsPanelRect();
        const double metresPerPixel = std::min(kMaxMetresPerPixel, (m_drag->high - m_drag->low) / std::max(1.0, box.height()));
        double dz = (m_drag->pressY - event->position().y()) * metresPerPixel;
        // Centimetres; Ctrl snaps to half metres, as Ctrl snaps a move in Blender.
        const double step = (event->modifiers() & Qt::ControlModifier) ? 0.5 : 0.01;
        dz = std::round(dz / step) * step;
        emit raiseDragged(dz);
        return;
    }
    const std::optional<QRectF> box = heightsPanelRect();
    const bool hover = m_raiseEnabled && box && box->contains(event->position());
    if (hover != m_hoverHeights) {
        m_hoverHeights = hover;
        setCursor(hover ? Qt::SizeVerCursor : Qt::ArrowCursor);
        update();
    }
}

void ProfilePlot::mouseReleaseEvent(QMouseEvent* event) {
    if (!m_drag || event->button() != Qt::LeftButton) return;
    m_drag.reset();
    emit raiseFinished();
    update();
}

void ProfilePlot::wheelEvent(QWheelEvent* event) {
    const std::optional<QRectF> box = heightsPanelRect();
    if (!m_raiseEnabled || !box || !(m_drag || box->contains(event->position()))) {
        QWidget::wheelEvent(event);
        return;
    }
    emit falloffStepped(event->angleDelta().y() / 120.0);
    event->accept();
}

void ProfilePlot::leaveEvent(QEvent*) {
    if (!m_hoverHeights) return;
    m_hoverHeights = false;
    unsetCursor();
    update();
}

ProfilesDock::ProfilesDock(NodeSelection* selection, LiveBake* liveBake, QWidget* parent)
    : QDockWidget(tr("Profiles"), parent), m_selection(selection), m_liveBake(liveBake) {
    setObjectName("profilesDock");
    auto* body = new QWidget(this);
    auto* layout = new QVBoxLayout(body);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(makeRaiseBar());
    m_plot = new ProfilePlot(body);
    m_plot->setMinimumSize(200, 90);  // a strip is readable; more would crowd the canvas on a laptop screen
    layout->addWidget(m_plot, 1);
    setWidget(body);
    connect(m_plot, &ProfilePlot::raiseStarted, this, &ProfilesDock::startRaise);
    connect(m_plot, &ProfilePlot::raiseDragged, this, &ProfilesDock::dragRaise);
    connect(m_plot, &ProfilePlot::raiseFinished, this, &ProfilesDock::finishRaise);
    connect(m_plot, &ProfilePlot::falloffStepped, this, &ProfilesDock::stepFalloff);
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
    m_raise.reset();
    m_document = document;
    if (m_document) connect(m_document, &EditorDocument::changed, this, &ProfilesDock::refresh);
    refresh();
}

void ProfilesDock::refresh() {
    updateRaiseBar();
    if (!m_document || !m_shown) {
        if (!m_document) m_plot->setProfiles({});
        return;
    }
    std::uint32_t route = 0;
    if (!m_selection->empty())
        if (const auto at = locateNode(m_document->track(), *m_selection->nodes().begin())) route = at->first;
    const trackwright::BakedTrack* baked = m_liveBake->latest() ? &m_liveBake->latest()->track : nullptr;
    RouteProfiles profiles = routeProfiles(m_document->track(), route, baked, m_selection->nodes());
    const bool hasHeights = std::any_of(profiles.panels.begin(), profiles.panels.end(), [](const ProfilePanel& p) { return p.heights; });
    if (!hasHeights && !m_selection->empty() && profiles.distance.size() >= 2) {
        // A flat route with a selection: its (level) heights, so there is a curve to drag up.
        const formats::Route& r = m_document->track().routes[route];
        ProfileSeries level{tr("height"), QColor(250, 200, 90), {}};
        for (std::uint32_t n : r.nodes) level.values.push_back(m_document->track().nodes[n].position.z);
        profiles.panels.push_back({tr("Elevation (drag to raise the selection)"), tr("m"), {std::move(level)}, true});
    }
    m_plot->setProfiles(std::move(profiles));
    m_plot->setFalloffShares(m_selection->empty() ? std::vector<double>{} : sharesAlongRoute(route));
}

} // namespace editor
