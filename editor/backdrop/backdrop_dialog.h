#pragma once

#include "formats/source/track_document.h"

#include <QDialog>

class QDoubleSpinBox;
class QLineEdit;
class QSlider;

namespace editor {

class TrackCanvas;

/// Places a backdrop image under the track by two points: for each, a point of the image (picked
/// on the canvas) and where it is in the world (typed: surveyed coordinates, or 0,0 and the known
/// length of a straight). The result is a scale, rotation and offset (backdrop_calibration.h).
class BackdropDialog : public QDialog {
    Q_OBJECT
public:
    /// `folder`: the track's folder, which the image path is stored relative to.
    BackdropDialog(const std::optional<formats::Backdrop>& current, const QString& folder, TrackCanvas* canvas, QWidget* parent = nullptr);

    /// The backdrop to set: none when the image field is empty.
    std::optional<formats::Backdrop> backdrop() const;
    /// Fills the calibration from code (tests): image pixels and world metres of the two points.
    void setCalibration(QPointF pixelA, QPointF worldA, QPointF pixelB, QPointF worldB);

private:
    void pick(int point);

    formats::Backdrop m_base;
    QString m_folder;
    TrackCanvas* m_canvas;
    QLineEdit* m_image = nullptr;
    QSlider* m_opacity = nullptr;
    QDoubleSpinBox* m_fields[2][4] = {};  ///< per point: pixel x, pixel y, world x, world y
};

} // namespace editor
