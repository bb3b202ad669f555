#pragma once

#include "formats/source/track_document.h"
#include "trackwright/track/baked_track.h"

#include <QColor>
#include <QDockWidget>
#include <QString>
#include <QWidget>

#include <set>
#include <vector>

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

/// Draws RouteProfiles.
class ProfilePlot : public QWidget {
    Q_OBJECT
public:
    using QWidget::QWidget;
    void setProfiles(RouteProfiles profiles);
    const RouteProfiles& profiles() const { return m_profiles; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    RouteProfiles m_profiles;
};

/// The profiles dock: curvature, widths and speed hints along the selection's route, refreshed as
/// the track is edited and re-baked.
class ProfilesDock : public QDockWidget {
    Q_OBJECT
public:
    ProfilesDock(NodeSelection* selection, LiveBake* liveBake, QWidget* parent = nullptr);
    void setDocument(EditorDocument* document);
    ProfilePlot* plot() { return m_plot; }

private:
    void refresh();

    EditorDocument* m_document = nullptr;
    NodeSelection* m_selection;
    LiveBake* m_liveBake;
    ProfilePlot* m_plot;
    bool m_shown = false;  ///< its tab is in front (see visibilityChanged)
};

} // namespace editor
