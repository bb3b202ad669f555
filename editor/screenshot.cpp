#include "editor/screenshot.h"

#include <QApplication>
#include <QBuffer>
#include <QImage>
#include <QPixmap>
#include <QRegularExpression>
#include <QSaveFile>
#include <QWidget>

namespace editor {

bool parseWindowSize(const QString& text, QSize& size) {
    const QRegularExpressionMatch match = QRegularExpression("^(\\d{2,5})x(\\d{2,5})$").match(text);
    if (!match.hasMatch()) return false;
    size = QSize(match.captured(1).toInt(), match.captured(2).toInt());
    return size.width() > 0 && size.height() > 0;
}

bool saveWindowScreenshot(QWidget& window, QSize size, const QString& path, QString* errorText) {
    window.resize(size);
    window.show();
    // Two rounds: the first lays out and resizes, the second paints at the final size.
    QApplication::processEvents();
    QApplication::processEvents();
    const QImage image = window.grab().toImage();
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    if (!image.save(&buffer, "PNG")) {
        if (errorText) *errorText = "cannot encode the screenshot as PNG";
        return false;
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(png) != png.size() || !file.commit()) {
        if (errorText) *errorText = QString("cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace editor
