// MainWindow's record-a-line-by-driving (issue 49): the path the designer drove in the preview
// kept as one of the main route's lines, one undo step.
#include "editor/main_window.h"

#include "editor/commands/change_line_offsets_command.h"
#include "editor/commands/replace_track_command.h"
#include "editor/display_path.h"
#include "editor/document/editor_document.h"
#include "editor/document/recorded_line.h"

#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>

namespace editor {

bool MainWindow::keepDrivenLine(const std::vector<formats::Vec2>& path, const QString& name) {
    if (!m_document || m_document->track().routes.empty()) return false;
    const formats::TrackDocument& track = m_document->track();
    const std::string wanted = name.toStdString();
    std::optional<std::size_t> existing;
    for (std::size_t l = 0; l < track.lines.size() && !existing; ++l)
        if (track.lines[l].route == 0 && track.lines[l].name == wanted) existing = l;
    const RecordedLine recorded = lineFromPath(track, 0, path, existing ? track.lines[*existing].offsets : std::vector<double>{});
    if (recorded.recorded == 0) {
        statusBar()->showMessage(tr("The drive crossed none of the main route's nodes between its walls: nothing recorded"), 8000);
        return false;
    }
    const QString text = tr("Record %1 Line").arg(name);
    if (existing) {
        m_document->undoStack()->push(new ChangeLineOffsetsCommand(m_document, text, *existing, recorded.offsets));
    } else {
        formats::TrackDocument withLine = track;
        withLine.lines.push_back({wanted, 0, {}, recorded.offsets});
        m_document->undoStack()->push(new ReplaceTrackCommand(m_document, text, std::move(withLine)));
    }
    statusBar()->showMessage(tr("Recorded the %1 line from your drive: %2 of %3 nodes (the others kept their offsets)")
                                 .arg(name)
                                 .arg(recorded.recorded)
                                 .arg(track.routes[0].nodes.size()),
                             10000);
    return true;
}

void MainWindow::offerDrivenLine(const QList<QPointF>& driven) {
    if (!m_document) return;
    std::vector<formats::Vec2> path;
    path.reserve(static_cast<std::size_t>(driven.size()));
    for (const QPointF& p : driven) path.push_back({p.x(), p.y()});
    QMessageBox box(QMessageBox::Question, tr("Keep your drive?"), tr("Keep the path you drove as a line of the main route?"), QMessageBox::NoButton, this);
    box.setObjectName("keepDrivenLineBox");
    box.setInformativeText(tr("Where it crossed each node, smoothed; the nodes it did not reach keep their offsets. One undo step."));
    QPushButton* racing = box.addButton(tr("Racing Line"), QMessageBox::AcceptRole);
    QPushButton* alternate = box.addButton(tr("Alternate Line"), QMessageBox::AcceptRole);
    box.addButton(QMessageBox::Discard);
    box.setDefaultButton(racing);
    showPlainText(box);
    box.exec();
    if (box.clickedButton() == racing) keepDrivenLine(path, QStringLiteral("racing"));
    else if (box.clickedButton() == alternate) keepDrivenLine(path, QStringLiteral("alternate"));
}

} // namespace editor
