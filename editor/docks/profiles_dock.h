#pragma once

#include "editor/document/height_edits.h"

#include "formats/source/track_document.h"
#include "trackwright/track/baked_track.h"

#include <QColor>
#include <QDockWidget>
#include <QRectF>
#include <QString>
#include <QWidget>

#include <map>
#include <optional>
#include <set>
#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QToolButton;

namespace editor {

class EditorDocument;
class LiveBake;
class NodeSelection;

/// One curve of a profile plot.
struct ProfileSeries {
    QString name;
    QColor colour;
    std::vector<double> values;  ///< one per distance sample
};

/// A plot of curves against distance, with its own value axis.
struct ProfilePanel {
    QString title;
    QString unit;
    std::vector<ProfileSeries> series;
    /// The route's heights: dragging in it raises or lowers the selection.
    bool heights = false;
};

/// The curves along a route: curvature of the centre line; tarmac, runoff and wall widths left
/// (up) and right (down); its height and banking (degrees) where it has any; the speed hints of its first line for every vehicle class (from the last
/// background bake). The route is the selection's, else the main route; the selected nodes are
/// marked on the distance axis.
struct RouteProfiles {
    std::vector<double> distance;  ///< m, one per node
    std::vector<ProfilePanel> panels;
    std::vector<double> marks;     ///< m: selected nodes
};

/// Computes the profiles of `route` of `track`, speed hints from `baked` when it has the route.
RouteProfiles routeProfiles(const formats::TrackDocument& track, std::uint32_t route, const trackwright::BakedTrack* baked,
                            const std::set<std::uint32_t>& selected);

/// Draws RouteProfiles. With a selection to raise (setRaiseEnabled), a vertical drag in the
/// heights panel reports a height change in metres by the panel's scale (frozen at the press, so
/// the curve follows the mouse; 5 cm a pixel at most; Ctrl snaps to half metres); the wheel there
/// asks for a longer or shorter falloff. While
/// dragging or hovering there it shades how much of the raise each node gets.
class ProfilePlot : public QWidget {
    Q_OBJECT
public:
    explicit ProfilePlot(QWidget* parent = nullptr);
    void setProfiles(RouteProfiles profiles);
    const RouteProfiles& profiles() const { return m_profiles; }
    void setRaiseEnabled(bool enabled) { m_raiseEnabled = enabled; }
    /// The share of a raise each node of the plotted route gets, one per distance sample (empty:
    /// nothing to show).
    void setFalloffShares(std::vector<double> shares);
    /// The heights panel on screen, when the profiles have one.
    std::optional<QRectF> heightsPanelRect() const;
    bool raiseDragging() const { return m_drag.has_value(); }

signals:
    void raiseStarted();
    /// Metres up (negative: down) since the press.
    void raiseDragged(double dz);
    void raiseFinished();
    /// Wheel notches over the heights panel: positive for a longer falloff.
    void falloffStepped(double notches);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    /// Where panel `i` is drawn.
    QRectF panelRect(int i) const;
    int heightsPanel() const;
    RouteProfiles m_profiles;
    std::vector<double> m_shares;
    bool m_raiseEnabled = false;
    bool m_hoverHeights = false;
    /// A raise drag: where it started and the heights panel's value range, frozen until release.
    struct Drag {
        double pressY = 0.0;
        double low = 0.0, high = 1.0;
    };
    std::optional<Drag> m_drag;
};

/// The profiles dock: curvature, widths and speed hints along the selection's route, refreshed as
/// the track is edited and re-baked. With nodes selected it raises and lowers them with a falloff
/// (height_edits.h): drag the elevation curve up or down (one undo step per drag, the wheel
/// lengthens or shortens the falloff meanwhile), or use the Raise and Lower buttons; the falloff
/// distance and shape are set above the plot and shared with Edit ▸ Raise/Lower Selection.
class ProfilesDock : public QDockWidget {
    Q_OBJECT
public:
    ProfilesDock(NodeSelection* selection, LiveBake* liveBake, QWidget* parent = nullptr);
    void setDocument(EditorDocument* document);
    ProfilePlot* plot() { return m_plot; }

    HeightFalloff falloff() const;
    void setFalloff(const HeightFalloff& falloff);
    /// Raises (negative `dz` lowers, metres) the selection with the falloff, as one undo step;
    /// false when nothing is selected.
    bool raiseSelection(double dz);
    /// How far one press of the Raise or Lower button moves the selection, metres.
    static constexpr double kRaiseStep = 0.5;

signals:
    /// What a raise did or is doing (Δz, falloff, the steepest ramp), for the status bar.
    void statusMessage(const QString& text);

private:
    void refresh();
    // Raising (profiles_dock_raise.cpp).
    QWidget* makeRaiseBar();
    void updateRaiseBar();
    void startRaise();
    void dragRaise(double dz);
    void finishRaise();
    void stepFalloff(double notches);
    QString describeRaise(double dz, std::size_t nodes) const;
    std::vector<double> sharesAlongRoute(std::uint32_t route) const;

    EditorDocument* m_document = nullptr;
    NodeSelection* m_selection;
    LiveBake* m_liveBake;
    ProfilePlot* m_plot;
    bool m_shown = false;  ///< its tab is in front (see visibilityChanged)
    QDoubleSpinBox* m_falloffRadius = nullptr;
    QComboBox* m_falloffShape = nullptr;
    QToolButton* m_raiseButton = nullptr;
    QToolButton* m_lowerButton = nullptr;
    /// The raise being dragged: its undo merge key, the shares it hands out, and the nodes it has
    /// reached with their values at the press (a falloff grown mid-drag reaches more; one shrunk
    /// gives the ones it leaves their values back).
    struct RaiseDrag {
        int mergeKey = 0;
        double dz = 0.0;
        std::vector<std::pair<std::uint32_t, double>> shares;
        std::map<std::uint32_t, formats::TrackNode> original;
    };
    std::optional<RaiseDrag> m_raise;
};

} // namespace editor
