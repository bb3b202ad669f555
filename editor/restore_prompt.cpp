#include "editor/restore_prompt.h"

#include "editor/display_path.h"
#include "editor/document/autosave.h"
#include "editor/main_window.h"

#include <QFileInfo>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>

namespace editor {
namespace {

/// "Discard the autosave?", asked before it is deleted; true when the designer confirms.
bool confirmDiscard(const QString& what, const QString& when) {
    QMessageBox box(QMessageBox::Warning, QObject::tr("Discard unsaved work?"),
                    QObject::tr("Delete the autosaved changes to %1 from %2? They cannot be restored afterwards.").arg(what, when),
                    QMessageBox::NoButton, nullptr);
    box.setObjectName("discardRecoveryBox");
    QPushButton* discard = box.addButton(QObject::tr("Discard"), QMessageBox::DestructiveRole);
    QPushButton* cancel = box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(cancel);
    box.setEscapeButton(cancel);
    showPlainText(box);
    box.exec();
    return box.clickedButton() == discard;
}

} // namespace

RecoveryChoice offerRecovery(MainWindow& window, const Recovery& recovery) {
    const QString what = recovery.originalPath.isEmpty() ? QObject::tr("an unsaved new track") : displayPath(QFileInfo(recovery.originalPath).fileName());
    const QString when = QLocale().toString(recovery.savedAt, QLocale::ShortFormat);
    for (;;) {
        QMessageBox box(QMessageBox::Question, QObject::tr("Restore unsaved work?"),
                        QObject::tr("A Trackwright session did not close cleanly. Restore its unsaved changes to %1, autosaved %2?").arg(what, when),
                        QMessageBox::NoButton, nullptr);
        box.setObjectName("restoreBox");
        box.setInformativeText(QObject::tr("Later keeps the autosave and asks again at the next start."));
        QPushButton* restore = box.addButton(QObject::tr("Restore"), QMessageBox::AcceptRole);
        QPushButton* discard = box.addButton(QObject::tr("Discard…"), QMessageBox::DestructiveRole);
        QPushButton* later = box.addButton(QObject::tr("Later"), QMessageBox::RejectRole);
        box.setDefaultButton(restore);
        box.setEscapeButton(later);
        showPlainText(box);
        box.exec();
        if (box.clickedButton() == restore) {
            if (window.restoreRecovery()) return RecoveryChoice::Restored;
            warnPlainly(nullptr, QObject::tr("Cannot restore"),
                        QObject::tr("The autosave %1 could not be read; it is kept, and offered again at the next start.").arg(recovery.recoveryFile));
            return RecoveryChoice::Later;
        }
        if (box.clickedButton() == discard) {
            if (!confirmDiscard(what, when)) continue;
            Autosave::discardRecovery(recovery);
            return RecoveryChoice::Discarded;
        }
        return RecoveryChoice::Later;
    }
}

} // namespace editor
