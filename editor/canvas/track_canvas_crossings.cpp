// TrackCanvas where the track crosses itself: each pass over another drawn again on top (its
// shadow, surfaces, parapet, lines and colouring), its clearance on hover, and the crossings
// validation flags marked with their clearance.
#include "editor/canvas/track_canvas.h"

#include "editor/canvas/canvas_palette.h"
#include "editor/document/editor_document.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace editor {
namespace {

using namespace palette;

/// A label on a plate of `plate`'s colour, centred above `at`, so it reads over any surface.
void drawPlate(QPainter& painter, QPointF at, const QString& text, const QColor& plate) {
    const QFontMetricsF metrics(painter.font());
    QRectF box = metrics.boundingRect(text);
    box.moveCenter(at - QPointF(0.0, box.height() / 2.0 + 10.0));
    const QRectF back = box.adjusted(-4.0, -2.0, 4.0, 2.0);
    painter.setPen(Qt::NoPen);
    painter.setBrush(plate);
    painter.drawRoundedRect(back, 3.0, 3.0);
    painter.setPen(QColor(250, 250, 250));
    painter.drawText(box, Qt::AlignCenter, text);
    painter.setBrush(Qt::NoBrush);
}

void strokeEach(QPainter& painter, const QPen& pen, std::initializer_list<const QPolygonF*> polylines) {
    painter.setPen(pen);
    for (const QPolygonF* p : polylines) painter.drawPolyline(*p);
}

} // namespace

void TrackCanvas::paintDecks(QPainter& painter, const QRectF& visible) {
    if (m_decks.empty()) return;
    for (const DeckPiece& deck : m_decks) {
        if (!touches(deck.bounds, visible)) continue;
        painter.save();
        painter.setTransform(m_view.toQTransform());
        paintDeck(painter, deck);
        painter.restore();
        paintColouring(painter, &deck);
    }
    if (m_hoveredDeck >= 0 && static_cast<std::size_t>(m_hoveredDeck) < m_decks.size()) {
        // A pass over the track, hovered: how much room there is under it.
        const DeckPiece& deck = m_decks[static_cast<std::size_t>(m_hoveredDeck)];
        const double required = m_document ? m_document->track().crossingClearance : formats::kDefaultCrossingClearance;
        const bool enough = deck.clearance >= required;
        const QString text = enough ? tr("bridge: %1 m clearance").arg(deck.clearance, 0, 'f', 1)
                                    : tr("%1 m < %2 m").arg(deck.clearance, 0, 'f', 1).arg(required, 0, 'f', 1);
        drawPlate(painter, m_view.toScreen(deck.clearanceAt), text, enough ? QColor(30, 90, 160, 220) : QColor(190, 40, 30, 230));
    }
}

