#pragma once

#include "editor/document/selection_transform.h"
#include "editor/document/sketch_edits.h"

#include "editor/canvas/canvas_geometry.h"
#include "editor/canvas/crossing_marks.h"
#include "editor/canvas/overpass_decks.h"
#include "editor/canvas/track_drawing.h"
#include "editor/canvas/view_transform.h"

#include "formats/source/track_document.h"

#include <QFutureWatcher>
#include <QImage>
#include <QStringList>
#include <QWidget>

#include <array>
#include <functional>
#include <optional>
#include <set>
#include <unordered_map>

namespace editor {

class EditorDocument;

/// The colour of a height a fraction `t` between the track's lowest (0, blue) and highest (1, red).
QColor heightColour(double t);
class LevelMeshLayer;
class ToolManager;
class LiveBake;
class NodeSelection;
struct TrackEdit;

/// What the canvas draws, built off the UI thread for large tracks.
struct CanvasScene {
    TrackDrawing drawing;
    CanvasGeometry geometry;
    std::unordered_map<std::uint32_t, formats::Vec2> perpendiculars;  ///< per node, unit, to the left
    std::vector<DeckPiece> decks;  ///< where the track passes over itself, lowest first
};
CanvasScene buildCanvasScene(const formats::TrackDocument& document);

/// Top-down 2D view of a track: per route the runoff and tarmac surfaces, wall, runoff and tarmac
/// edges, the centre line and node handles; lines (racing …), the designer's zones and grid, and
/// markers on top. The wheel zooms
/// about the cursor, F fits, + and - zoom about the centre; the middle button pans, and so does
/// the left one on a view-only canvas.
///
/// Given an EditorDocument (setEditing) the left button edits with the current tool (editor/tools:
/// Select, Add Node, Branch, Line, Sketch, Measure, behind ToolManager), every change an undo
/// command; Delete deletes the selection, Escape clears it, arrows nudge it, whatever the tool.
///
/// The geometry is prepared once per document (see CanvasGeometry); a paint draws only the spans
/// inside the view, at the coarsest level of detail that is still exact to a fraction of a pixel.
///
/// Where the track passes over itself (see DeckPiece) each upper pass is drawn again over the
/// finished track, lowest first: its shadow on what it crosses, its surfaces, edges, lines and
/// colouring, and a dark parapet along its walls; hovering it shows its clearance. A crossing that
/// validation flags (overpass-clearance, edge-self-intersection) is marked with its clearance
/// against the track's ("2.1 m < 4.5 m").
class TrackCanvas : public QWidget {
    Q_OBJECT

public:
    explicit TrackCanvas(QWidget* parent = nullptr);

    /// Replaces what is shown and fits the view to it; the geometry is rebuilt here, not on paint.
    void setDocument(const formats::TrackDocument& document);

    /// Edits `document` (null: view only), with `selection` shared with the docks. Shows it
    /// fitted; later changes redraw it where the view is. The tools forget the last document.
    void setEditing(EditorDocument* document, NodeSelection* selection);
    EditorDocument* editorDocument() const { return m_document; }
    NodeSelection* selection() const { return m_selection; }
    /// The editing tools (editor/tools), one current; their actions go on the main window's tool bar.
    ToolManager& tools() const { return *m_tools; }
    /// The node spacing of the tools that lay routes (Sketch), metres (closer in bends, see sketch_curve.h).
    void setSketchSpacing(double metres) { m_sketchSpacing = metres; }
    double sketchSpacing() const { return m_sketchSpacing; }
    /// View ▸ Snap (see snapping.h): dragged nodes land on the grid, added links keep 15° steps.
    void setSnapping(bool on) { m_snapping = on; }
    bool snapping() const { return m_snapping; }
    /// Whether the Scale handles (and Edit ▸ Transform Selection) scale the widths with the positions.
    void setScaleWidths(bool on) { m_scaleWidths = on; }
    bool scaleWidths() const { return m_scaleWidths; }
    /// Whether an empty track shows how to begin (off while the start panel covers the canvas).
    void setEmptyHintShown(bool shown) {
        m_emptyHintShown = shown;
        update();
    }
    /// Blocks until a background rebuild of a large track's geometry is in (tests, screenshots).
    void waitForGeometry();
    /// Where a node and its width handles are on screen. `edge`: 0 tarmac, 1 runoff, 2 wall.
    QPointF nodeOnScreen(std::uint32_t node) const;
    QPointF widthHandleOnScreen(std::uint32_t node, bool left, int edge) const;
    /// Pixels within which a click picks a node, handle or link.
    static constexpr double kPickPixels = 7.0;

