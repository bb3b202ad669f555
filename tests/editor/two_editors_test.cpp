// Two editors at once, as a designer (or a designer and a colleague) runs them: on one recovery
// folder, on one file, crashing together. Nothing is lost, nothing is offered that is still open.
#include "kart_copies.h"

#include "editor/document/autosave.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>

#include <gtest/gtest.h>

#include <csignal>
#include <memory>
#include <set>

namespace {

using tw::test::copyOfKart;
using tw::test::firstNodeX;
using tw::test::kKart;
using tw::test::nudge;

/// An autosave_child editing `track` with autosaves to `recovery`, from working directory `cwd`,
/// left running until it has autosaved `autosaves` times.
std::unique_ptr<QProcess> startAutosavingEditor(const QString& track, const QString& recovery, const QString& cwd, int autosaves) {
    auto child = std::make_unique<QProcess>();
    child->setWorkingDirectory(cwd);
    child->start(AUTOSAVE_CHILD_EXECUTABLE, {track, recovery});
    EXPECT_TRUE(child->waitForStarted(10000));
    int printed = 0;
    while (printed < autosaves && child->state() == QProcess::Running) {
        child->waitForReadyRead(2000);
        for (const QByteArray& line : child->readAllStandardOutput().split('\n'))
            if (!line.isEmpty()) printed = line.toInt();
    }
    EXPECT_GE(printed, autosaves) << child->readAllStandardError().toStdString();
    return child;
}

void crash(QProcess& child) {
    ::kill(static_cast<pid_t>(child.processId()), SIGKILL);
    child.waitForFinished(5000);
}

/// Answers the next modal message box by clicking the button labelled `button`, and keeps its text.
void answerNextPrompt(const QString& button, QString* text = nullptr) {
    QTimer::singleShot(0, [button, text] {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        ASSERT_NE(box, nullptr) << "no prompt was shown";
        if (text) *text = box->text();
        for (QAbstractButton* candidate : box->buttons())
            if (candidate->text() == button) candidate->click();
    });
}

TEST(TwoEditors, ARunningEditorsAutosaveIsNeitherOfferedNorDeletedByAnother) {
    // The second editor said the first "did not close cleanly" while it ran, and answering No
    // deleted the first one's autosave.
    QTemporaryDir recovery, work;
    editor::MainWindow first(nullptr, recovery.path());
    ASSERT_TRUE(first.openFile(copyOfKart(work, "kart.twtrack")));
    nudge(first, 3.0);
    ASSERT_TRUE(first.autosave()->saveNow());
    ASSERT_TRUE(QFile::exists(first.autosave()->recoveryFile()));

    editor::MainWindow second(nullptr, recovery.path());
    EXPECT_FALSE(editor::Autosave::findRecovery(second.autosave()->folder())) << "a running editor's autosave was offered as a crash";
    EXPECT_FALSE(second.restoreRecovery());
    nudge(first, 1.0);
    second.openFile(kKart);
    nudge(second, -2.0);
    ASSERT_TRUE(second.autosave()->saveNow());
    EXPECT_NE(second.autosave()->recoveryFile(), first.autosave()->recoveryFile()) << "two editors share one recovery file";
    EXPECT_TRUE(QFile::exists(first.autosave()->recoveryFile()));
}

TEST(TwoEditors, WhenBothCrashEachOnesWorkIsRecovered) {
    // Both crashed: only the last writer's edits survived.
    QTemporaryDir recovery, work;
    const QString a = copyOfKart(work, "a.twtrack"), b = copyOfKart(work, "b.twtrack");
    const double x0 = firstNodeX(a);
    auto first = startAutosavingEditor(a, recovery.path(), work.path(), 3);
    auto second = startAutosavingEditor(b, recovery.path(), work.path(), 5);
    crash(*first);
    crash(*second);

    const std::vector<editor::Recovery> found = editor::Autosave::findRecoveries(recovery.path());
    ASSERT_EQ(found.size(), 2u);
    std::set<QString> origins;
    for (const editor::Recovery& r : found) origins.insert(r.originalPath);
    EXPECT_EQ(origins, (std::set<QString>{a, b}));

    // Restoring takes the newest; the other waits for the next start, and both get saved.
    for (int start = 0; start < 2; ++start) {
        editor::MainWindow next(nullptr, recovery.path());
        ASSERT_TRUE(next.restoreRecovery()) << "start " << start;
        EXPECT_GE(next.document()->nodes[0].position.x - x0, 3.0);
        ASSERT_TRUE(next.saveTo(next.filePath()));
    }
    EXPECT_GE(firstNodeX(a) - x0, 3.0);
    EXPECT_GE(firstNodeX(b) - x0, 5.0);
    EXPECT_TRUE(editor::Autosave::findRecoveries(recovery.path()).empty());
}

TEST(TwoEditors, ARecoveryFromAnotherWorkingDirectorySavesIntoItsOwnFile) {
    // The recovery stored the path as typed ("kart.twtrack"): restored elsewhere, it saved into the
    // wrong file and deleted the recovery.
    QTemporaryDir recovery, work;
    const QString track = copyOfKart(work, "kart.twtrack");
    const double x0 = firstNodeX(track);
    auto child = startAutosavingEditor("kart.twtrack", recovery.path(), work.path(), 4);
    crash(*child);
    ASSERT_NE(QDir::currentPath(), work.path());

    editor::MainWindow next(nullptr, recovery.path());
    ASSERT_TRUE(next.restoreRecovery());
    EXPECT_EQ(next.filePath(), track);
    ASSERT_TRUE(next.save());
    EXPECT_GE(firstNodeX(track) - x0, 4.0);
    EXPECT_FALSE(QFile::exists(QDir::current().filePath("kart.twtrack")));
}

/// Two editors with one copy of the kart sample open: the first has saved an edit the second has
/// not seen, and the second holds an unsaved edit of its own.
class SharedFile : public ::testing::Test {
protected:
    void SetUp() override {
        track = copyOfKart(work, "shared.twtrack");
        x0 = firstNodeX(track);
        ASSERT_TRUE(first.openFile(track));
        ASSERT_TRUE(second.openFile(track));
        nudge(first, 10.0);
        ASSERT_TRUE(first.save());
        nudge(second, -10.0);
    }
    QTemporaryDir recovery, work;
    QString track;
    double x0 = 0.0;
    editor::MainWindow first{nullptr, recovery.path()}, second{nullptr, recovery.path()};
};

TEST_F(SharedFile, SavingOverAnotherEditorsSaveAsksFirst) {
    // Two editors on one file: the second save silently overwrote the first.

    // Cancel: the other editor's save stays on disk, this editor's work stays unsaved.
    QString asked;
    answerNextPrompt("Cancel", &asked);
    EXPECT_FALSE(second.save());
    EXPECT_TRUE(asked.contains("changed on disk")) << asked.toStdString();
    EXPECT_DOUBLE_EQ(firstNodeX(track), x0 + 10.0);
    EXPECT_TRUE(second.editorDocument()->isModified());

    // Overwrite, asked for: this editor's version goes to disk, and saving again asks nothing.
    answerNextPrompt("Overwrite");
    EXPECT_TRUE(second.save());
    EXPECT_DOUBLE_EQ(firstNodeX(track), x0 - 10.0);
    nudge(second, 1.0);
    EXPECT_TRUE(second.save()) << "its own save counted as someone else's";
}

TEST_F(SharedFile, TheConflictPromptCanTakeTheOtherVersion) {
    answerNextPrompt("Reload");
    EXPECT_FALSE(second.save());
    EXPECT_DOUBLE_EQ(second.document()->nodes[0].position.x, x0 + 10.0) << "the other editor's version is shown";
    EXPECT_FALSE(second.editorDocument()->isModified());
    EXPECT_DOUBLE_EQ(firstNodeX(track), x0 + 10.0);
}

TEST(TwoEditors, ARestoredAutosaveAsksBeforeOverwritingASaveItsEditorHadNotSeen) {
    // A saves; B (the same file open) cancels its conflict prompt, autosaves and dies; C restores
    // B's work and saves: A's edit was overwritten without a word, the restore having taken the
    // file as it is now for the base B's edits were made on.
    QTemporaryDir recovery, work;
    const QString track = copyOfKart(work, "shared.twtrack");
    const double x0 = firstNodeX(track);
    editor::MainWindow a(nullptr, recovery.path());
    auto b = std::make_unique<editor::MainWindow>(nullptr, recovery.path());
    ASSERT_TRUE(a.openFile(track));
    ASSERT_TRUE(b->openFile(track));
    nudge(a, 10.0);
    ASSERT_TRUE(a.save());
    nudge(*b, -10.0);
    answerNextPrompt("Cancel");
    ASSERT_FALSE(b->save());
    ASSERT_TRUE(b->autosave()->saveNow());
    b.reset();  // gone without a clean close, as a kill leaves it: its autosave stays

    auto c = std::make_unique<editor::MainWindow>(nullptr, recovery.path());
    ASSERT_TRUE(c->restoreRecovery());
    EXPECT_DOUBLE_EQ(c->document()->nodes[0].position.x, x0 - 10.0);
    QString asked;
    answerNextPrompt("Cancel", &asked);
    EXPECT_FALSE(c->save()) << "C saved over A's edit without asking";
    QApplication::processEvents();  // a prompt never shown is not answered later, in another test
    EXPECT_TRUE(asked.contains("changed on disk")) << asked.toStdString();
    EXPECT_DOUBLE_EQ(firstNodeX(track), x0 + 10.0);

    // C's autosave of the restored work keeps B's base: restored again after C dies too, it asks.
    ASSERT_TRUE(c->autosave()->saveNow());
    c.reset();
    editor::MainWindow d(nullptr, recovery.path());
    ASSERT_TRUE(d.restoreRecovery());
    asked.clear();
    answerNextPrompt("Overwrite", &asked);
    EXPECT_TRUE(d.save());
    EXPECT_TRUE(asked.contains("changed on disk")) << "the second restore lost the base";
    EXPECT_DOUBLE_EQ(firstNodeX(track), x0 - 10.0);
}

TEST(TwoEditors, OpeningAnotherTrackDeletesThisSessionsAutosaveOfTheLastOne) {
    // The autosave of a track left behind (its changes discarded at Open) stayed, to be offered
    // after a crash as unsaved work.
    QTemporaryDir recovery, work;
    const QString first = copyOfKart(work, "first.twtrack"), second = copyOfKart(work, "second.twtrack");
    {
        editor::MainWindow window(nullptr, recovery.path());
        ASSERT_TRUE(window.openFile(first));
        nudge(window, 4.0);
        ASSERT_TRUE(window.autosave()->saveNow());
        ASSERT_TRUE(QFile::exists(window.autosave()->recoveryFile()));
        ASSERT_TRUE(window.openFile(second));
        EXPECT_FALSE(QFile::exists(window.autosave()->recoveryFile()));
        nudge(window, 1.0);
        ASSERT_TRUE(window.autosave()->saveNow());
        ASSERT_TRUE(window.newTrack(true));
        EXPECT_FALSE(QFile::exists(window.autosave()->recoveryFile())) << "File ▸ New kept the last track's autosave";
    }
    EXPECT_TRUE(editor::Autosave::findRecoveries(recovery.path()).empty());
}

TEST(TwoEditors, AnUnmodifiedTrackReloadsWhenAnotherEditorSavesIt) {
    QTemporaryDir recovery, work;
    const QString track = copyOfKart(work, "shared.twtrack");
    const double x0 = firstNodeX(track);
    editor::MainWindow first(nullptr, recovery.path()), watcher(nullptr, recovery.path());
    ASSERT_TRUE(first.openFile(track));
    ASSERT_TRUE(watcher.openFile(track));
    nudge(first, 7.0);
    ASSERT_TRUE(first.save());
    // The file system tells the watching editor a moment later.
    for (int i = 0; i < 100 && watcher.document()->nodes[0].position.x != x0 + 7.0; ++i) {
        QApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(10);
    }
    EXPECT_DOUBLE_EQ(watcher.document()->nodes[0].position.x, x0 + 7.0);
    EXPECT_FALSE(watcher.editorDocument()->isModified());
}

} // namespace
