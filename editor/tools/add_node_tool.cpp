#include "editor/tools/add_node_tool.h"

#include "editor/canvas/snapping.h"
#include "editor/canvas/track_canvas.h"
#include "editor/document/editor_document.h"
#include "editor/document/track_edits.h"

#include <QMouseEvent>

#include <optional>
#include <utility>

namespace editor {

QString AddNodeTool::text() const { return TrackCanvas::tr("&Add Node"); }

QString AddNodeTool::description() const {
    return TrackCanvas::tr("click on the canvas to add a node after the selected one (to a new track: File ▸ New)");
}

QString AddNodeTool::hint() const {
    return TrackCanvas::tr("Add Node: click past an open route's end to continue it, on a link to insert, anywhere on an empty track to start one");
}

bool AddNodeTool::press(QMouseEvent* event) {
    const formats::TrackDocument& t = m_canvas.editorDocument()->track();
    const QPointF at = event->position();
    const formats::Vec2 world{m_canvas.view().toWorld(at).x(), m_canvas.view().toWorld(at).y()};
    if (const auto link = m_canvas.linkAt(at)) {
        m_canvas.pushStructural(TrackCanvas::tr("Insert Node"), insertNode(t, link->route, link->k, link->point));
        return true;
    }
    // The nearest end of an open route that is not attached there.
    std::optional<std::pair<std::uint32_t, bool>> end;
    double nearest = 1e300;
    for (std::uint32_t r = 0; r < t.routes.size(); ++r) {
        const formats::Route& route = t.routes[r];
        if (route.closed || route.nodes.empty()) continue;
        for (bool atStart : {true, false}) {
            if ((atStart && route.fork) || (!atStart && route.join)) continue;
            const std::uint32_t n = atStart ? route.nodes.front() : route.nodes.back();
            const double d = formats::length(t.nodes[n].position.ground() - world);
            if (d < nearest) nearest = d, end = std::make_pair(r, atStart);
        }
    }
    // No free end anywhere (an empty track, or only loops): the click starts a new route.
    const double grid = snapGridStep(m_canvas.view().scale());
    const bool snapping = m_canvas.snapping();
    if (!end) {
        m_canvas.pushStructural(TrackCanvas::tr("Start Route"), startRoute(t, snapping ? snapToGrid(world, grid) : world));
        return true;
    }
    const formats::Route& route = t.routes[end->first];
    const formats::Vec2 from = t.nodes[end->second ? route.nodes.front() : route.nodes.back()].position.ground();
    m_canvas.pushStructural(TrackCanvas::tr("Add Node"), appendNode(t, end->first, end->second, snapping ? snapLink(from, world, kSnapAngle, grid) : world));
    return true;
}

} // namespace editor
