#include "editor/level/level_mesh_layer.h"

#include "editor/native_path.h"
#include "editor/preview/level_mesh_preview.h"

#include <QDir>
#include <QFileInfo>
#include <QPainter>
#include <QPolygonF>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <numeric>

namespace editor {
namespace {

/// The underlay's longest side, pixels: 4 MB of image, a 2 km level at a pixel a metre.
constexpr int kUnderlayPixels = 2048;
/// The finest the underlay resolves, metres a pixel (a kart track 200 m across).
constexpr double kFinestMetresPerPixel = 0.05;
/// Faces steeper than this from above (|normal z| below) are walls: a line in the picture at most.
constexpr double kMinVisibleNormalZ = 0.05;

/// The top-down picture: triangles from the lowest up (a bridge over what it crosses), each in its
/// material's colour lit from the north-west and brighter the higher it lies.
void drawUnderlay(LoadedLevelMesh& out) {
    const formats::LevelMesh& mesh = out.mesh;
    double minX = 1e300, minY = 1e300, maxX = -1e300, maxY = -1e300, minZ = 1e300, maxZ = -1e300;
    for (const auto& v : mesh.vertices) {
        minX = std::min(minX, v.x), maxX = std::max(maxX, v.x), minY = std::min(minY, v.y), maxY = std::max(maxY, v.y);
        minZ = std::min(minZ, v.z), maxZ = std::max(maxZ, v.z);
    }
    if (!(maxX > minX) || !(maxY > minY)) return;
    const double metresPerPixel = std::max(std::max(maxX - minX, maxY - minY) / kUnderlayPixels, kFinestMetresPerPixel);
    const int width = std::max(1, static_cast<int>(std::ceil((maxX - minX) / metresPerPixel)));
    const int height = std::max(1, static_cast<int>(std::ceil((maxY - minY) / metresPerPixel)));
    out.world = QRectF(minX, minY, width * metresPerPixel, height * metresPerPixel);
    out.underlay = QImage(width, height, QImage::Format_ARGB32_Premultiplied);
    out.underlay.fill(Qt::transparent);

    std::vector<std::uint32_t> order(mesh.triangles.size());
    std::iota(order.begin(), order.end(), 0u);
    const auto centreZ = [&](std::uint32_t t) {
        const auto& tri = mesh.triangles[t];
        return mesh.vertices[tri[0]].z + mesh.vertices[tri[1]].z + mesh.vertices[tri[2]].z;
    };
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return centreZ(a) < centreZ(b); });
    std::vector<QColor> colours;
    colours.reserve(mesh.materials.size());
    for (const std::string& m : mesh.materials) {
        const preview::Rgba c = preview::levelMaterialColour(m);
        colours.push_back(QColor::fromRgbF(c.r, c.g, c.b));
    }

    QPainter painter(&out.underlay);
    painter.setPen(Qt::NoPen);
    const double top = out.world.top() + out.world.height();  // image row 0 is the world's north edge
    const double light[3] = {-0.40, 0.40, 0.82};                // from the north-west, high
    const double zSpan = std::max(maxZ - minZ, 1e-6);
    for (const std::uint32_t t : order) {
        const auto& tri = mesh.triangles[t];
        const auto& a = mesh.vertices[tri[0]];
        const auto& b = mesh.vertices[tri[1]];
        const auto& c = mesh.vertices[tri[2]];
        trackwright::format::Vec3 n = formats::faceNormal(mesh, t);
        if (std::abs(n.z) < kMinVisibleNormalZ) continue;  // a wall, or no area
        if (n.z < 0.0) n = {-n.x, -n.y, -n.z};
        const double lit = std::max(0.0, n.x * light[0] + n.y * light[1] + n.z * light[2]);
        const double raised = (centreZ(t) / 3.0 - minZ) / zSpan;
        const QColor base = colours[mesh.triangleMaterial[t]];
        painter.setBrush(base.lighter(static_cast<int>(55.0 + 45.0 * lit + 40.0 * raised)));
        const QPointF points[3] = {{(a.x - minX) / metresPerPixel, (top - a.y) / metresPerPixel},
                                   {(b.x - minX) / metresPerPixel, (top - b.y) / metresPerPixel},
                                   {(c.x - minX) / metresPerPixel, (top - c.y) / metresPerPixel}};
        painter.drawPolygon(points, 3);
    }
}

} // namespace

formats::LevelMeshOptions levelMeshOptions(const formats::LevelMeshReference& reference) {
    formats::LevelMeshOptions options;
    options.up = reference.up == "z" ? formats::MeshUpAxis::Z : formats::MeshUpAxis::Y;
    options.metresPerUnit = reference.metresPerUnit;
    return options;
}

