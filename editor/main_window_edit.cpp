// MainWindow's Edit menu, made once: its actions work on whichever document is open (none: they do
// nothing), and Undo and Redo follow the open document's stack through a QUndoGroup.
#include "editor/main_window.h"

#include "editor/canvas/track_canvas.h"
#include "editor/commands/change_nodes_command.h"
#include "editor/commands/replace_track_command.h"
#include "editor/docks/profiles_dock.h"
#include "editor/docks/raise_selection_dialog.h"
#include "editor/document/editor_document.h"
#include "editor/document/track_edits.h"
#include "editor/transform_dialog.h"
#include "editor/with_progress.h"

#include "bake/lines/racing_lines.h"
#include "formats/validate/validate.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QInputDialog>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>
#include <QUndoGroup>
#include <QUndoView>
#include <QDockWidget>

namespace editor {

QAction* MainWindow::addTrackAction(QMenu* menu, const QString& text, const QKeySequence& key, const char* name, std::function<void()> run) {
    QAction* action = menu->addAction(text, key, this, [this, run = std::move(run)] {
        if (m_document) run();
    });
    // Named, so tests and scripts find it whatever the language.
    action->setObjectName(name);
    return action;
}

void MainWindow::createEditMenu() {
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    m_undoGroup = new QUndoGroup(this);
    QAction* undo = m_undoGroup->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    undo->setObjectName("actionUndo");
    QAction* redo = m_undoGroup->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    redo->setObjectName("actionRedo");
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    qobject_cast<QUndoView*>(m_historyDock->widget())->setGroup(m_undoGroup);
    addTrackAction(edit, tr("Select &All"), QKeySequence::SelectAll, "actionSelectAll", [this] {
        std::set<std::uint32_t> all;
        for (std::uint32_t n = 0; n < m_document->track().nodes.size(); ++n) all.insert(n);
        m_selection.set(all);
    });
    addTrackAction(edit, tr("Select Along &Route"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A), "actionSelectAlongRoute", [this] { selectAlongRoute(); });
    addTrackAction(edit, tr("&Delete Nodes"), QKeySequence(), "actionDeleteNodes", [this] { pushEdit(tr("Delete Nodes"), deleteNodes(m_document->track(), m_selection.nodes())); });
    addTrackAction(edit, tr("&Copy"), QKeySequence::Copy, "actionCopy", [this] { copySelection(); });
    addTrackAction(edit, tr("Cu&t"), QKeySequence::Cut, "actionCut", [this] {
        if (copySelection()) pushEdit(tr("Cut Nodes"), deleteNodes(m_document->track(), m_selection.nodes()));
    });
    addTrackAction(edit, tr("&Paste as Route"), QKeySequence::Paste, "actionPaste", [this] { pasteClipboard(PasteAs::Route); });
    addTrackAction(edit, tr("Paste as &Branch"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B), "actionPasteBranch", [this] {
        pasteClipboard(PasteAs::Branch);
    });
    addTrackAction(edit, tr("Paste &into Route"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V), "actionPasteIntoRoute", [this] {
        pasteClipboard(PasteAs::IntoRoute);
    });
    addTrackAction(edit, tr("D&uplicate"), QKeySequence(Qt::CTRL | Qt::Key_D), "actionDuplicate", [this] {
        if (copySelection()) pasteClipboard(PasteAs::Route);
    });
    addTrackAction(edit, tr("&Transform Selection…"), QKeySequence(Qt::CTRL | Qt::Key_T), "actionTransformSelection", [this] {
        if (m_selection.empty()) {
            statusBar()->showMessage(tr("Select the nodes to move, rotate or scale first"), 8000);
            return;
        }
        TransformDialog dialog(selectionCentre(m_document->track(), m_selection.nodes()), m_canvas->scaleWidths(), this);
        if (dialog.exec() == QDialog::Accepted) transformSelectionBy(dialog.transform(), dialog.scaleWidths());
    });
    addTrackAction(edit, tr("Rais&e/Lower Selection…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H), "actionRaiseSelection", [this] {
        if (m_selection.empty()) {
            statusBar()->showMessage(tr("Select the nodes to raise or lower first"), 8000);
            return;
        }
        // The dock's falloff is the designer's current one: the dialog starts from it and keeps what it is given.
        RaiseSelectionDialog dialog(m_profilesDock->falloff(), this);
        if (dialog.exec() != QDialog::Accepted) return;
        m_profilesDock->setFalloff(dialog.falloff());
        m_profilesDock->raiseSelection(dialog.dz());
    });
    addTrackAction(edit, tr("Smooth &Positions"), QKeySequence(), "actionSmoothPositions", [this] {
        m_document->undoStack()->push(new ChangeNodesCommand(m_document, tr("Smooth Positions"), smoothPositions(m_document->track(), m_selection.nodes())));
    });
    addTrackAction(edit, tr("Smooth &Widths"), QKeySequence(), "actionSmoothWidths", [this] {
        m_document->undoStack()->push(new ChangeNodesCommand(m_document, tr("Smooth Widths"), smoothWidths(m_document->track(), m_selection.nodes())));
    });
    addTrackAction(edit, tr("&Resample Route…"), QKeySequence(), "actionResampleRoute", [this] {
        // The new nodes show on the canvas as the spacing changes; OK applies, Cancel leaves all as it was.
        QDialog dialog(this);
        dialog.setWindowTitle(tr("Resample route"));
        auto* layout = new QFormLayout(&dialog);
        auto* spacing = new QDoubleSpinBox(&dialog);
        spacing->setRange(0.5, 1000.0);
        spacing->setSuffix(tr(" m"));
        spacing->setValue(5.0);
        layout->addRow(tr("Node spacing"), spacing);
        auto* adaptive = new QCheckBox(tr("Closer in bends (no link turns more than 5°)"), &dialog);
        layout->addRow(adaptive);
        auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
        layout->addRow(buttons);
        connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
        connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
        auto preview = [this, spacing, adaptive] { previewResample(spacing->value(), adaptive->isChecked()); };
        connect(spacing, &QDoubleSpinBox::valueChanged, this, preview);
        connect(adaptive, &QCheckBox::toggled, this, preview);
        preview();
        if (dialog.exec() == QDialog::Accepted) applyResample(spacing->value(), adaptive->isChecked());
        else cancelResample();
    });
    addTrackAction(edit, tr("&Close or Open Route"), QKeySequence(), "actionCloseRoute", [this] {
        const auto route = selectedRoute();
        if (route) pushEdit(tr("Close or Open Route"), setRouteClosed(m_document->track(), *route, !m_document->track().routes[*route].closed));
    });
    addTrackAction(edit, tr("Re&verse Route"), QKeySequence(), "actionReverseRoute", [this] {
        const auto route = selectedRoute();
        if (route) pushEdit(tr("Reverse Route"), reverseRoute(m_document->track(), *route));
    });
    addTrackAction(edit, tr("Set S&tart Line Here"), QKeySequence(), "actionSetStartLine", [this] {
        if (m_selection.nodes().size() != 1) {
            statusBar()->showMessage(tr("Select the one node the start line goes on"), 8000);
            return;
        }
        pushEdit(tr("Set Start Line"), setStartLine(m_document->track(), *m_selection.nodes().begin()));
    });
    addTrackAction(edit, tr("&Go to Node…"), QKeySequence(Qt::CTRL | Qt::Key_G), "actionGoToNode", [this] {
        bool ok = false;
        const int last = static_cast<int>(m_document->track().nodes.size()) - 1;
        if (last < 0) return;
        const int node = QInputDialog::getInt(this, tr("Go to node"), tr("Node (0 to %1):").arg(last), 0, 0, last, 1, &ok);
        if (ok) goToNode(static_cast<std::uint32_t>(node));
    });
    addTrackAction(edit, tr("&Optimise Racing Lines"), QKeySequence(), "actionOptimiseLines", [this] {
        const formats::TrackDocument input = m_document->track();
        if (formats::hasErrors(formats::validate(input))) {
            statusBar()->showMessage(tr("Fix the errors in Diagnostics first: the optimiser needs a valid track"), 8000);
            return;
        }
        const bake::RacingLineResult result = withProgress<bake::RacingLineResult>(
            this, tr("Optimising racing lines…"), [input](const bake::BakeContext& context) { return bake::optimiseRacingLines(input, {}, context); });
        if (result.cancelled) statusBar()->showMessage(tr("Optimisation cancelled; nothing changed"), 5000);
        else m_document->undoStack()->push(new ReplaceTrackCommand(m_document, tr("Optimise Racing Lines"), result.document));
    });
    addTrackAction(edit, tr("Reset &Line to Optimiser…"), QKeySequence(), "actionResetLine", [this] {
        QStringList names;
        for (const formats::Line& l : m_document->track().lines)
            if (!names.contains(QString::fromStdString(l.name))) names << QString::fromStdString(l.name);
        bool ok = false;
        const QString name = QInputDialog::getItem(this, tr("Reset line"), tr("Line to give back to the optimiser:"), names, 0, false, &ok);
        if (ok) resetLineToOptimiser(name);
    });
}

} // namespace editor
