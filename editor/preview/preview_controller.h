#pragma once

#include "editor/preview/car_list_model.h"
#include "editor/preview/chase_camera.h"
#include "editor/preview/mesh_geometry.h"
#include "editor/preview/orbit_framing.h"
#include "editor/preview/preview_race.h"
#include "editor/preview/preview_simulation.h"
#include "editor/preview/race_broadcast.h"
#include "editor/preview/track_meshes.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include "formats/mesh/level_mesh.h"

#include <QObject>
#include <QList>
#include <QPointF>
#include <QPointer>
#include <QQuaternion>
#include <QSizeF>
#include <QString>
#include <QTimer>
#include <QVariantMap>
#include <QVector2D>
#include <QVector3D>

#include <algorithm>
#include <memory>
#include <optional>

namespace editor::preview {

class KeyboardDriver;

/// The live figures of one car, for the HUD and the panel's table.
struct CarFigures {
    double speed = 0.0, targetSpeed = 0.0;  ///< m/s
    int lap = 0;                            ///< the lap being driven, 1 on the way to the first timed lap
    double lastLap = 0.0, bestLap = 0.0;    ///< s, 0 before the first
    int stuckEvents = 0, teleports = 0;
    double crossTrackError = 0.0, crossTrackMean = 0.0;  ///< m
    double onTarmacPct = 0.0;
    double idealLap = 0.0;  ///< s
};

/// Runs the preview: the simulation on a frame timer (play, pause, single step, speed ×0.25–×8,
/// reset), the scene's geometry and car poses, the cameras' framing, car selection and the HUD,
/// and live re-bakes off the UI thread that swap the baked data under the running cars. The QML
/// scene reads it as `preview`.
///
/// Two modes: ghost cars (PreviewSimulation, cars that never see each other) and, between
/// startRace and stopRace, a race (PreviewRace) whose cars replace the ghosts in the scene, the
/// HUD, the metrics and the chase camera, with its broadcast overlays in `preview.race`. A race
/// keeps the track it started on: a live edit meanwhile re-bakes for the ghosts only, and the race
/// says to restart it to race the edit.
class PreviewController : public QObject {
    Q_OBJECT
    Q_PROPERTY(QObject* cars READ carsModel CONSTANT)
    Q_PROPERTY(int selectedCar READ selectedCar NOTIFY selectionChanged)
    Q_PROPERTY(int cameraMode READ cameraMode WRITE setCameraMode NOTIFY cameraModeChanged)
    Q_PROPERTY(bool linesVisible READ linesVisible WRITE setLinesVisible NOTIFY linesVisibleChanged)
    Q_PROPERTY(QVector3D sceneCentre READ sceneCentre NOTIFY sceneChanged)
    Q_PROPERTY(QVector3D sceneSize READ sceneSize NOTIFY sceneChanged)
    Q_PROPERTY(float sceneRadius READ sceneRadius NOTIFY sceneChanged)
    Q_PROPERTY(float groundHeight READ groundHeight NOTIFY sceneChanged)
    Q_PROPERTY(QVector3D chasePosition READ chasePosition NOTIFY framed)
    Q_PROPERTY(QVector3D chaseRotation READ chaseRotation NOTIFY framed)
    Q_PROPERTY(QString hudText READ hudText NOTIFY framed)
    Q_PROPERTY(QString statusText READ statusText NOTIFY framed)
    Q_PROPERTY(QObject* race READ raceObject CONSTANT)

public:
    enum CameraMode { Orbit = 0, TopDown = 1, Chase = 2 };
    static constexpr double kSpeedFactors[] = {0.25, 0.5, 1.0, 2.0, 4.0, 8.0};

    explicit PreviewController(QObject* parent = nullptr);
    ~PreviewController() override;