void TrackCanvas::paintDeck(QPainter& painter, const DeckPiece& deck) {
    const double scale = m_view.scale();
    const double trackPixels = m_geometry.typicalTrackWidth * scale;
    const bool edges = trackPixels >= kMinEdgeDetailPixels;
    // The shadow: a dark band round the deck on what it passes over (and only there, so the deck's
    // own road either side stays clean), darker close in. The deck, drawn next, covers the middle.
    const double shadow = std::max(3.0, 4.0 / scale);  // metres, at least 4 px
    painter.save();
    painter.setClipPath(deck.under);
    for (double width : {2.0 * shadow, shadow}) {
        painter.setPen(QPen(kDeckShadow, width, Qt::SolidLine, Qt::FlatCap, Qt::MiterJoin));
        painter.setBrush(kDeckShadow);
        painter.drawPolygon(deck.outline);
    }
    painter.restore();
    painter.setBrush(Qt::NoBrush);

    // The parapet: a dark rim along both walls, under the deck's own surfaces and wall lines.
    strokeEach(painter, cosmeticPen(kParapet, edges ? 5.0 : 3.0), {&deck.leftWall, &deck.rightWall});
    painter.setPen(Qt::NoPen);
    painter.setBrush(kRunoffFill);
    painter.drawPolygon(deck.runoffArea, Qt::WindingFill);
    if (edges) {
        strokeEach(painter, cosmeticPen(kWall, 2.0), {&deck.leftWall, &deck.rightWall});
        strokeEach(painter, cosmeticPen(kRunoffEdge, 1.0, Qt::DashLine), {&deck.leftRunoff, &deck.rightRunoff});
    }
    painter.setPen(Qt::NoPen);
    painter.setBrush(kTarmacFill);
    painter.drawPolygon(deck.tarmacArea, Qt::WindingFill);
    painter.setBrush(Qt::NoBrush);
    if (!edges && trackPixels < kMinTrackPixels) {
        // Zoomed out the road is a band: a dark casing keeps the upper one apart from the lower.
        strokeEach(painter, cosmeticPen(kParapet, kMinTrackPixels + 2.5), {&deck.centre});
        strokeEach(painter, cosmeticPen(kTarmacBand, kMinTrackPixels), {&deck.centre});
    }
    if (edges) {
        strokeEach(painter, cosmeticPen(kTarmacEdge, 1.5), {&deck.leftTrack, &deck.rightTrack});
        strokeEach(painter, cosmeticPen(kCentreLine, 1.0, Qt::DashDotLine), {&deck.centre});
    }
    const double lineWidth = edges ? 2.0 : 1.25;
    for (const auto& [index, points] : deck.lines) {
        const bool racing = index < m_drawing.lines.size() && m_drawing.lines[index].name == QLatin1String("racing");
        painter.setPen(cosmeticPen(racing ? kRacingLine : kOtherLine, lineWidth));
        painter.drawPolyline(points);
    }
}

void TrackCanvas::paintCrossingMarks(QPainter& painter) {
    if (m_crossingMarks.empty()) return;
    const QRectF screen = QRectF(rect()).adjusted(-40.0, -40.0, 40.0, 40.0);
    painter.setRenderHint(QPainter::Antialiasing, true);
    for (const CrossingMark& mark : m_crossingMarks) {
        const QPointF at = m_view.toScreen(QPointF(mark.point.x, mark.point.y));
        if (!screen.contains(at)) continue;
        painter.setPen(QPen(QColor(255, 255, 255), 3.0));
        painter.setBrush(Qt::NoBrush);
        painter.drawEllipse(at, 7.0, 7.0);
        painter.setPen(QPen(QColor(220, 40, 30), 2.0));
        painter.drawEllipse(at, 7.0, 7.0);
        drawPlate(painter, at, crossingLabel(mark), QColor(190, 40, 30, 230));
    }
}

void TrackCanvas::updateCrossingMarks() {
    std::vector<CrossingMark> marks = m_document ? editor::crossingMarks(m_document->track(), m_document->diagnostics()) : std::vector<CrossingMark>{};
    if (marks.empty() && m_crossingMarks.empty()) return;  // no repaint for every validation of a track without crossings
    m_crossingMarks = std::move(marks);
    update();
}

bool TrackCanvas::underDeck(QPointF world) const {
    // From the highest deck down, the first that covers the point decides: on it (its own nodes sit
    // on its centre line, at exactly these points) or under it.
    for (auto deck = m_decks.rbegin(); deck != m_decks.rend(); ++deck) {
        if (!touches(deck->bounds, QRectF(world, world)) || !deck->outline.containsPoint(world, Qt::WindingFill)) continue;
        return std::find(deck->centre.begin(), deck->centre.end(), world) == deck->centre.end();
    }
    return false;
}

void TrackCanvas::updateHoveredDeck(QPointF screen) {
    int hovered = -1;
    const QPointF world = m_view.toWorld(screen);
    // The topmost deck under the mouse: they are kept lowest first.
    for (std::size_t i = m_decks.size(); i-- > 0;)
        if (touches(m_decks[i].bounds, QRectF(world, world)) && m_decks[i].tarmacArea.containsPoint(world, Qt::WindingFill)) {
            hovered = static_cast<int>(i);
            break;
        }
    if (hovered == m_hoveredDeck) return;
    m_hoveredDeck = hovered;
    update();
}

} // namespace editor
