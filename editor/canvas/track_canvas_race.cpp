// TrackCanvas's race data: overtaking zones as green bands along the edges cars may pass on,
// no-overtaking zones as red-and-white bands along both edges, and the grid slots as car-sized
// boxes behind the start line, where the runtime puts cars with the designer's grid.
#include "editor/canvas/track_canvas.h"

#include "editor/canvas/canvas_palette.h"
#include "editor/document/live_bake.h"

#include <QPainter>

namespace editor {
namespace {

using namespace palette;

const QColor kOvertakingZone(70, 215, 95);
const QColor kNoOvertakingZone(225, 30, 40);
const QColor kNoOvertakingGap(245, 245, 245);
const QColor kGridSlotEdge(250, 250, 250);
const QColor kGridSlotFill(250, 250, 250, 55);
const QColor kPoleSlotFill(255, 220, 0, 110);
constexpr double kZonePixels = 5.0;
constexpr double kHighlightedZonePixels = 9.0;

} // namespace

void TrackCanvas::setHighlightedZone(int zone) {
    if (zone == m_highlightedZone) return;
    m_highlightedZone = zone;
    update();
}

std::vector<QPolygonF> TrackCanvas::gridSlotsShown() const {
    if (!m_liveBake || !m_liveBake->latest()) return {};
    return gridSlotOutlines(m_liveBake->latest()->track);
}

void TrackCanvas::paintRaceData(QPainter& painter) {
    painter.save();
    painter.setTransform(m_view.toQTransform());
    for (const ZoneDrawing& zone : m_drawing.zones) {
        const double width = static_cast<int>(zone.zone) == m_highlightedZone ? kHighlightedZonePixels : kZonePixels;
        for (const QPolygonF* edge : {&zone.leftEdge, &zone.rightEdge}) {
            if (edge->size() < 2) continue;
            if (zone.noOvertaking) {
                // Red and white like a kerb, dashed: it reads apart from the walls' solid red.
                painter.setPen(cosmeticPen(kNoOvertakingGap, width));
                painter.drawPolyline(*edge);
                QPen dashes = cosmeticPen(kNoOvertakingZone, width);
                dashes.setCapStyle(Qt::FlatCap);
                dashes.setDashPattern({1.6, 1.2});
                painter.setPen(dashes);
            } else {
                painter.setPen(cosmeticPen(kOvertakingZone, width));
            }
            painter.drawPolyline(*edge);
        }
    }
    const std::vector<QPolygonF> gridCars = gridSlotsShown();
    painter.setPen(cosmeticPen(kGridSlotEdge, 1.5));
    for (std::size_t i = 0; i < gridCars.size(); ++i) {
        painter.setBrush(i == 0 ? kPoleSlotFill : kGridSlotFill);
        painter.drawPolygon(gridCars[i]);
    }
    painter.setBrush(Qt::NoBrush);
    painter.restore();
    // Slot numbers once a car is big enough on screen to carry one.
    if (gridCars.empty() || kGridCarLength * m_view.scale() < 22.0) return;
    painter.setPen(QColor(20, 20, 20));
    for (std::size_t i = 0; i < gridCars.size(); ++i) {
        const QPointF centre = m_view.toScreen((gridCars[i][0] + gridCars[i][2]) / 2.0);
        painter.drawText(QRectF(centre - QPointF(15.0, 8.0), QSizeF(30.0, 16.0)), Qt::AlignCenter, QString::number(i + 1));
    }
}

} // namespace editor
