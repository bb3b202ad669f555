#pragma once

#include <QKeySequence>
#include <QString>

class QKeyEvent;
class QMouseEvent;
class QPainter;

namespace editor {

class TrackCanvas;

/// One of the canvas's tools (Select, Add Node, Sketch …), as tiled's AbstractTool: the manager
/// (tool_manager.h) hands it the canvas's left-button presses, moves and releases, key presses
/// and a paint over the track while it is the current tool. Every change it makes is an undo
/// command on the canvas's document. A tool keeps its own gesture state; `reset` drops it.
class CanvasTool {
public:
    explicit CanvasTool(TrackCanvas& canvas) : m_canvas(canvas) {}
    virtual ~CanvasTool() = default;
    CanvasTool(const CanvasTool&) = delete;
    CanvasTool& operator=(const CanvasTool&) = delete;

    /// Stable name, for the action's object name ("tool-sketch") and settings.
    virtual QString id() const = 0;
    /// The tool bar's text, with its mnemonic ("S&ketch").
    virtual QString text() const = 0;
    virtual QKeySequence shortcut() const = 0;
    /// What the tool does, for its tooltip.
    virtual QString description() const = 0;
    /// What to do first, shown in the status bar when the tool is picked.
    virtual QString hint() const = 0;

    /// The left button went down on an editable canvas; true when the tool took the press.
    virtual bool press(QMouseEvent* event) = 0;
    /// The mouse moved (any buttons; tools ignore moves outside their own gestures).
    virtual void move(QMouseEvent* event) { (void)event; }
    /// The left button came up.
    virtual void release(QMouseEvent* event) { (void)event; }
    virtual void doubleClick(QMouseEvent* event) { (void)event; }
    /// A key while the canvas has focus; true when the tool used it (the canvas's own keys then
    /// do not see it).
    virtual bool key(QKeyEvent* event) {
        (void)event;
        return false;
    }
    /// Draws the tool's handles and feedback over the track, in screen pixels.
    virtual void paint(QPainter& painter) const { (void)painter; }
    /// A drag is under way (the canvas leaves its hover feedback alone meanwhile).
    virtual bool dragging() const { return false; }
    /// Forgets every gesture and session under way: another tool was picked, or another document
    /// opened (nothing of the last track's tools may carry over into the next).
    virtual void reset() {}

protected:
    TrackCanvas& m_canvas;
};

} // namespace editor
