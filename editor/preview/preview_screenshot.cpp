#include "editor/preview/preview_screenshot.h"

#include "editor/preview/preview_widget.h"

#include "formats/source/file_io.h"

#include <QApplication>
#include <QBuffer>
#include <QElapsedTimer>
#include <QImage>
#include <QPixmap>
#include <QQuickWidget>

namespace editor::preview {

std::vector<PreviewCarSetup> defaultField(std::size_t count) {
    static const trackwright::VehiclePreset vehicles[] = {trackwright::VehiclePreset::Car, trackwright::VehiclePreset::Buggy, trackwright::VehiclePreset::Truck};
    static const trackwright::FollowerKind followers[] = {trackwright::FollowerKind::Runner, trackwright::FollowerKind::Waypoint,
                                                      trackwright::FollowerKind::Predictive};
    std::vector<PreviewCarSetup> field;
    for (std::size_t i = 0; i < count; ++i) {
        PreviewCarSetup s;
        s.vehicle = vehicles[i % std::size(vehicles)];
        s.follower = followers[(i / std::size(vehicles)) % std::size(followers)];
        field.push_back(s);
    }
    return field;
}

bool savePreviewScreenshot(PreviewWidget& widget, QSize size, const std::filesystem::path& path, QString* error) {
    if (!widget.sceneErrors().isEmpty()) {
        if (error) *error = QStringLiteral("the preview scene did not load: ") + widget.sceneErrors();
        return false;
    }
    widget.resize(size);
    widget.show();
    // The scene renders when something changes; give it a moment after showing, then grab (which
    // renders once more). Waiting for a count of frames would hang on a still scene.
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < 600) QApplication::processEvents(QEventLoop::AllEvents, 50);
    widget.grabScene();
    return writePngFile(widget.grab().toImage(), path, error);
}

bool writePngFile(const QImage& image, const std::filesystem::path& path, QString* error) {
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    if (!image.save(&buffer, "PNG")) {
        if (error) *error = QStringLiteral("cannot encode the screenshot as PNG");
        return false;
    }
    std::string why;
    if (!formats::writeOutputFile(path, std::string_view(png.constData(), static_cast<std::size_t>(png.size())), why)) {
        if (error) *error = QString::fromStdString(why);
        return false;
    }
    return true;
}

} // namespace editor::preview
