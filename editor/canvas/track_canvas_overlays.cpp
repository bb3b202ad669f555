// TrackCanvas's overlays: the backdrop image under the track, colour along the lines, the zones
// where registration is undefined, and an edit's preview points.
#include "editor/canvas/track_canvas.h"

#include "editor/backdrop/backdrop_calibration.h"
#include "editor/level/level_mesh_layer.h"
#include "editor/document/editor_document.h"
#include "editor/document/live_bake.h"
#include "editor/canvas/node_selection.h"

#include "bake/lines/offset_line.h"
#include "formats/geometry/route_frames.h"

#include <QDir>
#include <QImageReader>
#include <QtConcurrent/QtConcurrentRun>
#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <limits>
#include <filesystem>
#include <cmath>

namespace editor {
namespace {

/// Green (gentle, fast) through yellow to red (tight, slow) for t in [0, 1].
QColor ramp(double t) {
    t = std::clamp(t, 0.0, 1.0);
    return t < 0.5 ? QColor::fromRgbF(float(2.0 * t), 0.85f, 0.15f) : QColor::fromRgbF(1.0f, float(0.85 * (2.0 - 2.0 * t)), 0.15f);
}

QPointF toPoint(formats::Vec2 v) { return {v.x, v.y}; }

/// A route with at least `least` nodes, every one of them in the track: one the colouring can draw.
bool drawable(const formats::TrackDocument& t, const formats::Route& route, std::size_t least) {
    return route.nodes.size() >= least && std::all_of(route.nodes.begin(), route.nodes.end(), [&](std::uint32_t k) { return k < t.nodes.size(); });
}

} // namespace

QColor heightColour(double t) {
    // Blue (low) through cyan and yellow to red (high), as contour maps colour heights.
    t = std::clamp(t, 0.0, 1.0);
    return QColor::fromHsvF(float(0.66 * (1.0 - t)), 0.85f, 0.95f);
}

void TrackCanvas::setColouring(Colouring colouring) {
    m_colouring = colouring;
    update();
}

void TrackCanvas::setLiveBake(LiveBake* liveBake) {
    if (m_liveBake) disconnect(m_liveBake, nullptr, this, nullptr);
    m_liveBake = liveBake;
    if (m_liveBake) connect(m_liveBake, &LiveBake::baked, this, qOverload<>(&TrackCanvas::update));
}

void TrackCanvas::setPreviewPoints(std::vector<QPointF> worldPoints) {
    m_previewPoints = std::move(worldPoints);
    update();
}

void TrackCanvas::setBackdropFolder(const QString& folder) {
    m_backdropFolder = folder;
    m_backdropPath.clear();
    update();
}

void TrackCanvas::pickNextPoint(std::function<void(QPointF world)> picked) {
    m_pick = std::move(picked);
    setCursor(Qt::CrossCursor);
}

void TrackCanvas::startBackdropLoad() {
    if (!m_document || !m_document->track().editor.backdrop) return;
    const formats::Backdrop& b = *m_document->track().editor.backdrop;
    const QString path = QDir(m_backdropFolder).absoluteFilePath(QString::fromStdString(b.image));
    if (path == m_backdropPath) return;
    // Read off the UI thread, and only from a regular file: the path comes from the track file,
    // and a FIFO, a device or a slow network share there hung the editor on open.
    m_backdropPath = path;
    m_backdrop = QImage();
    m_backdropLoad.setFuture(QtConcurrent::run([path] {
        std::error_code error;
        if (!std::filesystem::is_regular_file(path.toStdString(), error)) return std::make_pair(path, QImage());
        QImageReader reader(path);
        return std::make_pair(path, reader.read());
    }));
}

void TrackCanvas::waitForBackdrop() {
    startBackdropLoad();
    if (m_backdropLoad.future().isValid()) {
        m_backdropLoad.waitForFinished();
        const auto& [path, image] = m_backdropLoad.result();
        if (path == m_backdropPath) m_backdrop = image;
    }
    update();
}

void TrackCanvas::paintBackdrop(QPainter& painter) {
    if (!m_document || !m_document->track().editor.backdrop) return;
    const formats::Backdrop& b = *m_document->track().editor.backdrop;
    startBackdropLoad();
    if (m_backdrop.isNull()) return;
    painter.save();
    painter.setTransform(backdropToWorld(b) * m_view.toQTransform());
    painter.setOpacity(std::clamp(b.opacity, 0.0, 1.0));
    painter.setRenderHint(QPainter::SmoothPixmapTransform, true);
    painter.drawImage(QPointF(0.0, 0.0), m_backdrop);
    painter.restore();
}

void TrackCanvas::setLevelMesh(LevelMeshLayer* layer) {
    if (m_levelMesh) disconnect(m_levelMesh, nullptr, this, nullptr);
    m_levelMesh = layer;
    if (m_levelMesh) connect(m_levelMesh, &LevelMeshLayer::changed, this, qOverload<>(&TrackCanvas::update));
    update();
}

void TrackCanvas::setLevelMeshShown(bool shown) {
    m_levelMeshShown = shown;
    update();
}

void TrackCanvas::setLevelMeshOpacity(double opacity) {
    m_levelMeshOpacity = std::clamp(opacity, 0.0, 1.0);
    update();
}

void TrackCanvas::paintLevelMesh(QPainter& painter) {
    if (!m_levelMesh || !m_levelMeshShown) return;
    const std::shared_ptr<const LoadedLevelMesh> loaded = m_levelMesh->loaded();
    if (!loaded || loaded->underlay.isNull()) return;
    // Image pixels to world metres (row 0 is the north edge), then the view's world to screen.
    const double metresPerPixel = loaded->world.width() / loaded->underlay.width();
    const QTransform imageToWorld(metresPerPixel, 0.0, 0.0, -metresPerPixel, loaded->world.left(), loaded->world.top() + loaded->world.height());
    painter.save();
    painter.setTransform(imageToWorld * m_view.toQTransform());
    painter.setOpacity(m_levelMeshOpacity);
    painter.setRenderHint(QPainter::SmoothPixmapTransform, true);
    painter.drawImage(QPointF(0.0, 0.0), loaded->underlay);
    painter.restore();
}

void TrackCanvas::snapToLevelSurface(formats::TrackDocument& track, const std::vector<std::uint32_t>& nodes) const {
    if (!m_snapToLevel || !m_levelMesh) return;
    for (const std::uint32_t n : nodes) {
        if (n >= track.nodes.size()) continue;
        formats::Vec3& p = track.nodes[n].position;
        if (const std::optional<double> z = m_levelMesh->surfaceHeight(p.x, p.y, p.z)) p.z = *z;
    }
}

void TrackCanvas::snapToLevelSurface(std::vector<std::pair<std::uint32_t, formats::TrackNode>>& nodes) const {
    if (!m_snapToLevel || !m_levelMesh) return;
    for (auto& [n, node] : nodes)
        if (const std::optional<double> z = m_levelMesh->surfaceHeight(node.position.x, node.position.y, node.position.z)) node.position.z = *z;
}

void TrackCanvas::paintColouring(QPainter& painter, const DeckPiece* deck) {
    if (!m_document || m_colouring == Colouring::None) return;
    const formats::TrackDocument& t = m_document->track();
    // Over a deck only its own links, again, so the colour of what it crosses stays under it.
    auto shown = [deck](std::size_t route, std::size_t k) { return !deck || (deck->route == route && deck->hasLink(k)); };
    const QRectF screen = QRectF(rect()).adjusted(-10, -10, 10, 10);
    auto segment = [&](formats::Vec2 a, formats::Vec2 b, QColor colour) {
        const QPointF p = m_view.toScreen(toPoint(a)), q = m_view.toScreen(toPoint(b));
        if (!screen.contains(p) && !screen.contains(q)) return;
        painter.setPen(QPen(colour, 4.0, Qt::SolidLine, Qt::RoundCap));
        painter.drawLine(p, q);
    };
    if (m_colouring == Colouring::Height) {
        // Every link coloured by its height, lowest blue to highest red, drawn from the lowest up
        // so a bridge is seen over what it crosses.
        struct Link {
            double z;
            formats::Vec2 a, b;
        };
        std::vector<Link> links;
        double low = std::numeric_limits<double>::infinity(), high = -low;
        for (std::size_t r = 0; r < t.routes.size(); ++r) {
            const formats::Route& route = t.routes[r];
            if (!drawable(t, route, 2)) continue;
            const std::size_t n = route.nodes.size();
            const std::size_t count = route.closed ? n : n - 1;
            for (std::size_t k = 0; k < count; ++k) {
                const formats::TrackNode& a = t.nodes[route.nodes[k]];
                const formats::TrackNode& b = t.nodes[route.nodes[(k + 1) % n]];
                const double z = (a.position.z + b.position.z) / 2.0;
                low = std::min(low, z);  // the whole track's range, so a deck keeps its colour
                high = std::max(high, z);
                if (shown(r, k)) links.push_back({z, a.position.ground(), b.position.ground()});
            }
        }
        std::stable_sort(links.begin(), links.end(), [](const Link& x, const Link& y) { return x.z < y.z; });
        const double span = std::max(high - low, 1e-9);
        for (const Link& link : links) segment(link.a, link.b, heightColour(high > low ? (link.z - low) / span : 0.0));
        return;
    }
    if (m_colouring == Colouring::Curvature) {
        // Curvature of the circle through each node and its neighbours: 1/25 m and tighter is red.
        for (std::size_t r = 0; r < t.routes.size(); ++r) {
            const formats::Route& route = t.routes[r];
            if (!drawable(t, route, 3)) continue;
            const std::size_t n = route.nodes.size();
            const std::size_t links = route.closed ? n : n - 1;
            for (std::size_t k = 0; k < links; ++k) {
                if (!shown(r, k)) continue;
                auto at = [&](std::size_t i) { return t.nodes[route.nodes[i % n]].position.ground(); };
                auto curvature = [&](std::size_t i) {
                    if (!route.closed && (i == 0 || i + 1 >= n)) return 0.0;
                    return std::abs(bake::circleCurvature(at(i + n - 1), at(i), at(i + 1)));
                };
                segment(at(k), at(k + 1), ramp(std::max(curvature(k), curvature(k + 1)) * 25.0));
            }
        }
        return;
    }
    // Speed hints of the first vehicle class along every line, from the last bake.
    if (!m_liveBake || !m_liveBake->latest()) return;
    const formats::BakedTrackView& v = m_liveBake->latest()->track.view;
    const formats::Vec3 origin = m_liveBake->latest()->track.origin();  // baked positions are local
    double fastest = 1.0;
    for (float h : v.speedHints) fastest = std::max(fastest, double(h));
    for (const formats::BakedSpeedProfile& profile : v.speedProfiles) {
        if (profile.vehicleClass != 0) continue;
        const formats::BakedLine& line = v.lines[profile.line];
        const formats::BakedRoute& route = v.routes[line.route];
        const std::uint32_t count = route.nodeCount;
        const std::uint32_t links = (route.flags & formats::kRouteClosed) ? count : count - 1;
        for (std::uint32_t k = 0; k < links && count > 1; ++k) {
            if (!shown(line.route, k)) continue;  // routes bake in document order, a node per node
            const formats::BakedLinePoint& a = v.linePoints[line.firstPoint + k];
            const formats::BakedLinePoint& b = v.linePoints[line.firstPoint + (k + 1) % count];
            const double speed = v.speedHints[profile.firstHint + k];
            segment({a.x + origin.x, a.y + origin.y}, {b.x + origin.x, b.y + origin.y}, ramp(1.0 - speed / fastest));
        }
    }
}

void TrackCanvas::paintUndefinedZones(QPainter& painter) {
    if (!m_document) return;
    const formats::TrackDocument& t = m_document->track();
    painter.setPen(Qt::NoPen);
    painter.setBrush(QColor(230, 30, 30, 110));
    for (const formats::Diagnostic& d : m_document->diagnostics()) {
        if (d.code != "perpendiculars-cross" || !d.node || !d.otherNode) continue;
        if (*d.node >= t.nodes.size() || *d.otherNode >= t.nodes.size()) continue;
        // Between the two nodes' cross-sections, wall to wall: a car there has no defined position.
        QPolygonF zone;
        for (std::uint32_t n : {*d.node, *d.otherNode}) {
            const formats::TrackNode& node = t.nodes[n];
            const formats::Vec2 p = node.position.ground(), across = perpendicular(n);
            zone << m_view.toScreen(toPoint(p + across * node.left.wall));
        }
        for (std::uint32_t n : {*d.otherNode, *d.node}) {
            const formats::TrackNode& node = t.nodes[n];
            zone << m_view.toScreen(toPoint(node.position.ground() - perpendicular(n) * node.right.wall));
        }
        painter.drawPolygon(zone);
    }
    if (!m_previewPoints.empty()) {
        painter.setPen(QPen(QColor(20, 20, 20), 1.0));
        painter.setBrush(QColor(80, 230, 255));
        for (const QPointF& p : m_previewPoints) painter.drawEllipse(m_view.toScreen(p), 3.5, 3.5);
    }
}

} // namespace editor
