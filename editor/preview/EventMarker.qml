// A race event on the track where it happened: a pin over the spot, cyan for a pass for position
// and red for a contact, fading out over `life` seconds. Seen from above (orbit and top-down
// cameras, `size` grown from afar as the cars are) a see-through halo on the road rings it, so a marker
// never reads as one more car; the chase camera, close to the road, shows the pin alone, just
// above a car's roof. In the scene frame.
import QtQuick
import QtQuick3D

Node {
    id: marker

    property bool contact: false
    property real age: 0          // s since the event
    property real life: 10        // s it shows
    property real size: 1
    property bool fromAbove: true
    readonly property color colour: contact ? "#ff1744" : "#4fc3f7"

    visible: age >= 0 && age < life
    opacity: 1 - age / life

    Model {
        // The pin: an upside-down cone, its tip 2.4 m over the spot (a car is 1.3 m tall), 1.2 m long.
        source: "#Cone"
        position: Qt.vector3d(0, 3.0 * marker.size, 0)
        eulerRotation.x: 180
        scale: Qt.vector3d(0.007 * marker.size, 0.012 * marker.size, 0.007 * marker.size)
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
