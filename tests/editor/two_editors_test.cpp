// Two editors at once, as a designer (or a designer and a colleague) runs them: on one recovery
// folder, on one file, crashing together. Nothing is lost, nothing is offered that is still open.
#include "editor/commands/change_nodes_command.h"
#include "editor/document/autosave.h"
#include "editor/document/editor_document.h"
#include "editor/main_window.h"

#include "formats/source/track_json.h"

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
#include <set>

namespace {

const QString kKart = QString(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack";

/// Moves node 0 `metres` east as one undoable edit.
void nudge(editor::MainWindow& window, double metres) {
    editor::EditorDocument* document = window.editorDocument();
    formats::TrackNode node = document->track().nodes[0];
    node.position.x += metres;
    document->undoStack()->push(new editor::ChangeNodesCommand(document, "nudge", {{0, node}}));
}

double firstNodeX(const QString& path) { return formats::loadTrackFile(path.toStdString()).document->nodes[0].position.x; }

/// Copies the kart sample to `folder`/`name`, so a test may save over it.
QString copyOfKart(const QTemporaryDir& folder, const QString& name) {
    const QString path = folder.filePath(name);
    QFile::copy(kKart, path);
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    return path;
}

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
