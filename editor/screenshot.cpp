#include "editor/screenshot.h"

#include "editor/preview/preview_screenshot.h"

#include <QApplication>
#include <QRegularExpression>
#include <QWidget>

namespace editor {

bool parseWindowSize(const QString& text, QSize& size) {
    const QRegularExpressionMatch match = QRegularExpression("^(\\d{2,5})x(\\d{2,5})$").match(text);
    if (!match.hasMatch()) return false;
    size = QSize(match.captured(1).toInt(), match.captured(2).toInt());
    return size.width() > 0 && size.height() > 0;
}

bool saveWindowScreenshot(QWidget& window, QSize size, const std::filesystem::path& path, QString* errorText) {
    window.resize(size);
    window.show();
    // Two rounds: the first lays out and resizes, the second paints at the final size.
    QApplication::processEvents();
    QApplication::processEvents();
    return preview::writePngFile(window.grab().toImage(), path, errorText);
}

} // namespace editor
