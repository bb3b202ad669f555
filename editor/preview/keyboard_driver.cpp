#include "editor/preview/keyboard_driver.h"

#include <QEvent>
#include <QKeyEvent>

#include <algorithm>

namespace editor::preview {

void KeyboardDriver::setEnabled(bool on) {
    m_enabled = on;
    m_up = m_down = m_left = m_right = m_handbrake = false;
    m_steering = 0.0;
}

namespace {

bool isDrivingKey(int key) {
    switch (key) {
    case Qt::Key_Up: case Qt::Key_W: case Qt::Key_Down: case Qt::Key_S: case Qt::Key_Left: case Qt::Key_A:
    case Qt::Key_Right: case Qt::Key_D: case Qt::Key_Space: return true;
    default: return false;
    }
}

} // namespace

bool KeyboardDriver::eventFilter(QObject* watched, QEvent* event) {
    if (!m_enabled) return QObject::eventFilter(watched, event);
    if (event->type() == QEvent::ShortcutOverride) {
        // Claimed before the window's shortcuts see them: S is Select, A Add Node, Space Play.
        auto* key = static_cast<QKeyEvent*>(event);
        if (key->modifiers() == Qt::NoModifier && isDrivingKey(key->key())) {
            key->accept();
            return true;
        }
        return QObject::eventFilter(watched, event);
    }
    if (event->type() != QEvent::KeyPress && event->type() != QEvent::KeyRelease) return QObject::eventFilter(watched, event);
    const auto* key = static_cast<QKeyEvent*>(event);
    if (key->isAutoRepeat()) return isDrivingKey(key->key()) || QObject::eventFilter(watched, event);
    const bool down = event->type() == QEvent::KeyPress;
    switch (key->key()) {
    case Qt::Key_Up:
    case Qt::Key_W: m_up = down; break;
    case Qt::Key_Down:
    case Qt::Key_S: m_down = down; break;
    case Qt::Key_Left:
    case Qt::Key_A: m_left = down; break;
    case Qt::Key_Right:
    case Qt::Key_D: m_right = down; break;
    case Qt::Key_Space: m_handbrake = down; break;
    default: return QObject::eventFilter(watched, event);
    }
    return true;  // the scene's own keys (camera, car selection) do not drive too
}

trackwright::Controls KeyboardDriver::controls(double dt) {
    const double wanted = (m_left ? 1.0 : 0.0) - (m_right ? 1.0 : 0.0);
    const double rate = wanted == 0.0 || wanted * m_steering < 0.0 ? 1.0 / kSecondsToCentre : 1.0 / kSecondsToFullLock;
    const double step = rate * dt;
    m_steering = m_steering < wanted ? std::min(wanted, m_steering + step) : std::max(wanted, m_steering - step);
    trackwright::Controls c;
    c.steering = static_cast<float>(m_steering);
    c.throttle = static_cast<float>((m_up ? 1.0 : 0.0) - (m_down ? 1.0 : 0.0));
    c.handbrake = m_handbrake;
    return c;
}

} // namespace editor::preview
