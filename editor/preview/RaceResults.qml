// The results once a race is over: the finishing order with each car's driver, gap to the winner,
// last and best lap (the race's fastest in purple), contacts (those it caused in brackets) and its
// driver's mistakes. Clicking it puts it away. Reads `preview.race`.
import QtQuick

Rectangle {
    id: results
    objectName: "raceResults"

    readonly property int lineHeight: 22
    property bool dismissed: false
    width: 672
    height: title.height + 30 + list.count * lineHeight + 16
    radius: 6
    color: "#e0101418"
    border.color: "#ffd54f"

    Text {
        id: title
        x: 16
        y: 10
        text: qsTr("Results · %1").arg(preview.race.summary)
        color: "#ffd54f"
        font { pixelSize: 17; bold: true }
    }
    Row {
        id: heading
        x: 16
        anchors { top: title.bottom; topMargin: 6 }
        Text { width: 40; text: qsTr("P"); color: "#90a4ae"; font.pixelSize: 12 }
        Text { width: 44; text: qsTr("Car"); color: "#90a4ae"; font.pixelSize: 12 }
        Text { width: 140; text: qsTr("Driver"); color: "#90a4ae"; font.pixelSize: 12 }
        Text { width: 96; text: qsTr("Gap"); color: "#90a4ae"; font.pixelSize: 12; horizontalAlignment: Text.AlignRight }
        Text { width: 90; text: qsTr("Last lap"); color: "#90a4ae"; font.pixelSize: 12; horizontalAlignment: Text.AlignRight }
        Text { width: 90; text: qsTr("Best lap"); color: "#90a4ae"; font.pixelSize: 12; horizontalAlignment: Text.AlignRight }
        Text { width: 70; text: qsTr("Contacts"); color: "#90a4ae"; font.pixelSize: 12; horizontalAlignment: Text.AlignRight }
        Text { width: 66; text: qsTr("Mistakes"); color: "#90a4ae"; font.pixelSize: 12; horizontalAlignment: Text.AlignRight }
    }
    Column {
        x: 16
        anchors { top: heading.bottom; topMargin: 4 }
        Repeater {
            id: list
            model: preview.race.tower
            delegate: Row {
                objectName: "resultLine"
                height: results.lineHeight
                Text { width: 40; text: model.finished ? model.position : qsTr("DNF"); color: "white"; font { pixelSize: 14; bold: true } }
                Item {
                    width: 44
                    height: parent.height
                    Rectangle { width: 34; height: parent.height - 4; radius: 3; color: model.colour }
                    Text {
                        width: 34
                        height: parent.height - 4
                        horizontalAlignment: Text.AlignHCenter
                        verticalAlignment: Text.AlignVCenter
                        text: model.number
                        color: (model.colour.r * 0.3 + model.colour.g * 0.59 + model.colour.b * 0.11) > 0.6 ? "#101010" : "white"
                        font { pixelSize: 13; bold: true }
                    }
                }
                Text { width: 140; text: model.name; elide: Text.ElideRight; color: "white"; font.pixelSize: 14 }
                Text { width: 96; text: model.position === 1 ? qsTr("Winner") : model.gap; color: "white"; font { pixelSize: 14; family: "monospace" } horizontalAlignment: Text.AlignRight }
                Text { width: 90; text: model.lastLap; color: "white"; font { pixelSize: 14; family: "monospace" } horizontalAlignment: Text.AlignRight }
                Text {
                    width: 90
                    text: model.bestLap
                    color: model.fastestLap ? "#ce93d8" : "white"
                    font { pixelSize: 14; family: "monospace"; bold: model.fastestLap }
                    horizontalAlignment: Text.AlignRight
                }
                Text {
                    width: 70
                    text: model.blamed > 0 ? model.contacts + " (" + model.blamed + ")" : model.contacts
                    color: model.contacts > 0 ? "#ff8a80" : "white"
                    font.pixelSize: 14
                    horizontalAlignment: Text.AlignRight
                }
                Text {
                    width: 66
                    text: model.mistakes
                    color: model.mistakes > 0 ? "#ffa726" : "white"
                    font.pixelSize: 14
                    horizontalAlignment: Text.AlignRight
                }
            }
        }
    }
    TapHandler { onTapped: results.dismissed = true }
}