    /// The scene's geometry objects register themselves as they are created (`role`: "surface",
    /// "walls", "edges", "lines", "terrain", "supports" or "trails"); meshes go into them from then on.
    Q_INVOKABLE void registerGeometry(const QString& role, QObject* geometry);
    /// The orbit camera's framing of the whole track (orbit_framing.h) for a view of `aspect` and
    /// vertical field of view `fovDegrees`: {distance, pitch, yaw} in metres and degrees.
    Q_INVOKABLE QVariantMap orbitFraming(double aspect, double fovDegrees) const;
    /// The orbit camera's clip planes (near, far) for a camera at `camera` (scene frame), so the
    /// whole track and the cars on it stay drawn however the user zooms, turns or pans.
    Q_INVOKABLE QVector2D orbitClip(QVector3D camera) const;
    /// `notches` of the mouse wheel (positive zooms in) over the orbit view at `cursor`, in a view
    /// of `viewSize` pixels and vertical field of view `fovDegrees`, from the pose the scene holds:
    /// the pivot at `origin` turned by `rotation`, the camera `distance` from it. Zooms toward the
    /// point under the cursor (orbit_zoom.h): {origin, distance} after.
    Q_INVOKABLE QVariantMap zoomOrbitAt(QVector3D origin, QQuaternion rotation, double distance, QPointF cursor, QSizeF viewSize, double fovDegrees,
                                        double notches) const;

    /// Bakes `document` now, on this thread; false with `error` set when it does not bake.
    bool setDocument(const formats::TrackDocument& document, QString* error = nullptr);
    /// A live edit: bakes `document` off the UI thread and swaps the result in when done; edits
    /// arriving meanwhile coalesce into one more bake of the newest.
    void rebakeInBackground(const formats::TrackDocument& document);
    /// Swaps baked data in (first track or re-bake): meshes rebuilt, cars re-registered.
    void setTrack(std::shared_ptr<const bake::LoadedBake> track);

    /// The game level's mesh, drawn in place of the terrain made up around the track (null: the
    /// made-up terrain). Shared: the editor keeps it, and the preview only draws it.
    void setLevelMesh(std::shared_ptr<const formats::LevelMesh> level);
    bool showsLevelMesh() const { return m_level != nullptr; }

    /// Starts a race on the newest baked track with `settings`, in place of the ghost cars (a race
    /// running already starts over). False with `error` set when the track cannot be raced.
    bool startRace(const RaceSettings& settings, QString* error = nullptr);
    /// Nothing to show: the race stopped, the cars and the track gone, the scene empty (the editor
    /// opened or started another track that does not bake yet).
    void clearTrack();
    /// Back to the ghost cars, on the newest baked track.
    void stopRace();
    bool racing() const { return m_race != nullptr; }
    /// Drive: the designer takes the wheel of the selected car (the first, or a new one when there
    /// is none) with the keys (keyboard_driver.h) and the chase camera follows it; the path it
    /// drives is recorded. False, with `error` saying why, during a race or without a track.
    bool startDriving(QString* error = nullptr);
    /// Gives the car back to its follower and emits the path driven (drivenPathRecorded).
    void stopDriving();
    bool driving() const { return m_simulation.drivenCar().has_value(); }
    KeyboardDriver* keyboard() const { return m_keyboard; }
    /// The race, null in ghost mode.
    const PreviewRace* race() const { return m_race.get(); }
    RaceBroadcast* broadcast() { return &m_broadcast; }
    QObject* raceObject() { return &m_broadcast; }
    /// The cars on show: the race's in a race, else the ghosts.
    std::size_t carCount() const;

    PreviewSimulation& simulation() { return m_simulation; }
    const PreviewSimulation& simulation() const { return m_simulation; }
    std::size_t addCar(const PreviewCarSetup& setup);
    void removeCar(std::size_t index);
    void setCarSetup(std::size_t index, const PreviewCarSetup& setup);
    CarFigures figures(std::size_t car) const;

    bool playing() const { return m_playing; }
    double speedFactor() const { return m_speedFactor; }
    /// Runs `seconds` of simulated time at once (for `--after` and tests), then updates the scene.
    void simulateFor(double seconds);

