// One AI car of the preview, in its own frame (nose along +x, y up): a box body the car's size, a
// lighter cabin on top that shows which way it faces, a marker in its colour over it and a beacon
// when it is selected. Every part a click can hit is named "car" and carries the car's index, which
// is how preview.qml's TapHandler tells which car was picked.
import QtQuick
import QtQuick3D

Node {
    id: car

    property int carIndex: -1
    property vector3d size: Qt.vector3d(4, 1.4, 1.8)   // m: length, height, width
    property color colour: "white"
    property bool selected: false
    property real markerScale: 1                      // grows with the track (PreviewController::markerScale)
    property bool seenFromAbove: true                 // markers and beacon only for the orbit and top-down cameras

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
        // A marker in the car's colour over it, sized with the track so a car on a 5 km circuit
        // still shows from the orbit and top-down cameras.
        objectName: "car"
        property int carIndex: car.carIndex
        pickable: true
        visible: car.seenFromAbove
        source: "#Sphere"
        position: Qt.vector3d(0, car.size.y * 2 + 2 * car.markerScale, 0)
        scale: Qt.vector3d(0.025 * car.markerScale, 0.025 * car.markerScale, 0.025 * car.markerScale)
        materials: DefaultMaterial { diffuseColor: car.colour; lighting: DefaultMaterial.NoLighting }
    }
    Model {
        // A beacon over the selected car.
        visible: car.selected && car.seenFromAbove
        source: "#Cone"
        position: Qt.vector3d(0, car.size.y * 2 + 5 * car.markerScale, 0)
        eulerRotation.x: 180
        scale: Qt.vector3d(0.03 * car.markerScale, 0.03 * car.markerScale, 0.03 * car.markerScale)
        materials: DefaultMaterial { diffuseColor: "#ffe000"; lighting: DefaultMaterial.NoLighting }
    }
}