    // What the tools share (track_canvas_editing.cpp).
    /// The node under `screen` (within kPickPixels), one on a bridge before one under it.
    std::optional<std::uint32_t> nodeAt(QPointF screen) const;
    /// The route, link start position and closest world point of the centre-line link under `screen`.
    struct LinkHit {
        std::uint32_t route = 0;
        std::size_t k = 0;
        formats::Vec2 point;
    };
    std::optional<LinkHit> linkAt(QPointF screen) const;
    /// Applies a structural edit (new nodes stood on the level when snapping to it) as one undo
    /// step named `text` and selects its new nodes; a refused edit says why in the status bar.
    void pushStructural(const QString& text, const TrackEdit& edit);
    /// The world point under `screen`, on the snapping grid when View ▸ Snap is on.
    formats::Vec2 worldAt(QPointF screen) const;
    /// The unit vector to the left of `node` across its route.
    formats::Vec2 perpendicular(std::uint32_t node) const;
    /// Stands `nodes` of `track` on the level mesh's surface under them, when snapping to it.
    void snapToLevelSurface(formats::TrackDocument& track, const std::vector<std::uint32_t>& nodes) const;
    void snapToLevelSurface(std::vector<std::pair<std::uint32_t, formats::TrackNode>>& nodes) const;
    LevelMeshLayer* levelMesh() const { return m_levelMesh; }

    /// Colour along the lines: none, the centre lines' curvature, the racing lines' speed hints
    /// (first vehicle class) from `liveBake`, or the centre lines' height (heightColour; the
    /// highest links drawn last, so a bridge shows over what it crosses).
    enum class Colouring { None, Curvature, Speed, Height };
    void setColouring(Colouring colouring);
    Colouring colouring() const { return m_colouring; }
    void setLiveBake(LiveBake* liveBake);
    /// Points drawn over the track until cleared: an edit's preview (a resample before it applies).
    void setPreviewPoints(std::vector<QPointF> worldPoints);
    /// The backdrop image, resolved against the track file's folder; reloaded when it changes.
    void setBackdropFolder(const QString& folder);
    /// Blocks until the backdrop image (read off the UI thread) is in, for screenshots and tests.
    void waitForBackdrop();
    /// The level mesh drawn under the track (over the backdrop), and cast into when `snapToLevel`:
    /// then a node laid by Sketch or Add, or dragged, stands on the surface under it (the one
    /// nearest its height, so a node on a bridge stays on the bridge). Null: none.
    void setLevelMesh(LevelMeshLayer* layer);
    void setLevelMeshShown(bool shown);
    void setLevelMeshOpacity(double opacity);
    double levelMeshOpacity() const { return m_levelMeshOpacity; }
    void setSnapToLevel(bool on) { m_snapToLevel = on; }
    /// Soft selection (the Falloff box beside the tools): a node drag or a width handle moves the
    /// neighbours along the track within `metres` too, by a smooth falloff (height_edits.h's);
    /// 0 moves the grabbed nodes alone.
    void setSoftFalloff(double metres) { m_softFalloff = std::max(0.0, metres); }
    double softFalloff() const { return m_softFalloff; }
    bool snapToLevel() const { return m_snapToLevel; }
    /// Calibration picking: the next left click reports its world point instead of editing.
    void pickNextPoint(std::function<void(QPointF world)> picked);
    const TrackDrawing& drawing() const { return m_drawing; }
    const CanvasGeometry& geometry() const { return m_geometry; }
    const std::vector<DeckPiece>& decks() const { return m_decks; }
    /// The marker labels the last paint showed (a label that would cover another is left out).
    const QStringList& markerLabelsShown() const { return m_markerLabelsShown; }
    /// The zone the Zones dock has selected, drawn wider (-1: none).
    void setHighlightedZone(int zone);
    int highlightedZone() const { return m_highlightedZone; }
    /// The grid slots drawn (world outlines, pole first), from the last live bake.
    std::vector<QPolygonF> gridSlotsShown() const;
    /// The crossings validation flags, as marked on the canvas (refreshed with the diagnostics).
    const std::vector<CrossingMark>& crossingMarks() const { return m_crossingMarks; }

    const ViewTransform& view() const { return m_view; }
    /// The part of the world the widget shows, metres (y up: top() is the smallest y).
    QRectF visibleWorldRect() const;

    /// What the last paint drew: the level of detail and how much geometry it submitted.
    struct PaintStats {
        std::size_t level = 0;
        qsizetype points = 0;  ///< polyline and surface points handed to QPainter
        qsizetype spans = 0;   ///< surface spans filled
        qsizetype handles = 0; ///< node handles drawn
    };
    const PaintStats& lastPaintStats() const { return m_stats; }

