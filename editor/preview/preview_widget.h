#pragma once

#include "editor/preview/preview_controller.h"

#include <QImage>
#include <QWidget>

class QQuickWidget;

namespace editor::preview {

class PreviewPanel;

/// The preview as a widget the editor docks: the Qt Quick 3D scene (in a QQuickWidget, so window
/// grabs include it) beside the panel of cars, transport controls and live metrics. N and Shift+N
/// select the next and the previous car (in a race, down and up the running order).
class PreviewWidget : public QWidget {
    Q_OBJECT
public:
    explicit PreviewWidget(QWidget* parent = nullptr);
    ~PreviewWidget() override;

    PreviewController* controller() { return &m_controller; }
    PreviewPanel* panel() { return m_panel; }
    QQuickWidget* sceneView() { return m_view; }
    /// Empty when the scene loaded; otherwise the QML errors.
    QString sceneErrors() const { return m_sceneErrors; }
    /// The 3D scene as rendered now (renders first).
    QImage grabScene();

private:
    PreviewController m_controller;
    QQuickWidget* m_view = nullptr;
    PreviewPanel* m_panel = nullptr;
    QString m_sceneErrors;
};

} // namespace editor::preview
