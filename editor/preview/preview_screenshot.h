#pragma once

#include "editor/preview/preview_simulation.h"

#include <QSize>
#include <QImage>
#include <QString>

#include <filesystem>
#include <vector>

namespace editor::preview {

class PreviewWidget;

/// A varied field for a preview nobody set up: `count` cars cycling through the car, buggy and
/// truck presets and the runner, waypoint and predictive followers, on the racing line.
std::vector<PreviewCarSetup> defaultField(std::size_t count);

/// Shows `widget` at `size`, lets the scene render, grabs the whole widget (scene and panel) and
/// writes it to `path` as PNG (writePngFile). False with `error` set when the scene did not load or
/// the file cannot be written.
bool savePreviewScreenshot(PreviewWidget& widget, QSize size, const std::filesystem::path& path, QString* error);

/// Encodes `image` as PNG and writes it to `path` through the product's one output-path policy
/// (formats::writeOutputFile: replaced atomically with the old file's mode and, as root, owner;
/// links followed; a read-only file refused; /dev/stdout or a pipe streamed). Every screenshot goes
/// through it. False with `error` set when it cannot.
bool writePngFile(const QImage& image, const std::filesystem::path& path, QString* error);

} // namespace editor::preview
