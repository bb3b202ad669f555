// The race's timeline under the view: the clock, the race so far along a bar scaled to the race's
// expected length, a tick above the bar per pass for position, a red one below it per contact and
// an orange diamond on it per driver's mistake. Hovering a mark says what happened ("Ana Ortiz:
// lock-up · 41.234"); clicking it follows the car that made it with the chase camera. Reads
// `preview.race` (editor::preview::RaceBroadcast).
import QtQuick
import QtQuick.Controls

Rectangle {
    id: timeline
    objectName: "raceTimeline"

    readonly property color overtakeColour: "#4fc3f7"
    readonly property color contactColour: "#ff1744"
    readonly property color mistakeColour: "#ffa726"

    height: 62
    color: "#1a1f27"

    Text {
        id: clock
        x: 12
        y: 8
        text: preview.race.clock
        color: "white"
        font { pixelSize: 16; bold: true }
    }
    Text {
        id: summary
        x: 12
        anchors { top: clock.bottom; topMargin: 4 }
        text: preview.race.summary
        color: "#b0bec5"
        font.pixelSize: 12
    }
    Row {
        // The legend.
        anchors { right: parent.right; rightMargin: 12; top: parent.top; topMargin: 6 }
        spacing: 12
        Row {
            spacing: 4
            Rectangle { width: 3; height: 12; color: timeline.overtakeColour; anchors.verticalCenter: parent.verticalCenter }
            Text { text: qsTr("overtake"); color: "#b0bec5"; font.pixelSize: 12 }
        }
        Row {
            spacing: 4
            Rectangle { width: 3; height: 12; color: timeline.contactColour; anchors.verticalCenter: parent.verticalCenter }
            Text { text: qsTr("contact"); color: "#b0bec5"; font.pixelSize: 12 }
        }
        Row {
            spacing: 4
            MistakeMark { size: 10; colour: timeline.mistakeColour; anchors.verticalCenter: parent.verticalCenter }
            Text { text: qsTr("mistake"); color: "#b0bec5"; font.pixelSize: 12 }
        }
    }

    Item {
        id: bar
        objectName: "timelineBar"
        // Clear of the clock and the summary ("12 overtakes · 3 contacts · 5 mistakes").
        x: Math.max(230, summary.x + summary.implicitWidth + 20)
        width: Math.max(10, parent.width - x - 16)
        y: 22
        height: 36
        Rectangle {
            // The whole race.
            width: parent.width
            height: 4
            anchors.verticalCenter: parent.verticalCenter
            radius: 2
            color: "#37474f"
        }
        Rectangle {
            // The race so far.
            width: parent.width * Math.min(1, preview.race.time / preview.race.duration)
            height: 4
            anchors.verticalCenter: parent.verticalCenter
            radius: 2
            color: "#90a4ae"
        }
        Repeater {
            objectName: "timelineTicks"
            model: preview.race.events
            delegate: Item {
                objectName: "timelineTick"
                property int car: model.car
                property string kind: model.kind
                readonly property bool mistake: kind === "mistake"
                // A pass above the bar, a contact below it, a mistake on it.
                x: bar.width * model.time / preview.race.duration - width / 2
                y: mistake ? (bar.height - height) / 2 : kind === "contact" ? bar.height / 2 + 3 : 0
                width: mistake ? 11 : 3
                height: mistake ? 11 : bar.height / 2 - 3
                z: mistake ? 1 : 0
                Rectangle {
                    visible: !parent.mistake
                    anchors.fill: parent
                    color: parent.kind === "contact" ? timeline.contactColour : timeline.overtakeColour
                }
                MistakeMark {
                    visible: parent.mistake
                    anchors.fill: parent
                    size: parent.width
                    colour: timeline.mistakeColour
                }
                MouseArea {
                    // Wider than the tick, so a 3 px line is easy to hit.
                    id: tickArea
                    anchors { fill: parent; leftMargin: -3; rightMargin: -3 }
                    hoverEnabled: true
                    onClicked: preview.followCar(parent.car)
                }
                ToolTip.visible: tickArea.containsMouse
                ToolTip.text: model.label
            }
        }
    }
}
