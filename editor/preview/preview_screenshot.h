#pragma once

#include "editor/preview/preview_simulation.h"

#include <QSize>
#include <QString>

#include <vector>

namespace editor::preview {

class PreviewWidget;

/// A varied field for a preview nobody set up: `count` cars cycling through the car, buggy and
/// truck presets and the runner, waypoint and predictive followers, on the racing line.
std::vector<PreviewCarSetup> defaultField(std::size_t count);

/// Shows `widget` at `size`, lets the scene render, grabs the whole widget (scene and panel) and
/// writes it to `path` as PNG. False with `error` set when the scene did not load or the file
/// cannot be written.
bool savePreviewScreenshot(PreviewWidget& widget, QSize size, const QString& path, QString* error);

} // namespace editor::preview
