#pragma once

#include <QSize>
#include <QString>

#include <filesystem>

class QWidget;

namespace editor {

/// Parses "1280x800" into a size; false when malformed or not positive.
bool parseWindowSize(const QString& text, QSize& size);

/// Shows `window` at `size`, lets it lay out and paint, grabs it and writes a PNG through the
/// output-path policy (preview::writePngFile). For pipelines, tests and the README.
bool saveWindowScreenshot(QWidget& window, QSize size, const std::filesystem::path& path, QString* errorText);

} // namespace editor
