// One AI car of the preview, in its own frame (nose along +x, y up): a box body the car's size, a
// lighter cabin on top that shows which way it faces, and a beacon over it when it is selected.
// Seen from the orbit and top-down cameras its roof is its colour unlit, the colour the tower and
// the car table give it whatever the light, and the whole car is drawn `markerScale` times its
// size: larger than life only as far as it takes to show from afar, its true size once it is large
// enough as it is (preview.qml's enlargement), so it reads as a car at every zoom. Every part a
// click can hit is named "car" and carries the car's index, which is how preview.qml's TapHandler
// tells which car was picked.
import QtQuick
import QtQuick3D

Node {
    id: car
    objectName: "carModel"

    property int carIndex: -1
    property vector3d size: Qt.vector3d(4, 1.4, 1.8)   // m: length, height, width
    property color colour: "white"
    property bool selected: false
    property real markerScale: 1                      // 1: true size; larger from afar (preview.qml)
    property bool seenFromAbove: true                 // coloured roof and beacon only for the orbit and top-down cameras

    scale: Qt.vector3d(markerScale, markerScale, markerScale)

    Model {
        // Body.
        objectName: "car"
        property int carIndex: car.carIndex
        pickable: true
        source: "#Cube"
        position: Qt.vector3d(0, car.size.y / 2, 0)
        scale: Qt.vector3d(car.size.x / 100, car.size.y / 100, car.size.z / 100)
        materials: DefaultMaterial { diffuseColor: car.colour }
    }
    Model {
        // Roof: 5 cm of the car's colour, unlit, on the body.
        objectName: "car"
        property int carIndex: car.carIndex
        pickable: true
        visible: car.seenFromAbove
        source: "#Cube"
        position: Qt.vector3d(0, car.size.y + 0.025, 0)
        scale: Qt.vector3d(car.size.x / 100, 0.0005, car.size.z / 100)
        materials: DefaultMaterial { diffuseColor: car.colour; lighting: DefaultMaterial.NoLighting }
    }
    Model {
        // Cabin, set back from the nose.
        objectName: "car"
        property int carIndex: car.carIndex
        pickable: true
        source: "#Cube"
        position: Qt.vector3d(-car.size.x * 0.1, car.size.y * 1.15, 0)
        scale: Qt.vector3d(car.size.x * 0.45 / 100, car.size.y * 0.5 / 100, car.size.z * 0.8 / 100)
        materials: DefaultMaterial { diffuseColor: Qt.lighter(car.colour, 1.6) }
    }
    Model {
        // A beacon over the selected car: a 3 m cone pointing down at it.
        visible: car.selected && car.seenFromAbove
        source: "#Cone"
        position: Qt.vector3d(0, car.size.y * 2 + 5, 0)
        eulerRotation.x: 180
        scale: Qt.vector3d(0.03, 0.03, 0.03)
        materials: DefaultMaterial { diffuseColor: "#ffe000"; lighting: DefaultMaterial.NoLighting }
    }
}
