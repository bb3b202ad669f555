// The positions tower of a race, leader first, as a broadcast shows it: the place, the car's number
// on its colour, the driver's name (a roster's, else "Car N"), the gap to the leader in seconds (or
// laps down), the last and the best lap (the race's fastest in purple), the driver's mistakes and a
// chequered flag once the car has finished. The car the camera follows is highlighted; clicking a
// line follows that car with the chase camera. Reads `preview.race` (editor::preview::RaceBroadcast).
import QtQuick

Rectangle {
    id: tower
    objectName: "raceTower"

    // Lines shrink (to 16 px) before the tower outgrows the room it is given.
    property real availableHeight: 600
    readonly property int count: lines.count
    readonly property real lineHeight: Math.max(16, Math.min(26, (availableHeight - header.height - 8) / Math.max(1, count)))
    readonly property color mistakeColour: "#ffa726"
    readonly property color fastestColour: "#ce93d8"

    // The columns, left to right.
    readonly property real placeX: 4
    readonly property real badgeX: 30
    readonly property real nameX: 66
    readonly property real nameWidth: 116
    readonly property real gapX: nameX + nameWidth + 2
    readonly property real gapWidth: 66
    readonly property real lastX: gapX + gapWidth + 4
    readonly property real lapWidth: 56
    readonly property real bestX: lastX + lapWidth + 4
    readonly property real mistakesX: bestX + lapWidth + 4
    readonly property real mistakesWidth: 26

    width: mistakesX + mistakesWidth + 32
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
        // The columns' captions over the figures.
        Text { x: tower.gapX; width: tower.gapWidth; anchors.bottom: parent.bottom; anchors.bottomMargin: 2; horizontalAlignment: Text.AlignRight; text: qsTr("gap"); color: "#90a4ae"; font.pixelSize: 10 }
        Text { x: tower.lastX; width: tower.lapWidth; anchors.bottom: parent.bottom; anchors.bottomMargin: 2; horizontalAlignment: Text.AlignRight; text: qsTr("last"); color: "#90a4ae"; font.pixelSize: 10 }
        Text { x: tower.bestX; width: tower.lapWidth; anchors.bottom: parent.bottom; anchors.bottomMargin: 2; horizontalAlignment: Text.AlignRight; text: qsTr("best"); color: "#90a4ae"; font.pixelSize: 10 }
        MistakeMark {
            // The mistakes column's caption: the timeline's mark for one.
            x: tower.mistakesX + tower.mistakesWidth - width
            anchors.bottom: parent.bottom
            anchors.bottomMargin: 4
            size: 8
            colour: tower.mistakeColour
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
                readonly property real fontSize: Math.max(11, tower.lineHeight * 0.54)

                Rectangle {
                    // The followed car's line is marked at its edge too, as a broadcast marks the car on camera.
                    visible: model.selected
                    width: 3
                    height: parent.height
                    color: "#ffd54f"
                }

                Text {
                    // The place.
                    x: tower.placeX
                    width: 22
                    anchors.verticalCenter: parent.verticalCenter
                    horizontalAlignment: Text.AlignRight
                    text: model.position
                    color: "white"
                    font { pixelSize: fontSize; bold: true }
                }
                Rectangle {
                    // The car's number on its colour.
                    x: tower.badgeX
                    width: 30
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
                    // The driver.
                    objectName: "towerName"
                    x: tower.nameX
                    width: tower.nameWidth
                    anchors.verticalCenter: parent.verticalCenter
                    text: model.name
                    elide: Text.ElideRight
                    color: "white"
                    font.pixelSize: fontSize
                }
                Text {
                    // The gap to the leader.
                    x: tower.gapX
                    width: tower.gapWidth
                    anchors.verticalCenter: parent.verticalCenter
                    horizontalAlignment: Text.AlignRight
                    text: model.gap
                    color: index === 0 ? "#ffd54f" : "white"
                    font { pixelSize: fontSize * 0.92; family: "monospace" }
                }
                Text {
                    // The last lap.
                    objectName: "towerLastLap"
                    x: tower.lastX
                    width: tower.lapWidth
                    anchors.verticalCenter: parent.verticalCenter
                    horizontalAlignment: Text.AlignRight
                    text: model.lastLap
                    color: "#cfd8dc"
                    font { pixelSize: fontSize * 0.92; family: "monospace" }
                }
                Text {
                    // The best lap, the race's fastest in purple.
                    objectName: "towerBestLap"
                    x: tower.bestX
                    width: tower.lapWidth
                    anchors.verticalCenter: parent.verticalCenter
                    horizontalAlignment: Text.AlignRight
                    text: model.bestLap
                    color: model.fastestLap ? tower.fastestColour : "#cfd8dc"
                    font { pixelSize: fontSize * 0.92; family: "monospace"; bold: model.fastestLap }
                }
                Row {
                    // The driver's mistakes, none shown as nothing.
                    visible: model.mistakes > 0
                    x: tower.mistakesX + tower.mistakesWidth - width
                    anchors.verticalCenter: parent.verticalCenter
                    spacing: 2
                    Text {
                        text: model.mistakes
                        color: tower.mistakeColour
                        font { pixelSize: fontSize * 0.9; bold: true }
                        anchors.verticalCenter: parent.verticalCenter
                    }
                    MistakeMark { size: 7; colour: tower.mistakeColour; anchors.verticalCenter: parent.verticalCenter }
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
