// The preview scene: the baked track's meshes, the cars (CarModel.qml) and their trails, three cameras and a HUD;
// in a race, the broadcast's overlays too: the positions tower, the timeline strip under the view, the
// events' markers on the track and the results. Everything it shows comes from `preview`
// (editor::preview::PreviewController) and `preview.race` (editor::preview::RaceBroadcast).
import QtQuick
import QtQuick3D
import QtQuick3D.Helpers
import QtQuick.Controls
import Trackwright.Preview 1.0

Item {
    id: root

    View3D {
        id: view
        objectName: "view3d"
        anchors { left: parent.left; right: parent.right; top: parent.top; bottom: timeline.visible ? timeline.top : parent.bottom }
        camera: preview.cameraMode === 1 ? topCamera : (preview.cameraMode === 2 && preview.selectedCar >= 0 ? chaseCamera : orbitCamera)

        environment: SceneEnvironment {
            clearColor: "#9cc4e4"
            backgroundMode: SceneEnvironment.Color
            antialiasingMode: SceneEnvironment.MSAA
            antialiasingQuality: SceneEnvironment.Medium
        }

        DirectionalLight { eulerRotation.x: -55; eulerRotation.y: 30; brightness: 1.0; ambientColor: "#808080" }

        Node {
            // Turned by the OrbitCameraController; the camera sits on the node's +z axis looking at
            // it. The wheel moves both toward the point under the cursor (root.zoomOrbitAt). Placed
            // by root.frameTrack().
            id: orbitOrigin
            objectName: "orbitOrigin"
            PerspectiveCamera {
                id: orbitCamera
                objectName: "orbitCamera"
                fieldOfView: 60
                fieldOfViewOrientation: PerspectiveCamera.Vertical
            }
        }
        OrthographicCamera {
            id: topCamera
            position: Qt.vector3d(preview.sceneCentre.x, preview.sceneCentre.y + 2000, preview.sceneCentre.z)
            eulerRotation.x: -90
            clipNear: 1
            clipFar: 10000
            horizontalMagnification: Math.max(0.001, Math.min(view.width / preview.sceneSize.x, view.height / preview.sceneSize.z) * 0.92)
            verticalMagnification: horizontalMagnification
        }
        PerspectiveCamera {
            id: chaseCamera
            position: preview.chasePosition
            eulerRotation: preview.chaseRotation
            clipNear: 0.5
            clipFar: 100000
        }

        Model {
            // The flat ground under everything, a little below the lowest point of the track; the
            // terrain's slopes fall from the walls to it.
            source: "#Rectangle"
            position: Qt.vector3d(preview.sceneCentre.x, preview.groundHeight, preview.sceneCentre.z)
            eulerRotation.x: -90
            scale: Qt.vector3d(preview.sceneRadius * 0.4, preview.sceneRadius * 0.4, 1)
            materials: DefaultMaterial { diffuseColor: "#3f6b35" }
        }
        Model {
            geometry: MeshGeometry { Component.onCompleted: preview.registerGeometry("surface", this) }
            materials: DefaultMaterial { vertexColorsEnabled: true; cullMode: Material.NoCulling; diffuseColor: "white" }
        }
        Model {
            // Embankments, cliffs and abutments the track stands on.
            geometry: MeshGeometry { Component.onCompleted: preview.registerGeometry("terrain", this) }
            materials: DefaultMaterial { vertexColorsEnabled: true; cullMode: Material.NoCulling; diffuseColor: "white" }
        }
        Model {
            // Bridge decks and piers.
            geometry: MeshGeometry { Component.onCompleted: preview.registerGeometry("supports", this) }
            materials: DefaultMaterial { vertexColorsEnabled: true; cullMode: Material.NoCulling; diffuseColor: "white" }
        }
        Model {
            geometry: MeshGeometry { Component.onCompleted: preview.registerGeometry("walls", this) }
            materials: DefaultMaterial { vertexColorsEnabled: true; cullMode: Material.NoCulling; diffuseColor: "white" }
        }
        Model {
            // Tarmac edges and wall tops as lines a pixel wide, so the outline shows at any distance.
            geometry: MeshGeometry { Component.onCompleted: preview.registerGeometry("edges", this) }
            materials: DefaultMaterial { vertexColorsEnabled: true; lighting: DefaultMaterial.NoLighting; diffuseColor: "white" }
        }
        Model {
            visible: preview.linesVisible
            geometry: MeshGeometry { Component.onCompleted: preview.registerGeometry("lines", this) }
            materials: DefaultMaterial { vertexColorsEnabled: true; cullMode: Material.NoCulling; lighting: DefaultMaterial.NoLighting; diffuseColor: "white" }
        }
        Model {
            geometry: MeshGeometry { Component.onCompleted: preview.registerGeometry("trails", this) }
            materials: DefaultMaterial { vertexColorsEnabled: true; cullMode: Material.NoCulling; lighting: DefaultMaterial.NoLighting; diffuseColor: "white" }
        }

        Repeater3D {
            model: preview.cars
            // Yaw, then pitch about the car's right (its local z), then roll about its nose (local
            // x), one node each: no question of the order Euler angles compose in.
            delegate: Node {
                position: model.position
                eulerRotation.y: model.yaw
                Node {
                    eulerRotation.z: model.pitch
                    Node {
                        eulerRotation.x: model.roll
                        CarModel {
                            carIndex: index
                            size: model.size
                            colour: model.colour
                            selected: model.selected
                            seenFromAbove: view.camera !== chaseCamera
                            markerScale: seenFromAbove ? root.enlargement(model.position, model.size.x) : 1
                        }
                    }
                }
            }
        }

        Repeater3D {
            // Where the race's passes, contacts and mistakes happened, for a while after.
            model: preview.race.events
            delegate: EventMarker {
                position: model.position
                kind: model.kind
                age: preview.race.time - model.time
                life: preview.race.markerLife
                fromAbove: view.camera !== chaseCamera
                // As a 4 m car there is drawn, so the pin stays over the roofs of the cars it names.
                size: fromAbove ? root.enlargement(position, 4) : 1
            }
        }

        OrbitCameraController {
            anchors.fill: parent
            origin: orbitOrigin
            camera: orbitCamera
            enabled: view.camera === orbitCamera
        }
        Item {
            // Over the controller, so the wheel is ours: its own wheel zooms toward the view's centre.
            anchors.fill: parent
            enabled: view.camera === orbitCamera
            WheelHandler {
                target: null
                onWheel: (event) => root.zoomOrbitAt(Qt.point(event.x, event.y), event.angleDelta.y / 120)
            }
        }
    }

    // Cars seen from the orbit or top-down camera are drawn at least this many pixels long, so a car
    // on a 5 km circuit seen whole still shows as a car.
    readonly property real carMinPixels: 16
    // How much larger than life to draw a car `length` metres long at `at` (scene frame) so that it
    // is carMinPixels long from the orbit or top-down camera: 1, its true size, once it is that long
    // as it is. From the perspective camera a pixel spans more metres the deeper the point lies.
    function enlargement(at, length) {
        const metresPerPixel = view.camera === topCamera ? 1 / topCamera.horizontalMagnification
            : 2 * Math.tan(orbitCamera.fieldOfView * Math.PI / 360) * Math.max(orbitCamera.clipNear, at.minus(orbitCamera.scenePosition).dotProduct(orbitCamera.forward)) / Math.max(1, view.height)
        return Math.max(1, carMinPixels * metresPerPixel / length)
    }

    // Orbit framing. The whole track's box fills most of the view, seen steeply from above so a
    // road kilometres away is still pixels wide (PreviewController::orbitFraming). It is framed on
    // a new track, on "Frame", and again when the view is resized as long as the user has not
    // turned or zoomed since.
    property bool orbitAsFramed: true
    property bool placingOrbit: false
    function frameTrack() {
        if (width <= 0 || height <= 0) return
        const f = preview.orbitFraming(width / height, orbitCamera.fieldOfView)
        placingOrbit = true
        orbitOrigin.position = preview.sceneCentre
        orbitOrigin.eulerRotation = Qt.vector3d(-f.pitch, f.yaw, 0)
        orbitCamera.position = Qt.vector3d(0, 0, f.distance)
        orbitCamera.eulerRotation = Qt.vector3d(0, 0, 0)
        placingOrbit = false
        orbitAsFramed = true
        applyOrbitClip()
    }
    // The wheel zooms toward the point under the cursor, as map tools do: that point stays under
    // the cursor (PreviewController::zoomOrbitAt, orbit_zoom.h).
    function zoomOrbitAt(cursor, notches) {
        const zoomed = preview.zoomOrbitAt(orbitOrigin.position, orbitOrigin.rotation, orbitCamera.z, cursor, Qt.size(view.width, view.height),
                                           orbitCamera.fieldOfView, notches)
        orbitOrigin.position = zoomed.origin
        orbitCamera.z = zoomed.distance
    }
    function applyOrbitClip() {
        const planes = preview.orbitClip(orbitCamera.scenePosition)
        orbitCamera.clipNear = planes.x
        orbitCamera.clipFar = planes.y
    }
    onWidthChanged: if (orbitAsFramed) frameTrack()
    onHeightChanged: if (orbitAsFramed) frameTrack()
    Component.onCompleted: frameTrack()
    Connections {
        target: preview
        function onFrameRequested() { root.frameTrack() }
    }
    Connections {
        // OrbitCameraController sets fixed clip planes (1 m to 10 km) whenever the camera's z
        // changes: too near for depth precision over a 5 km circuit, too short for a bigger one.
        // Ours go in after its handler has run, and follow turning and panning as well.
        target: orbitCamera
        function onZChanged() { if (!root.placingOrbit) root.orbitAsFramed = false }
        function onScenePositionChanged() { Qt.callLater(root.applyOrbitClip) }
    }
    Connections {
        target: orbitOrigin
        function onEulerRotationChanged() { if (!root.placingOrbit) root.orbitAsFramed = false }
        function onPositionChanged() { if (!root.placingOrbit) root.orbitAsFramed = false }
    }

    TapHandler {
        onTapped: (eventPoint) => {
            const hit = view.pick(eventPoint.position.x, eventPoint.position.y)
            preview.selectCar(hit.objectHit && hit.objectHit.objectName === "car" ? hit.objectHit.carIndex : -1)
        }
    }

    // HUD: the selected car's live figures. Never wider or taller than the view: its fields wrap
    // onto more lines (a field itself stays whole: "ideal 27.88 s" never breaks), and only when the
    // view is too small even for that does the text elide, with the whole of it as a tooltip.
    readonly property real hudMargin: 10
    Rectangle {
        id: hudBox
        objectName: "hudBox"
        visible: preview.hudText.length > 0
        // In a race the tower takes the top left.
        x: preview.race.active ? Math.max(tower.x + tower.width + root.hudMargin, view.width - width - root.hudMargin) : root.hudMargin
        y: root.hudMargin
        width: hud.width + 16
        height: hud.height + 12
        radius: 4
        color: "#b0000000"
        Text {
            id: hud
            objectName: "hudText"
            x: 8
            y: 6
            width: Math.max(0, Math.min(hudUnwrapped.implicitWidth, root.width - 2 * root.hudMargin - 16 - (preview.race.active ? tower.width + root.hudMargin : 0)))
            color: "white"
            font.family: "monospace"
            font.pixelSize: 13
            // No-break spaces inside a field ("ideal 27.88 s"); fields part at runs of spaces and at " · ".
            text: preview.hudText.replace(/([^\s·]) (?=[^\s·])/g, "$1\u00a0")
            wrapMode: Text.Wrap
            elide: Text.ElideRight
            // The lines that fit above the status line.
            maximumLineCount: Math.max(1, Math.floor((root.height - 2 * root.hudMargin - 12 - status.height - 8) / hudMetrics.height))
        }
        FontMetrics { id: hudMetrics; font: hud.font }
        // The width the HUD needs unwrapped (a wrapping Text's own implicitWidth follows its width).
        Text { id: hudUnwrapped; visible: false; font: hud.font; text: hud.text }
        HoverHandler { id: hudHover }
        ToolTip.visible: hudHover.hovered && hud.truncated
        ToolTip.text: preview.hudText
    }
    Text {
        id: status
        objectName: "statusText"
        anchors { right: parent.right; bottom: view.bottom; margins: 8 }
        width: Math.max(0, Math.min(implicitWidth, root.width - 16))
        horizontalAlignment: Text.AlignRight
        elide: Text.ElideRight
        color: "white"
        style: Text.Outline
        font.pixelSize: 13
        text: preview.statusText
        HoverHandler { id: statusHover }
        ToolTip.visible: statusHover.hovered && status.truncated
        ToolTip.text: preview.statusText
    }

    RaceTower {
        id: tower
        visible: preview.race.active
        x: root.hudMargin
        y: root.hudMargin
        availableHeight: view.height - 2 * root.hudMargin
    }
    Rectangle {
        // A live edit the race does not race.
        objectName: "raceMessage"
        visible: preview.race.active && preview.race.message.length > 0
        anchors { horizontalCenter: view.horizontalCenter; top: view.top; topMargin: root.hudMargin }
        width: messageText.implicitWidth + 24
        height: messageText.implicitHeight + 12
        radius: 4
        color: "#e0ffb300"
        Text {
            id: messageText
            anchors.centerIn: parent
            text: preview.race.message
            color: "#101010"
            font { pixelSize: 14; bold: true }
        }
    }
    RaceResults {
        id: results
        anchors.centerIn: view
        // Shrunk to fit a small view, never grown.
        scale: Math.min(1, (view.width - 2 * root.hudMargin) / width, (view.height - 2 * root.hudMargin) / height)
        // Shown once the race is over, until clicked away; a restart brings it back at its end.
        visible: preview.race.active && preview.race.over && !dismissed
        Connections {
            target: preview.race
            function onUpdated() { if (!preview.race.over) results.dismissed = false }
        }
    }
    RaceTimeline {
        id: timeline
        visible: preview.race.active
        anchors { left: parent.left; right: parent.right; bottom: parent.bottom }
    }
}
