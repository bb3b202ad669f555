#pragma once

// A main window driven as a designer drives it: real mouse events on the canvas, the menus'
// actions by name. The fixture the editing tests share.
#include "editor/document/editor_document.h"
#include "editor/main_window.h"
#include "editor/tools/measure_tool.h"
#include "editor/tools/select_tool.h"
#include "editor/tools/sketch_tool.h"
#include "editor/tools/tool_manager.h"
#include "editor/canvas/track_canvas.h"

#include "formats/source/track_json.h"
#include "formats/validate/validate.h"

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QMouseEvent>
#include <QTemporaryDir>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <memory>

namespace tw::test {

class CanvasSession : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(dir.isValid());
        window = std::make_unique<editor::MainWindow>(nullptr, dir.filePath("recovery"));
        window->resize(1200, 800);
        window->show();
        QApplication::processEvents();
    }
    editor::TrackCanvas* canvas() { return window->canvas(); }
    const formats::TrackDocument& track() { return *window->document(); }
    QUndoStack* undo() { return window->editorDocument()->undoStack(); }
    /// Picks a tool by its id ("select", "sketch" …) from its tool-bar action, as a click would.
    void tool(const char* id) {
        QAction* a = window->findChild<QAction*>(QStringLiteral("tool-%1").arg(id));
        ASSERT_NE(a, nullptr) << id;
        a->trigger();
    }
    void action(const char* name) {
        QAction* a = window->findChild<QAction*>(name);
        ASSERT_NE(a, nullptr) << name;
        a->trigger();
    }
    void mouse(QEvent::Type type, QPointF at, Qt::MouseButtons buttons, Qt::KeyboardModifiers modifiers = Qt::NoModifier) {
        QMouseEvent event(type, at, canvas()->mapToGlobal(at), type == QEvent::MouseMove ? Qt::NoButton : Qt::LeftButton, buttons, modifiers);
        QApplication::sendEvent(canvas(), &event);
    }
    void click(QPointF at) {
        mouse(QEvent::MouseButtonPress, at, Qt::LeftButton);
        mouse(QEvent::MouseButtonRelease, at, Qt::NoButton);
    }
    void drag(QPointF from, QPointF to, int steps = 8) {
        mouse(QEvent::MouseButtonPress, from, Qt::LeftButton);
        for (int i = 1; i <= steps; ++i) mouse(QEvent::MouseMove, from + (to - from) * (double(i) / steps), Qt::LeftButton);
        mouse(QEvent::MouseButtonRelease, to, Qt::NoButton);
    }
    bool hasErrors() { return formats::hasErrors(formats::validate(track())); }
    /// Writes `doc` into the session's folder as `name` and opens it as a designer would.
    void openDocument(const formats::TrackDocument& doc, const QString& name = QStringLiteral("track.twtrack")) {
        const QString path = dir.filePath(name);
        QFile file(path);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write(QByteArray::fromStdString(formats::writeTrackJson(doc)));
        file.close();
        ASSERT_TRUE(window->openFile(path));
    }

    QTemporaryDir dir;
    std::unique_ptr<editor::MainWindow> window;
};

} // namespace tw::test
