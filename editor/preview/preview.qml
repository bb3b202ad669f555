// The preview scene: the baked track's meshes, the cars (CarModel.qml) and their trails, three cameras and a HUD.
// Everything it shows comes from `preview` (editor::preview::PreviewController).
import QtQuick
import QtQuick3D
import QtQuick3D.Helpers
import Trackwright.Preview 1.0

Item {
    id: root

    View3D {
        id: view
        objectName: "view3d"
        anchors.fill: parent
        camera: preview.cameraMode === 1 ? topCamera : (preview.cameraMode === 2 && preview.selectedCar >= 0 ? chaseCamera : orbitCamera)

        environment: SceneEnvironment {
            clearColor: "#9cc4e4"
            backgroundMode: SceneEnvironment.Color
            antialiasingMode: SceneEnvironment.MSAA
            antialiasingQuality: SceneEnvironment.Medium
        }

        DirectionalLight { eulerRotation.x: -55; eulerRotation.y: 30; brightness: 1.0; ambientColor: "#808080" }

        Node {
            id: orbitOrigin
            position: preview.sceneCentre
            PerspectiveCamera {
                id: orbitCamera
                position: Qt.vector3d(0, preview.sceneRadius * 0.9, preview.sceneRadius * 1.3)
                eulerRotation.x: -35
                clipNear: 1
                clipFar: 100000
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
            // The ground under everything, a little below the lowest point of the track.
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
            geometry: MeshGeometry { Component.onCompleted: preview.registerGeometry("walls", this) }
            materials: DefaultMaterial { vertexColorsEnabled: true; cullMode: Material.NoCulling; diffuseColor: "white" }
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
            delegate: Node {
                position: model.position
                eulerRotation.y: model.yaw
                CarModel {
                    carIndex: index
                    size: model.size
                    colour: model.colour
                    selected: model.selected
                    markerScale: preview.markerScale
                    seenFromAbove: view.camera !== chaseCamera
                }
            }
        }

        OrbitCameraController {
            anchors.fill: parent
            origin: orbitOrigin
            camera: orbitCamera
            enabled: view.camera === orbitCamera
        }
    }

    TapHandler {
        onTapped: (eventPoint) => {
            const hit = view.pick(eventPoint.position.x, eventPoint.position.y)
            preview.selectCar(hit.objectHit && hit.objectHit.objectName === "car" ? hit.objectHit.carIndex : -1)
        }
    }

    Rectangle {
        // HUD: the selected car's live figures.
        visible: preview.hudText.length > 0
        anchors { left: parent.left; top: parent.top; margins: 10 }
        width: hud.implicitWidth + 16
        height: hud.implicitHeight + 12
        radius: 4
        color: "#b0000000"
        Text {
            id: hud
            anchors.centerIn: parent
            color: "white"
            font.family: "monospace"
            font.pixelSize: 13
            text: preview.hudText
        }
    }
    Text {
        anchors { right: parent.right; bottom: parent.bottom; margins: 8 }
        color: "white"
        style: Text.Outline
        font.pixelSize: 13
        text: preview.statusText
    }
}
