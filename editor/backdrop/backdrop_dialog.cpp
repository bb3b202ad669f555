#include "editor/backdrop/backdrop_dialog.h"

#include "editor/backdrop/backdrop_calibration.h"
#include "editor/canvas/track_canvas.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSlider>
#include <QVBoxLayout>

namespace editor {

BackdropDialog::BackdropDialog(const std::optional<formats::Backdrop>& current, const QString& folder, TrackCanvas* canvas, QWidget* parent)
    : QDialog(parent), m_base(current.value_or(formats::Backdrop{})), m_folder(folder), m_canvas(canvas) {
    setWindowTitle(tr("Backdrop"));
    setModal(false);  // the canvas stays clickable for picking
    auto* layout = new QVBoxLayout(this);
    auto* file = new QHBoxLayout;
    m_image = new QLineEdit(QString::fromStdString(m_base.image), this);
    m_image->setPlaceholderText(tr("image file (PNG, JPEG), relative to the track's folder"));
    auto* browse = new QPushButton(tr("Browse…"), this);
    file->addWidget(m_image, 1);
    file->addWidget(browse);
    layout->addLayout(file);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Backdrop image"), m_folder, tr("Images (*.png *.jpg *.jpeg *.bmp)"));
        if (!path.isEmpty()) m_image->setText(QDir(m_folder).relativeFilePath(path));
    });
    m_opacity = new QSlider(Qt::Horizontal, this);
    m_opacity->setRange(5, 100);
    m_opacity->setValue(static_cast<int>(m_base.opacity * 100.0));
    auto* opacity = new QHBoxLayout;
    opacity->addWidget(new QLabel(tr("Opacity"), this));
    opacity->addWidget(m_opacity);
    layout->addLayout(opacity);

    layout->addWidget(new QLabel(tr("Two points: pick each on the image, then type where it is in the world."), this));
    auto* grid = new QGridLayout;
    const QStringList headers{tr("image x (px)"), tr("image y (px)"), tr("world x (m)"), tr("world y (m)")};
    for (int c = 0; c < 4; ++c) grid->addWidget(new QLabel(headers[c], this), 0, c + 1);
    // Defaults: the current placement's own pixels, so OK without edits changes nothing.
    const QTransform toWorld = backdropToWorld(m_base);
    const QPointF defaults[2] = {QPointF(0, 0), QPointF(1000, 0)};
    for (int p = 0; p < 2; ++p) {
        grid->addWidget(new QLabel(tr("Point %1").arg(p + 1), this), p + 1, 0);
        const QPointF world = toWorld.map(defaults[p]);
        const double values[4] = {defaults[p].x(), defaults[p].y(), world.x(), world.y()};
        for (int c = 0; c < 4; ++c) {
            auto* box = new QDoubleSpinBox(this);
            box->setRange(-1e7, 1e7);
            box->setDecimals(2);
            box->setValue(values[c]);
            m_fields[p][c] = box;
            grid->addWidget(box, p + 1, c + 1);
        }
        auto* pickButton = new QPushButton(tr("Pick on image"), this);
        connect(pickButton, &QPushButton::clicked, this, [this, p] { pick(p); });
        grid->addWidget(pickButton, p + 1, 5);
    }
    layout->addLayout(grid);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
}

void BackdropDialog::pick(int point) {
    // The click lands on the image as it is placed now; its pixel is what the calibration needs.
    m_canvas->pickNextPoint([this, point](QPointF world) {
        bool invertible = false;
        const QPointF pixel = backdropToWorld(m_base).inverted(&invertible).map(world);
        if (!invertible) return;
        m_fields[point][0]->setValue(pixel.x());
        m_fields[point][1]->setValue(pixel.y());
        raise();
    });
}

void BackdropDialog::setCalibration(QPointF pixelA, QPointF worldA, QPointF pixelB, QPointF worldB) {
    const double values[2][4] = {{pixelA.x(), pixelA.y(), worldA.x(), worldA.y()}, {pixelB.x(), pixelB.y(), worldB.x(), worldB.y()}};
    for (int p = 0; p < 2; ++p)
        for (int c = 0; c < 4; ++c) m_fields[p][c]->setValue(values[p][c]);
}

std::optional<formats::Backdrop> BackdropDialog::backdrop() const {
    if (m_image->text().trimmed().isEmpty()) return std::nullopt;
    formats::Backdrop b = m_base;
    b.image = m_image->text().trimmed().toStdString();
    b.opacity = m_opacity->value() / 100.0;
    auto v = [&](int p, int c) { return m_fields[p][c]->value(); };
    if (auto calibrated = calibrateBackdrop(b, {v(0, 0), v(0, 1)}, {v(0, 2), v(0, 3)}, {v(1, 0), v(1, 1)}, {v(1, 2), v(1, 3)})) b = *calibrated;
    return b;
}

} // namespace editor