    QObject* carsModel() { return &m_cars; }
    int selectedCar() const { return m_selected; }
    int cameraMode() const { return m_cameraMode; }
    bool linesVisible() const { return m_linesVisible; }
    QVector3D sceneCentre() const { return m_sceneCentre; }
    QVector3D sceneSize() const { return m_sceneSize; }
    float sceneRadius() const { return m_sceneRadius; }
    float groundHeight() const { return m_groundHeight; }
    QVector3D chasePosition() const { return m_chasePosition; }
    QVector3D chaseRotation() const { return m_chaseRotation; }
    QString hudText() const { return m_hudText; }
    QString statusText() const { return m_statusText; }
    bool rebaking() const { return m_rebake.isRunning(); }

public slots:
    void play();
    void pause();
    void stepOnce();
    void reset();
    void setSpeedFactor(double factor);
    void selectCar(int index);
    /// Selects `index` and chases it (a click on the tower or on an event of the timeline).
    void followCar(int index);
    /// Selects the next car (`step` 1) or the one before (−1): down the running order in a race, by
    /// number among ghosts; wraps round.
    void selectNextCar(int step = 1);
    void setCameraMode(int mode);
    void setLinesVisible(bool visible);
    /// Puts the orbit camera back where it shows the whole track (the scene answers frameRequested).
    void frameTrack();

signals:
    void selectionChanged();
    void cameraModeChanged();
    void linesVisibleChanged();
    void sceneChanged();
    void framed();  ///< after every frame's update of poses, HUD and chase camera
    void playingChanged(bool playing);
    void carsChanged();  ///< cars added, removed or changed
    void trackSwapped();  ///< new baked data is in
    void rebakeFailed(const QString& reason);
    void raceChanged();  ///< a race started or stopped
    void drivingChanged(bool driving);
    /// The designer stopped driving: where the car went, in the document's frame (metres).
    void drivenPathRecorded(const QList<QPointF>& path);
    /// The orbit camera should frame the whole track: on a new document and on frameTrack(), not on
    /// a live re-bake, which must not yank the camera from where the user put it.
    void frameRequested();

private:
    void onFrame();
    void updateScene();
    void rebuildMeshes();
    void startPendingRebake();
    /// The car on show at `index`, null past the end.
    const bake::ReferenceCar* shownCar(std::size_t index) const;
    /// The stuck manager's record of the car shown at `index` (a ghost's or a race car's).
    trackwright::StuckStats shownStuckStats(std::size_t index) const;
    const CarAttitude& shownAttitude(std::size_t index) const;
    /// The baked track the cars on show drive on.
    const trackwright::BakedTrack& shownTrack() const;
    /// The HUD's text for the selected car: a ghost's setup and verification figures, or a race
    /// car's place, laps and contacts.
    QString ghostHud(std::size_t index) const;
    QString raceHud(std::size_t index) const;

    PreviewSimulation m_simulation;
    std::unique_ptr<PreviewRace> m_race;
    RaceBroadcast m_broadcast;
    CarListModel m_cars;
    QPointer<MeshGeometry> m_surface, m_walls, m_edges, m_lines, m_terrain, m_supports;  ///< owned by the QML scene
    QPointer<MeshGeometry> m_trails;
    QTimer m_frameTimer;
    QElapsedTimer m_clock;
    bool m_playing = false;
    double m_speedFactor = 1.0;
    int m_selected = -1;
    KeyboardDriver* m_keyboard = nullptr;
    int m_cameraMode = Orbit;
    bool m_linesVisible = true;
    QVector3D m_sceneCentre, m_sceneSize{100, 10, 100}, m_chasePosition, m_chaseRotation;
    float m_sceneRadius = 100.0f, m_groundHeight = -0.1f;
    QString m_hudText, m_statusText;
    ChaseCamera m_chase;
    double m_chaseTime = 0.0;  ///< simulation time of the chase camera's last view
    QFutureWatcher<std::shared_ptr<const bake::LoadedBake>> m_rebake;
    std::shared_ptr<const formats::LevelMesh> m_level;
    std::optional<formats::TrackDocument> m_pendingDocument;
};

} // namespace editor::preview
