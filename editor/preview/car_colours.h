#pragma once

#include <QColor>

#include <cstddef>
#include <iterator>

namespace editor::preview {

/// Car i's colour on the track, in the tower and on the timeline: twenty apart from each other, so
/// a full race field never shows two cars alike (a ghost field beyond twenty repeats them).
inline QColor carColour(std::size_t index) {
    static const QColor colours[] = {QColor("#e53935"), QColor("#1e88e5"), QColor("#43a047"), QColor("#fdd835"), QColor("#8e24aa"),
                                     QColor("#fb8c00"), QColor("#00acc1"), QColor("#d81b60"), QColor("#6d4c41"), QColor("#f5f5f5"),
                                     QColor("#7cb342"), QColor("#3949ab"), QColor("#ff7043"), QColor("#26a69a"), QColor("#ab47bc"),
                                     QColor("#c0ca33"), QColor("#5d4037"), QColor("#90a4ae"), QColor("#ec407a"), QColor("#212121")};
    return colours[index % std::size(colours)];
}

} // namespace editor::preview
