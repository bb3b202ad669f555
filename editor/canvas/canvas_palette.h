#pragma once

#include <QColor>
#include <QPen>

/// The canvas's colours and pens, shared by the files that paint it (the track, its decks, the
/// overlays).
namespace editor::palette {

// A dark, quiet palette: the surfaces read at a glance, walls and lines stand out.
inline const QColor kBackground(38, 42, 38);
inline const QColor kRunoffFill(72, 88, 62);
inline const QColor kTarmacFill(96, 99, 106);
inline const QColor kTarmacBand(128, 132, 140);  // the tarmac drawn as a minimum-width band, zoomed out
inline const QColor kTarmacEdge(226, 226, 226);
inline const QColor kRunoffEdge(170, 196, 140);
inline const QColor kWall(232, 88, 72);
inline const QColor kCentreLine(140, 180, 255);
inline const QColor kRacingLine(255, 170, 40);
inline const QColor kOtherLine(120, 220, 255);
inline const QColor kNodeHandle(250, 250, 250);
inline const QColor kMarker(255, 220, 0);
// A bridge: a dark parapet along the deck's walls and its shadow on what it passes over.
inline const QColor kParapet(18, 18, 20);
inline const QColor kDeckShadow(0, 0, 0, 80);
inline const QColor kHiddenHandle(150, 150, 150, 160);  // a node handle under a bridge

inline QPen cosmeticPen(const QColor& colour, double width, Qt::PenStyle style = Qt::SolidLine) {
    QPen pen(colour, width, style, Qt::RoundCap, Qt::RoundJoin);
    pen.setCosmetic(true);  // width in pixels whatever the zoom
    return pen;
}

} // namespace editor::palette
