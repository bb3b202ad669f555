#include "editor/preview/preview_controller.h"
#include "editor/preview/keyboard_driver.h"
#include "editor/preview/level_mesh_preview.h"

#include "editor/preview/car_colours.h"
#include "editor/preview/mesh_geometry.h"
#include "editor/preview/orbit_zoom.h"
#include "editor/preview/scene_frame.h"

#include "trackwright/drive/follower_factory.h"

#include <span>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>

namespace editor::preview {
namespace {

constexpr double kTrailTopSpeed = 60.0;  ///< m/s drawn red; slower runs through yellow and green to blue

/// Blue (slow) through green and yellow to red (fast).
Rgba speedColour(float speed) {
    const float t = std::clamp(static_cast<float>(speed / kTrailTopSpeed), 0.0f, 1.0f);
    if (t < 0.33f) return {0.1f, 0.3f + 2.0f * t, 1.0f - 2.4f * t, 1.0f};
    if (t < 0.66f) return {3.0f * (t - 0.33f), 0.95f, 0.2f, 1.0f};
    return {1.0f, 0.95f - 2.6f * (t - 0.66f), 0.1f, 1.0f};
}

/// A car's trail as a flat ribbon a little above the track, each piece coloured by the speed there.
/// Each car's lies a centimetre over the one before, so where cars drive the same line their trails
/// do not fight over the same depth.
void appendTrail(PreviewMesh& mesh, const std::deque<TrailPoint>& trail, std::size_t car) {
    constexpr float kHalfWidth = 0.3f;
    const float lift = 0.12f + 0.01f * static_cast<float>(car % 10);
    const ScenePoint up{0.0f, 1.0f, 0.0f};
    for (std::size_t k = 1; k < trail.size(); ++k) {
        const TrailPoint& a = trail[k - 1];
        const TrailPoint& b = trail[k];
        const float dx = b.x - a.x, dy = b.y - a.y;
        const float length = std::hypot(dx, dy);
        if (length < 1e-3f || length > 50.0f) continue;  // standing still, or a teleport
        const float nx = -dy / length * kHalfWidth, ny = dx / length * kHalfWidth;
        const Rgba ca = speedColour(a.speed), cb = speedColour(b.speed);
        const std::uint32_t ra = mesh.addVertex(toScene(a.x - nx, a.y - ny, a.z + lift), up, ca);
        const std::uint32_t rb = mesh.addVertex(toScene(b.x - nx, b.y - ny, b.z + lift), up, cb);
        const std::uint32_t lb = mesh.addVertex(toScene(b.x + nx, b.y + ny, b.z + lift), up, cb);
        const std::uint32_t la = mesh.addVertex(toScene(a.x + nx, a.y + ny, a.z + lift), up, ca);
        mesh.addQuad(ra, rb, lb, la);
    }
}

QString seconds(double s) { return s > 0.0 ? QString::number(s, 'f', 2) + " s" : QStringLiteral("–"); }

} // namespace

PreviewController::PreviewController(QObject* parent) : QObject(parent), m_keyboard(new KeyboardDriver(this)) {
    m_frameTimer.setInterval(16);
    m_frameTimer.setTimerType(Qt::PreciseTimer);
    connect(&m_frameTimer, &QTimer::timeout, this, &PreviewController::onFrame);
    connect(&m_rebake, &QFutureWatcher<std::shared_ptr<const bake::LoadedBake>>::finished, this, [this] {
        if (std::shared_ptr<const bake::LoadedBake> baked = m_rebake.result()) setTrack(std::move(baked));
        else emit rebakeFailed(tr("the edited track does not bake; the preview keeps the last good one"));
        startPendingRebake();
    });
}

PreviewController::~PreviewController() { m_rebake.waitForFinished(); }

void PreviewController::registerGeometry(const QString& role, QObject* geometry) {
    if (role == QLatin1String("trails")) m_trails = qobject_cast<MeshGeometry*>(geometry);
    else if (role == QLatin1String("surface")) m_surface = qobject_cast<MeshGeometry*>(geometry);
    else if (role == QLatin1String("walls")) m_walls = qobject_cast<MeshGeometry*>(geometry);
    else if (role == QLatin1String("edges")) m_edges = qobject_cast<MeshGeometry*>(geometry);
    else if (role == QLatin1String("lines")) m_lines = qobject_cast<MeshGeometry*>(geometry);
    else if (role == QLatin1String("terrain")) m_terrain = qobject_cast<MeshGeometry*>(geometry);
    else if (role == QLatin1String("supports")) m_supports = qobject_cast<MeshGeometry*>(geometry);
    rebuildMeshes();
    updateScene();
}

bool PreviewController::setDocument(const formats::TrackDocument& document, QString* error) {
    std::string reason;
    std::shared_ptr<const bake::LoadedBake> baked = PreviewSimulation::bakeForPreview(document, &reason);
    if (!baked) {
        if (error) *error = QString::fromStdString(reason);
        return false;
    }
    stopRace();  // another track: a race on the last one is over
    setTrack(std::move(baked));
    emit frameRequested();
    return true;
}

void PreviewController::rebakeInBackground(const formats::TrackDocument& document) {
    m_pendingDocument = document;
    if (!m_rebake.isRunning()) startPendingRebake();
}

void PreviewController::startPendingRebake() {
    if (!m_pendingDocument) return;
    formats::TrackDocument document = std::move(*m_pendingDocument);
    m_pendingDocument.reset();
    m_rebake.setFuture(QtConcurrent::run([document = std::move(document)] { return PreviewSimulation::bakeForPreview(document); }));
}

void PreviewController::setTrack(std::shared_ptr<const bake::LoadedBake> track) {
    m_simulation.setTrack(std::move(track));
    if (m_race) {
        // The race drives on the track it started on, and the scene keeps drawing that one.
        m_broadcast.setMessage(tr("Track edited: restart the race to race the edit"));
        emit trackSwapped();
        return;
    }
    rebuildMeshes();
    updateScene();
    emit trackSwapped();
}

void PreviewController::setLevelMesh(std::shared_ptr<const formats::LevelMesh> level) {
    if (level == m_level) return;
    m_level = std::move(level);
    rebuildMeshes();
}

void PreviewController::rebuildMeshes() {
    if (!m_race && !m_simulation.track()) return;
    TrackMeshes meshes = buildTrackMeshes(shownTrack());
    if (m_level) {
        // The level in place of the made-up terrain; the flat ground under the lowest of both.
        // The cameras keep framing the track (a level may reach kilometres beyond it).
        meshes.terrain = levelMeshPreview(*m_level);
        meshes.groundHeight = std::min(meshes.groundHeight, meshes.terrain.boundsMin.y - 0.5f);
    }
    if (m_surface) m_surface->setMesh(meshes.surface);
    if (m_walls) m_walls->setMesh(meshes.walls);
    if (m_edges) m_edges->setMesh(meshes.edges);
    if (m_lines) m_lines->setMesh(meshes.lines);
    if (m_terrain) m_terrain->setMesh(meshes.terrain);
    if (m_supports) m_supports->setMesh(meshes.supports);
    const QVector3D low(meshes.boundsMin.x, meshes.boundsMin.y, meshes.boundsMin.z), high(meshes.boundsMax.x, meshes.boundsMax.y, meshes.boundsMax.z);
    m_sceneCentre = (low + high) / 2.0f;
    m_sceneSize = QVector3D(std::max(1.0f, high.x() - low.x()), std::max(1.0f, high.y() - low.y()), std::max(1.0f, high.z() - low.z()));
    m_sceneRadius = std::max(20.0f, 0.5f * std::hypot(m_sceneSize.x(), m_sceneSize.z()));
    m_groundHeight = meshes.groundHeight;
    emit sceneChanged();
}

bool PreviewController::startRace(const RaceSettings& settings, QString* error) {
    stopDriving();  // the drive so far is offered as a line; the race's cars replace the ghosts
    std::string reason;
    std::unique_ptr<PreviewRace> race = PreviewRace::start(m_simulation.track(), settings, &reason);
    if (!race) {
        if (error) *error = QString::fromStdString(reason);
        return false;
    }
    const bool sameTrack = m_race ? m_race->track() == race->track() : true;
    m_race = std::move(race);
    m_broadcast.begin();
    if (!sameTrack) rebuildMeshes();  // a restart after a live edit races, and draws, the edit
    // The pole sitter is the car the HUD and the chase camera start on.
    for (std::size_t i = 0; i < m_race->race().size(); ++i)
        if (m_race->gridSlot(i) == 0) m_selected = static_cast<int>(i);
    m_chase.reset();
    emit selectionChanged();
    updateScene();
    emit raceChanged();
    return true;
}

void PreviewController::clearTrack() {
    stopRace();
    if (driving()) {  // another track: the path driven on this one means nothing there
        m_simulation.drive(std::nullopt);
        m_keyboard->setEnabled(false);
        emit drivingChanged(false);
    }
    pause();
    m_simulation.clear();
    m_selected = -1;
    m_chase.reset();
    for (MeshGeometry* g : {m_surface, m_walls, m_edges, m_lines, m_terrain, m_supports})
        if (g) g->setMesh({});
    emit selectionChanged();
    updateScene();
    emit carsChanged();
    emit sceneChanged();
}

bool PreviewController::startDriving(QString* error) {
    if (m_race) {
        if (error) *error = tr("Stop the race first: a driven car laps among the ghosts");
        return false;
    }
    if (!m_simulation.track()) {
        if (error) *error = tr("The preview has no track to drive yet");
        return false;
    }
    if (driving()) return true;
    if (m_simulation.cars().empty()) addCar({});
    const int car = m_selected >= 0 ? m_selected : 0;
    m_keyboard->setEnabled(true);
    m_simulation.drive(static_cast<std::size_t>(car), [this](double dt) { return m_keyboard->controls(dt); });
    followCar(car);
    play();
    emit drivingChanged(true);
    return true;
}

void PreviewController::stopDriving() {
    if (!driving()) return;
    QList<QPointF> path;
    for (const formats::Vec2& p : m_simulation.drivenPath()) path << QPointF(p.x, p.y);
    m_simulation.drive(std::nullopt);
    m_keyboard->setEnabled(false);
    emit drivingChanged(false);
    if (path.size() >= 2) emit drivenPathRecorded(path);
}

void PreviewController::stopRace() {
    if (!m_race) return;
    const bool sameTrack = m_race->track() == m_simulation.track();
    m_race.reset();
    m_broadcast.end();
    m_selected = m_simulation.cars().empty() ? -1 : 0;
    m_chase.reset();
    emit selectionChanged();
    if (!sameTrack) rebuildMeshes();  // the ghosts drive the edit the race kept off the scene
    updateScene();
    emit raceChanged();
}

std::size_t PreviewController::carCount() const { return m_race ? m_race->race().size() : m_simulation.cars().size(); }

const bake::ReferenceCar* PreviewController::shownCar(std::size_t index) const {
    if (index >= carCount()) return nullptr;
    return m_race ? &m_race->race().car(index) : &m_simulation.cars()[index].car->physics();
}

trackwright::StuckStats PreviewController::shownStuckStats(std::size_t index) const {
    if (index >= carCount()) return {};
    return m_race ? m_race->race().stuckStats(index) : m_simulation.cars()[index].car->stuckStats();
}

const CarAttitude& PreviewController::shownAttitude(std::size_t index) const {
    return m_race ? m_race->attitude(index) : m_simulation.cars()[index].attitude;
}

const trackwright::BakedTrack& PreviewController::shownTrack() const { return m_race ? m_race->track()->track : m_simulation.track()->track; }

std::size_t PreviewController::addCar(const PreviewCarSetup& setup) {
    const std::size_t index = m_simulation.addCar(setup);
    if (m_selected < 0 && !m_race) m_selected = static_cast<int>(index), emit selectionChanged();
    updateScene();
    emit carsChanged();
    return index;
}

void PreviewController::removeCar(std::size_t index) {
    m_simulation.removeCar(index);
    if (!m_race && m_selected >= static_cast<int>(m_simulation.cars().size())) {
        m_selected = static_cast<int>(m_simulation.cars().size()) - 1;
        m_chase.reset();
        emit selectionChanged();
    }
    updateScene();
    emit carsChanged();
}

void PreviewController::setCarSetup(std::size_t index, const PreviewCarSetup& setup) {
    m_simulation.setCarSetup(index, setup);
    updateScene();
    emit carsChanged();
}

CarFigures PreviewController::figures(std::size_t index) const {
    CarFigures f;
    const bake::ReferenceCar* shown = shownCar(index);
    if (!shown) return f;
    const bake::ReferenceCar& car = *shown;
    const bake::CarTotals& t = car.totals();
    f.speed = std::abs(car.body().state.speed);
    f.targetSpeed = car.targetSpeed();
    f.lap = static_cast<int>(t.lapTimes.size()) + 1;
    if (!t.lapTimes.empty()) {
        f.lastLap = t.lapTimes.back();
        f.bestLap = *std::min_element(t.lapTimes.begin(), t.lapTimes.end());
    }
    f.stuckEvents = shownStuckStats(index).events;
    f.teleports = t.teleports;
    f.crossTrackError = car.crossTrackError();
    if (t.ticks > 0) {
        f.crossTrackMean = t.crossTrackSum / static_cast<double>(t.ticks);
        f.onTarmacPct = 100.0 * static_cast<double>(t.ticksOnTarmac) / static_cast<double>(t.ticks);
    }
    f.idealLap = car.idealLapTime();
    return f;
}

void PreviewController::play() {
    if (m_playing) return;
    m_playing = true;
    m_clock.start();
    m_frameTimer.start();
    emit playingChanged(true);
}

void PreviewController::pause() {
    if (!m_playing) return;
    m_playing = false;
    m_frameTimer.stop();
    emit playingChanged(false);
}

void PreviewController::stepOnce() {
    pause();
    if (m_race) m_race->step();
    else m_simulation.step();
    updateScene();
}

void PreviewController::reset() {
    // In a race, back to the grid: the same race again, on the newest track.
    if (m_race) {
        const RaceSettings again = m_race->settings();
        if (startRace(again)) return;
    }
    m_simulation.reset();
    updateScene();
}

void PreviewController::setSpeedFactor(double factor) { m_speedFactor = std::clamp(factor, 0.25, 8.0); }

void PreviewController::selectCar(int index) {
    const int valid = index >= 0 && index < static_cast<int>(carCount()) ? index : -1;
    if (valid == m_selected) return;
    m_selected = valid;
    m_chase.reset();
    emit selectionChanged();
    updateScene();
}

void PreviewController::followCar(int index) {
    selectCar(index);
    if (m_selected == index) setCameraMode(Chase);
}

void PreviewController::selectNextCar(int step) {
    const int count = static_cast<int>(carCount());
    if (count == 0) return;
    std::vector<int> order(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i)
        order[static_cast<std::size_t>(i)] = m_race ? static_cast<int>(m_race->race().world().standings()[static_cast<std::size_t>(i)].car) : i;
    const auto at = std::find(order.begin(), order.end(), m_selected);
    const int from = at == order.end() ? (step > 0 ? -1 : 0) : static_cast<int>(at - order.begin());
    selectCar(order[static_cast<std::size_t>(((from + step) % count + count) % count)]);
}

void PreviewController::setCameraMode(int mode) {
    if (mode == m_cameraMode || mode < Orbit || mode > Chase) return;
    m_cameraMode = mode;
    emit cameraModeChanged();
}

void PreviewController::setLinesVisible(bool visible) {
    if (visible == m_linesVisible) return;
    m_linesVisible = visible;
    emit linesVisibleChanged();
}

QVariantMap PreviewController::orbitFraming(double aspect, double fovDegrees) const {
    const OrbitFraming f = frameOrbit(m_sceneSize, static_cast<float>(aspect), static_cast<float>(fovDegrees), orbitPitchFor(m_sceneSize));
    return {{QStringLiteral("distance"), f.distance}, {QStringLiteral("pitch"), f.pitchDegrees}, {QStringLiteral("yaw"), f.yawDegrees}};
}

QVector2D PreviewController::orbitClip(QVector3D camera) const {
    // The cars stand up to 8 m tall with a beacon (CarModel.qml), and from afar are drawn larger to
    // stay preview.qml's 16 pixels long: up to a tenth of their distance from the camera tall in a
    // view 400 pixels high.
    const QVector3D markers(0.0f, std::max(8.0f, 0.1f * (camera - m_sceneCentre).length()), 0.0f);
    const ClipPlanes planes = orbitClipPlanes(camera, m_sceneCentre - m_sceneSize / 2.0f, m_sceneCentre + m_sceneSize / 2.0f + markers);
    return {planes.clipNear, planes.clipFar};
}

QVariantMap PreviewController::zoomOrbitAt(QVector3D origin, QQuaternion rotation, double distance, QPointF cursor, QSizeF viewSize, double fovDegrees,
                                           double notches) const {
    const OrbitPose pose{origin, rotation, static_cast<float>(distance)};
    const QVector3D target = orbitZoomTarget(pose, cursor, viewSize, static_cast<float>(fovDegrees));
    const OrbitPose zoomed = zoomOrbitToward(pose, target, orbitWheelZoomFactor(static_cast<float>(notches)));
    return {{QStringLiteral("origin"), zoomed.origin}, {QStringLiteral("distance"), zoomed.distance}};
}

void PreviewController::frameTrack() { emit frameRequested(); }

void PreviewController::simulateFor(double seconds) {
    const auto ticks = static_cast<long>(std::llround(seconds / PreviewSimulation::kStep));
    for (long i = 0; i < ticks; ++i) m_race ? m_race->step() : m_simulation.step();
    updateScene();
}

void PreviewController::onFrame() {
    const double elapsed = static_cast<double>(m_clock.restart()) / 1000.0;
    if (m_race) m_race->advance(elapsed, m_speedFactor);
    else m_simulation.advance(elapsed, m_speedFactor);
    updateScene();
}

QString PreviewController::ghostHud(std::size_t index) const {
    const PreviewCar& c = m_simulation.cars()[index];
    const CarFigures f = figures(index);
    return tr("Car %1 · %2 · %3 on %4\nspeed %5 km/h   target %6 km/h\nlap %7   last %8   best %9   ideal %10\nstuck %11   CTE %12 m")
        .arg(index + 1)
        .arg(trackwright::vehiclePresetName(c.setup.vehicle))
        .arg(trackwright::followerName(c.setup.follower))
        .arg(QString::fromStdString(c.setup.line))
        .arg(f.speed * 3.6, 0, 'f', 0)
        .arg(f.targetSpeed * 3.6, 0, 'f', 0)
        .arg(f.lap)
        .arg(seconds(f.lastLap), seconds(f.bestLap), seconds(f.idealLap))
        .arg(f.stuckEvents)
        .arg(f.crossTrackError, 0, 'f', 2);
}

QString PreviewController::raceHud(std::size_t index) const {
    const bake::CarSetup& setup = m_race->race().setup(index);
    const CarFigures f = figures(index);
    const std::span<const bake::Standing> standings = m_race->race().world().standings();
    const auto place = std::find_if(standings.begin(), standings.end(), [&](const bake::Standing& s) { return s.car == index; }) - standings.begin() + 1;
    const int laps = m_race->settings().laps;
    const formats::BakedTrackView& v = m_race->track()->track.view;
    QString driver = RaceBroadcast::driverName(*m_race, index);
    if (const bake::RosterDriver* named = m_race->rosterDriver(index))
        driver += QStringLiteral(" (%1)").arg(QString::fromStdString(std::string(trackwright::driverCharacterName(named->character))));
    const RaceLapTimes& lapTimes = m_race->lapTimes(index);
    return tr("%1 · P%2 · %3 on %4\nspeed %5 km/h   target %6 km/h\nlap %7/%8   last %9   best %10\ncontacts %11 (caused %12)   passes %13   mistakes %14")
        .arg(driver)
        .arg(place)
        .arg(trackwright::followerName(setup.follower))
        .arg(QString::fromStdString(v.name(v.lines[setup.line].nameOffset)))
        .arg(f.speed * 3.6, 0, 'f', 0)
        .arg(f.targetSpeed * 3.6, 0, 'f', 0)
        .arg(std::min(f.lap, laps))
        .arg(laps)
        .arg(seconds(lapTimes.last), seconds(lapTimes.best))
        .arg(m_race->race().contacts().involved[index])
        .arg(m_race->race().contacts().blamed[index])
        .arg(m_race->tally().overtakesMade(static_cast<std::uint32_t>(index)))
        .arg(m_race->race().world().follower(static_cast<std::uint32_t>(index)).mistakeTally().total());
}

void PreviewController::updateScene() {
    const auto& cars = m_simulation.cars();
    const std::size_t count = carCount();
    std::vector<CarPose> poses;
    poses.reserve(count);
    PreviewMesh trails;
    for (std::size_t i = 0; i < count; ++i) {
        const bake::ReferenceCar& car = *shownCar(i);
        const trackwright::VehicleState& s = car.body().state;
        const trackwright::VehicleParameters& v = car.vehicle();
        const CarAttitude& a = shownAttitude(i);
        const ScenePoint p = toScene(s.position.x, s.position.y, a.height);
        constexpr float kDegrees = 57.29577951308232f;
        poses.push_back({QVector3D(p.x, p.y, p.z), sceneYawDegrees(s.heading), a.pitch * kDegrees, a.roll * kDegrees,
                         QVector3D(v.wheelbase + 1.6f, 1.3f, v.width), carColour(i), static_cast<int>(i) == m_selected});
        if (!m_race) appendTrail(trails, cars[i].trail, i);  // a race field's trails would cover the road
    }
    m_cars.setPoses(std::move(poses));
    if (m_trails) m_trails->setMesh(trails);

    m_hudText.clear();
    if (m_selected >= 0 && m_selected < static_cast<int>(count)) {
        const auto index = static_cast<std::size_t>(m_selected);
        const trackwright::VehicleState& s = shownCar(index)->body().state;
        m_hudText = m_race ? raceHud(index) : ghostHud(index);
        if (driving() && m_simulation.drivenCar() == index)
            m_hudText = tr("You drive: ↑/W throttle, ↓/S brake, ←→/A D steer, Space handbrake; Drive again to stop and keep the line\n") + m_hudText;
        const double now = m_race ? m_race->time() : m_simulation.time();
        const ChaseView chase = m_chase.follow(shownTrack(), {s.position, s.heading, shownAttitude(index)}, now - m_chaseTime);
        m_chaseTime = now;
        m_chasePosition = chase.position;
        m_chaseRotation = chase.eulerDegrees;
    }
    if (m_race) m_broadcast.show(*m_race, m_selected);
    m_statusText = tr("%1%2 s · ×%3 · %4 · %5 cars")
                       .arg(m_race ? tr("race · ") : QString())
                       .arg(m_race ? m_race->time() : m_simulation.time(), 0, 'f', 1)
                       .arg(m_speedFactor)
                       .arg(m_playing ? tr("playing") : tr("paused"))
                       .arg(count);
    emit framed();
}

} // namespace editor::preview
