#pragma once

#include "trackwright/vehicle/vehicle_state.h"

#include <QObject>

namespace editor::preview {

/// The keys a designer drives a preview car with, as keyboard racers map them: Up or W throttle,
/// Down or S brake (then reverse once stopped), Left/A and Right/D steer, Space the handbrake.
/// Steering is eased as a keyboard racer eases a digital key: full lock in 0.4 s, back to the
/// centre in 0.25 s, so a tap is a small correction, not a full-lock jerk. An event filter on the
/// view with the keyboard focus; it takes the keys only while enabled.
class KeyboardDriver : public QObject {
    Q_OBJECT

public:
    using QObject::QObject;

    void setEnabled(bool on);
    bool enabled() const { return m_enabled; }
    /// The controls for the next `dt` seconds (the steering moves toward the keys' side).
    trackwright::Controls controls(double dt);

    static constexpr double kSecondsToFullLock = 0.4;
    static constexpr double kSecondsToCentre = 0.25;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    bool m_enabled = false;
    bool m_up = false, m_down = false, m_left = false, m_right = false, m_handbrake = false;
    double m_steering = 0.0;
};

} // namespace editor::preview
