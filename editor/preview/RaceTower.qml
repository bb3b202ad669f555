// The positions tower of a race, leader first, as a broadcast shows it: the place, the car's number
// on its colour, the gap to the leader in seconds (or laps down), the laps done and a chequered
// flag once the car has finished. The car the camera follows is highlighted; clicking a line
// follows that car with the chase camera. Reads `preview.race` (editor::preview::RaceBroadcast).
import QtQuick

Rectangle {
    id: tower
    objectName: "raceTower"

    // Lines shrink (to 16 px) before the tower outgrows the room it is given.
    property real availableHeight: 600
    readonly property int count: lines.count
    readonly property real lineHeight: Math.max(16, Math.min(26, (availableHeight - header.height - 8) / Math.max(1, count)))

    width: 246
    height: header.height + count * lineHeight + 6
    radius: 4
    color: "#d0101418"

    Rectangle {
        id: header
        width: parent.width
        height: 30
        radius: 4
        color: "#e01c222b"
        Text {
            anchors { left: parent.left; leftMargin: 10; verticalCenter: parent.verticalCenter }
            text: preview.race.clock
            color: "white"
            font { pixelSize: 15; bold: true }
        }
    }

    Column {
        y: header.height + 3
        width: parent.width
        Repeater {
            id: lines
            model: preview.race.tower
            delegate: Rectangle {
                objectName: "towerLine"
                property int car: model.car
                width: tower.width
                height: tower.lineHeight
                color: model.selected ? "#e0455a7a" : (index % 2 ? "#00000000" : "#18ffffff")
                readonly property real fontSize: Math.max(11, tower.lineHeight * 0.58)

                Rectangle {
                    // The followed car's line is marked at its edge too, as a broadcast marks the car on camera.
                    visible: model.selected
                    width: 3
                    height: parent.height
                    color: "#ffd54f"
                }

                Text {
                    // The place.
                    x: 4
                    width: 24
                    anchors.verticalCenter: parent.verticalCenter
                    horizontalAlignment: Text.AlignRight
                    text: model.position
                    color: "white"
                    font { pixelSize: fontSize; bold: true }
                }
                Rectangle {
                    // The car's number on its colour.
                    id: badge
                    x: 34
                    width: 38
                    height: parent.height - 4
                    anchors.verticalCenter: parent.verticalCenter
                    radius: 3
                    color: model.colour
                    Text {
                        anchors.centerIn: parent
                        text: model.number
                        // Dark on light colours, white on dark ones.
                        color: (model.colour.r * 0.3 + model.colour.g * 0.59 + model.colour.b * 0.11) > 0.6 ? "#101010" : "white"
                        font { pixelSize: fontSize; bold: true }
                    }
                }
                Text {
                    // The gap to the leader.
                    x: badge.x + badge.width + 6
                    width: 92
                    anchors.verticalCenter: parent.verticalCenter
                    horizontalAlignment: Text.AlignRight
                    text: model.gap
                    color: index === 0 ? "#ffd54f" : "white"
                    font { pixelSize: fontSize; family: "monospace" }
                }
                Text {
                    // Laps done of the race's.
                    x: badge.x + badge.width + 102
                    width: 36
                    anchors.verticalCenter: parent.verticalCenter
                    horizontalAlignment: Text.AlignRight
                    text: model.laps + "/" + preview.race.laps
                    color: "#b0bec5"
                    font.pixelSize: fontSize * 0.9
                }
                Grid {
                    // The chequered flag.
                    objectName: "finishFlag"
                    visible: model.finished
                    anchors { right: parent.right; rightMargin: 6; verticalCenter: parent.verticalCenter }
                    columns: 4
                    Repeater {
                        model: 12
                        Rectangle {
                            width: 4
                            height: 4
                            color: (index + Math.floor(index / 4)) % 2 ? "black" : "white"
                        }
                    }
                }
                MouseArea {
                    anchors.fill: parent
                    onClicked: preview.followCar(parent.car)
                }
            }
        }
    }
}