    /// A selected node's ring is left out where another ring is drawn within this many pixels.
    static constexpr double kSelectionRingCell = 2.0;
    /// Node handles are drawn only when neighbouring nodes are at least this many pixels apart.
    static constexpr double kMinHandleSpacingPixels = 9.0;
    /// Edge and centre lines are drawn only when the tarmac is at least this many pixels wide.
    static constexpr double kMinEdgeDetailPixels = 14.0;
    /// Narrower than this, the tarmac is drawn as a band of this many pixels so the track stays
    /// readable when a long circuit is fitted into the window.
    static constexpr double kMinTrackPixels = 4.0;

public slots:
    void fitToTrack();
    /// Shows `nodes` with `marginMetres` around them (a selection, a diagnostic's node).
    void frameNodes(const std::set<std::uint32_t>& nodes, double marginMetres = 30.0);
    /// Shows the world rectangle `world` (metres, y up), a level mesh's extent.
    void frameWorldRect(const QRectF& world);
    void zoomIn();
    void zoomOut();

signals:
    /// World position under the mouse, metres.
    void cursorMoved(QPointF world);
    /// Why an edit was refused, or what a tool expects next, for the status bar.
    void statusMessage(const QString& text);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void paintRoutes(QPainter& painter, const QRectF& visible);
    void paintLines(QPainter& painter, const QRectF& visible);
    void paintMarkers(QPainter& painter);
    void paintNodeHandles(QPainter& painter);
    void paintEmptyTrackHint(QPainter& painter);
    bool m_emptyHintShown = true;
    void paintScaleBar(QPainter& painter) const;
    void paintEditing(QPainter& painter);
    void paintBackdrop(QPainter& painter);
    void paintLevelMesh(QPainter& painter);
    /// Colour along the lines; over `deck` only (its links) when given.
    void paintColouring(QPainter& painter, const DeckPiece* deck = nullptr);
    // Passes over the track and crossings (track_canvas_crossings.cpp).
    void paintDecks(QPainter& painter, const QRectF& visible);
    void paintDeck(QPainter& painter, const DeckPiece& deck);
    void paintCrossingMarks(QPainter& painter);
    void updateCrossingMarks();
    void updateHoveredDeck(QPointF screen);
    /// Whether the node at `world` lies under a deck of another pass (not on one).
    bool underDeck(QPointF world) const;
    std::vector<DeckPiece> m_decks;
    QStringList m_markerLabelsShown;
    std::vector<CrossingMark> m_crossingMarks;
    int m_hoveredDeck = -1;  ///< index into m_decks under the mouse, -1 for none
    void paintUndefinedZones(QPainter& painter);
    // The designer's race data: zones along the road edges, the grid slots (track_canvas_race.cpp).
    void paintRaceData(QPainter& painter);
    int m_highlightedZone = -1;
    void applyScene(CanvasScene scene);
    void documentChanged();

    // Editing (track_canvas_editing.cpp).
    void installTools();
    /// The selection's keys (Delete, Escape, arrows nudge) after the current tool's.
    bool editKey(QKeyEvent* event);
    /// Draws the parts of `points` whose spans meet `visible`, as few polylines as possible.
    void strokeVisible(QPainter& painter, const QPolygonF& points, const std::vector<ChunkSpan>& spans, const QRectF& visible);

    TrackDrawing m_drawing;
    CanvasGeometry m_geometry;
    ViewTransform m_view;
    PaintStats m_stats;
    bool m_fitPending = true;  ///< fit once the widget has its real size, until the user moves the view
    bool m_panning = false;
    QPointF m_lastMouse;

    EditorDocument* m_document = nullptr;
    NodeSelection* m_selection = nullptr;
    ToolManager* m_tools = nullptr;
    bool m_snapping = false;
    double m_sketchSpacing = 10.0;
    double m_softFalloff = 0.0;  ///< m along the track; 0: only the grabbed nodes move
    bool m_scaleWidths = false;
    int m_nudgeKey = 0;  ///< the merge key of a run of arrow-key nudges
    std::unordered_map<std::uint32_t, formats::Vec2> m_perpendiculars;
    QFutureWatcher<CanvasScene> m_rebuild;
    bool m_rebuildAgain = false;
    Colouring m_colouring = Colouring::None;
    LiveBake* m_liveBake = nullptr;
    std::vector<QPointF> m_previewPoints;
    LevelMeshLayer* m_levelMesh = nullptr;
    bool m_levelMeshShown = true;
    double m_levelMeshOpacity = 0.7;
    bool m_snapToLevel = false;
    QString m_backdropFolder, m_backdropPath;
    QImage m_backdrop;
    /// The backdrop image being read off the UI thread: (path, image), the image null when the path
    /// is no readable regular file.
    QFutureWatcher<std::pair<QString, QImage>> m_backdropLoad;
    void startBackdropLoad();
    std::function<void(QPointF)> m_pick;
};

} // namespace editor
