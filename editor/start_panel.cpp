#include "editor/start_panel.h"

#include "editor/display_path.h"
#include "editor/native_path.h"

#include <QCoreApplication>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace editor {
namespace {

QPushButton* addButton(QLayout* layout, const QString& text, const QString& toolTip, const QString& name) {
    auto* button = new QPushButton(text);
    button->setToolTip(toolTip);
    button->setObjectName(name);
    button->setStyleSheet(QStringLiteral("text-align: left; padding: 4px 10px;"));
    layout->addWidget(button);
    return button;
}

QLabel* heading(const QString& text) {
    auto* label = new QLabel(text);
    QFont bold = label->font();
    bold.setBold(true);
    label->setFont(bold);
    return label;
}

} // namespace

StartPanel::StartPanel(QWidget* parent) : QFrame(parent) {
    setObjectName("startPanel");
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(heading(tr("Start a track")));
    connect(addButton(layout, tr("Sketch it (K): click control points along the road"),
                      tr("The road follows a smooth curve through them; click the first point again to close the loop"), "startDraw"),
            &QPushButton::clicked, this, &StartPanel::drawRequested);
    connect(addButton(layout, tr("Open a track…"), tr("A saved .twtrack (Ctrl+O)"), "startOpen"), &QPushButton::clicked, this,
            &StartPanel::openDialogRequested);
    connect(addButton(layout, tr("Import a TUM centre line (CSV)…"), tr("x, y and the track widths per row, as the TUM racetrack database has them"),
                      "startImportTum"),
            &QPushButton::clicked, this, &StartPanel::importTumCsvRequested);
    connect(addButton(layout, tr("Import waypoints (CSV)…"), tr("x, y per row, e.g. from a game level"), "startImportWaypoints"),
            &QPushButton::clicked, this, &StartPanel::importWaypointsRequested);
    connect(addButton(layout, tr("Import a TORCS track (XML)…"), tr("segments, heights, banking, surfaces and the pit lane of a TORCS or Speed Dreams track"),
                      "startImportTorcs"),
            &QPushButton::clicked, this, &StartPanel::importTorcsRequested);
    m_files = new QVBoxLayout;
    layout->addLayout(m_files);
    if (parent) parent->installEventFilter(this);
}

bool StartPanel::eventFilter(QObject* watched, QEvent* event) {
    // Stays centred on the canvas as the window resizes.
    if (watched == parentWidget() && (event->type() == QEvent::Resize || event->type() == QEvent::Show)) centreOnParent();
    return QFrame::eventFilter(watched, event);
}

void StartPanel::centreOnParent() {
    if (!parentWidget()) return;
    adjustSize();
    const QSize room = parentWidget()->size();
    move(std::max(0, (room.width() - width()) / 2), std::max(0, (room.height() - height()) / 2));
}

void StartPanel::setFiles(const QStringList& recentFiles, const QStringList& samples) {
    while (QLayoutItem* item = m_files->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    auto addList = [this](const QString& title, const QStringList& files, const QString& namePrefix) {
        QStringList existing;
        for (const QString& f : files)
            if (isNativeFile(f)) existing.append(f);
        if (existing.isEmpty()) return;
        m_files->addWidget(heading(title));
        for (int i = 0; i < existing.size() && i < 6; ++i) {
            const QString path = existing[i];
            connect(addButton(m_files, menuText(displayPath(QFileInfo(path).completeBaseName())), toolTipText(displayPath(path)), namePrefix + QString::number(i)),
                    &QPushButton::clicked, this,
                    [this, path] { emit openRequested(path); });
        }
    };
    addList(tr("Recent"), recentFiles, "startRecent");
    addList(tr("Samples"), samples, "startSample");
    centreOnParent();
}

QStringList StartPanel::bundledSamples() {
    const QStringList folders{QStringLiteral(TRACKWRIGHT_SAMPLES_DIR), QCoreApplication::applicationDirPath() + "/../share/trackwright/samples"};
    for (const QString& folder : folders) {
        const QDir dir(folder);
        const QStringList names = dir.entryList({QStringLiteral("*.twtrack")}, QDir::Files, QDir::Name);
        if (names.isEmpty()) continue;
        QStringList paths;
        for (const QString& name : names) paths.append(dir.filePath(name));
        return paths;
    }
    return {};
}

} // namespace editor
