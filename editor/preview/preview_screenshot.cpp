#include "editor/preview/preview_screenshot.h"

#include "editor/preview/preview_widget.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QPixmap>
#include <QQuickWidget>
#include <QSaveFile>

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

bool savePreviewScreenshot(PreviewWidget& widget, QSize size, const QString& path, QString* error) {
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
    const QPixmap pixels = widget.grab();
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || !pixels.save(&file, "PNG") || !file.commit()) {
        if (error) *error = QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace editor::preview
