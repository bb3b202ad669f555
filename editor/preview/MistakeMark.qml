// A driver's mistake as the race overlays mark it: a diamond (a square on its corner), `size` px
// across, so it reads apart from a pass's and a contact's upright ticks. Used by the timeline, the
// tower and the results.
import QtQuick

Item {
    id: mark
    property real size: 9
    property color colour: "#ffa726"
    width: size
    height: size
    Rectangle {
        anchors.centerIn: parent
        width: mark.size / Math.SQRT2
        height: width
        rotation: 45
        antialiasing: true
        color: mark.colour
    }
}