QString resolveLevelMeshPath(const formats::LevelMeshReference& reference, const QString& trackFolder) {
    const QString file = QString::fromStdString(reference.file);
    return QDir::cleanPath(QDir(trackFolder.isEmpty() ? QDir::currentPath() : trackFolder).absoluteFilePath(file));
}

void resolveLevelMeshFile(formats::TrackDocument& track, const QString& trackFolder) {
    if (track.editor.levelMesh) track.editor.levelMesh->file = resolveLevelMeshPath(*track.editor.levelMesh, trackFolder).toStdString();
}

formats::TrackDocument withLevelMeshRelativeTo(formats::TrackDocument track, const QString& trackFolder) {
    if (track.editor.levelMesh && !trackFolder.isEmpty())
        track.editor.levelMesh->file = QDir(trackFolder).relativeFilePath(QString::fromStdString(track.editor.levelMesh->file)).toStdString();
    return track;
}

LevelMeshLayer::LevelMeshLayer(QObject* parent) : QObject(parent) {
    connect(&m_load, &QFutureWatcher<Result>::finished, this, [this] {
        if (m_loadPending) finishLoad(m_load.result());
    });
    // A re-exported level: editors write a new file and rename it over the old, which drops the
    // watch; the path is watched again after each read.
    connect(&m_watcher, &QFileSystemWatcher::fileChanged, this, [this] { startLoad(); });
}

std::shared_ptr<const LoadedLevelMesh> LevelMeshLayer::read(const QString& path, const formats::LevelMeshOptions& options, QString& error) {
    const std::filesystem::path native = nativePath(path);
    formats::LevelMeshLoadResult result = formats::loadLevelMesh(native, options);
    if (!result.mesh) {
        error = QString::fromStdString(result.error);
        return nullptr;
    }
    auto loaded = std::make_shared<LoadedLevelMesh>();
    loaded->mesh = std::move(*result.mesh);
    loaded->bvh = std::make_unique<formats::MeshBvh>(loaded->mesh);
    loaded->hash = QString::fromStdString(formats::levelMeshFileHash(native));
    drawUnderlay(*loaded);
    return loaded;
}

void LevelMeshLayer::setReference(const std::optional<formats::LevelMeshReference>& reference, const QString& trackFolder) {
    const QString path = reference ? resolveLevelMeshPath(*reference, trackFolder) : QString();
    const bool sameFile = reference && m_reference && path == m_path && reference->up == m_reference->up && reference->metresPerUnit == m_reference->metresPerUnit;
    m_reference = reference;
    if (sameFile) return;  // the drape's road materials or the hash changed: nothing to read
    m_path = path;
    m_loaded.reset();
    m_error.clear();
    if (!m_watcher.files().isEmpty()) m_watcher.removePaths(m_watcher.files());
    if (reference) startLoad();
    emit changed();
}

void LevelMeshLayer::adopt(const formats::LevelMeshReference& reference, const QString& trackFolder, std::shared_ptr<const LoadedLevelMesh> loaded) {
    m_reference = reference;
    m_path = resolveLevelMeshPath(reference, trackFolder);
    m_loaded = std::move(loaded);
    m_error.clear();
    if (!m_watcher.files().isEmpty()) m_watcher.removePaths(m_watcher.files());
    m_watcher.addPath(m_path);
    emit changed();
}

void LevelMeshLayer::startLoad() {
    if (!m_reference) return;
    const QString path = m_path;
    const formats::LevelMeshOptions options = levelMeshOptions(*m_reference);
    m_loadPending = true;
    m_load.setFuture(QtConcurrent::run([path, options] {
        Result result{path, nullptr, {}};
        result.loaded = read(path, options, result.error);
        return result;
    }));
}

void LevelMeshLayer::finishLoad(const Result& result) {
    m_loadPending = false;
    if (result.path != m_path) return;  // the reference moved on while this one was read
    m_loaded = result.loaded;
    m_error = result.error;
    if (m_watcher.files().isEmpty() && QFileInfo::exists(m_path)) m_watcher.addPath(m_path);
    emit changed();
}

void LevelMeshLayer::waitForLoad() {
    // A read that finished but whose signal is still queued counts too: isRunning() is false
    // then, and a caller went on without the level (a flaky test under load).
    if (m_loadPending) {
        m_load.waitForFinished();
        finishLoad(m_load.result());
    }
}

bool LevelMeshLayer::changedSinceImport() const {
    return m_loaded && m_reference && !m_reference->hash.empty() && m_loaded->hash.toStdString() != m_reference->hash;
}

std::optional<double> LevelMeshLayer::surfaceHeight(double x, double y, double nearZ) const {
    if (!m_loaded) return std::nullopt;
    const std::optional<formats::SurfaceHit> hit = m_loaded->bvh->surfaceNear(x, y, nearZ);
    return hit ? std::optional(hit->z) : std::nullopt;
}

} // namespace editor
