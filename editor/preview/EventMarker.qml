// A race event on the track where it happened: a pin over the spot, cyan for a pass for position,
// red for a contact, and for a driver's mistake an orange diamond (the timeline's mark for one),
// fading out over `life` seconds. Seen from above (orbit and top-down
// cameras, `size` grown from afar as the cars are) a see-through halo on the road rings it, so a marker
// never reads as one more car; the chase camera, close to the road, shows the pin alone, just
// above a car's roof. In the scene frame.
import QtQuick
import QtQuick3D

Node {
    id: marker

    property string kind: "pass"  // "pass", "contact" or "mistake" (RaceEventModel's kind)
    property real age: 0          // s since the event
    property real life: 10        // s it shows
    property real size: 1
    property bool fromAbove: true
    readonly property bool mistake: kind === "mistake"
    readonly property color colour: kind === "contact" ? "#ff1744" : mistake ? "#ffa726" : "#4fc3f7"

    visible: age >= 0 && age < life
    opacity: 1 - age / life

    Model {
        // The pin: an upside-down cone, its tip 2.4 m over the spot (a car is 1.3 m tall), 1.2 m long.
        visible: !marker.mistake
        source: "#Cone"
        position: Qt.vector3d(0, 3.0 * marker.size, 0)
        eulerRotation.x: 180
        scale: Qt.vector3d(0.007 * marker.size, 0.012 * marker.size, 0.007 * marker.size)
        materials: DefaultMaterial { diffuseColor: marker.colour; lighting: DefaultMaterial.NoLighting }
    }
    Model {
        // A mistake's pin: a cube on its corner, 1.2 m tall, its lower tip 2.4 m over the spot; from
        // above 2.6 m tall (as a selected car's beacon), so it reads as a diamond over its halo.
        readonly property real side: marker.size * (marker.fromAbove ? 0.015 : 0.007)
        visible: marker.mistake
        source: "#Cube"
        position: Qt.vector3d(0, 2.4 * marker.size + 86.6 * side, 0)
        eulerRotation: Qt.vector3d(45, 0, 35.26)
        scale: Qt.vector3d(side, side, side)
        materials: DefaultMaterial { diffuseColor: marker.colour; lighting: DefaultMaterial.NoLighting }
    }
    Model {
        // The halo: 6 m across (times size).
        visible: marker.fromAbove
        source: "#Cylinder"
        position: Qt.vector3d(0, 0.15, 0)
        scale: Qt.vector3d(0.06 * marker.size, 0.001, 0.06 * marker.size)
        opacity: 0.45
        materials: DefaultMaterial { diffuseColor: marker.colour; lighting: DefaultMaterial.NoLighting }
    }
}
