#include "editor/preview/preview_widget.h"
#include "editor/preview/keyboard_driver.h"

#include "editor/preview/mesh_geometry.h"
#include "editor/preview/preview_panel.h"

#include <QHBoxLayout>
#include <QQmlContext>
#include <QQmlError>
#include <QQuickWidget>
#include <QShortcut>
#include <QSplitter>
#include <QtQml/qqml.h>

namespace editor::preview {
namespace {

void registerSceneTypes() {
    static const bool registered = [] {
        qmlRegisterType<MeshGeometry>("Trackwright.Preview", 1, 0, "MeshGeometry");
        return true;
    }();
    (void)registered;
}

} // namespace

PreviewWidget::PreviewWidget(QWidget* parent) : QWidget(parent) {
    registerSceneTypes();
    m_view = new QQuickWidget(this);
    m_view->setResizeMode(QQuickWidget::SizeRootObjectToView);
    m_view->setMinimumSize(320, 240);
    m_view->rootContext()->setContextProperty(QStringLiteral("preview"), &m_controller);
    m_view->setSource(QUrl(QStringLiteral("qrc:/trackwright/preview/preview.qml")));
    for (const QQmlError& e : m_view->errors()) m_sceneErrors += e.toString() + QLatin1Char('\n');

    m_panel = new PreviewPanel(&m_controller, this);
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_view);
    splitter->addWidget(m_panel);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    // Driving: the keys go to the scene, which takes the focus when the designer takes the wheel.
    m_view->installEventFilter(m_controller.keyboard());
    connect(&m_controller, &PreviewController::drivingChanged, this, [this](bool on) {
        if (on) m_view->setFocus(Qt::OtherFocusReason);
    });

    // Cycle the car the HUD and chase camera follow: down the running order in a race.
    auto* next = new QShortcut(QKeySequence(Qt::Key_N), this, [this] { m_controller.selectNextCar(1); });
    auto* previous = new QShortcut(QKeySequence(Qt::SHIFT | Qt::Key_N), this, [this] { m_controller.selectNextCar(-1); });
    next->setContext(Qt::WidgetWithChildrenShortcut);
    previous->setContext(Qt::WidgetWithChildrenShortcut);
}

PreviewWidget::~PreviewWidget() {
    // The scene reads the controller to the end: it goes first, while the controller still lives.
    delete m_view;
    m_view = nullptr;
}

QImage PreviewWidget::grabScene() { return m_view->grabFramebuffer(); }

} // namespace editor::preview
