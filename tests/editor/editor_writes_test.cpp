// Every write of the editor — Save, Save As, autosave, Export Baked… — goes through the product's
// one output-path policy (issue 49; docs/hardening.md): each follows a link to the file it names
// and leaves the link, and each is refused in a folder nobody may write, root included, with the
// folder named, nothing written and the work still unsaved.
#include "kart_copies.h"
#include "prompt_script.h"

#include "editor/document/autosave.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QFileDialog>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTimer>

#include <gtest/gtest.h>

#include <filesystem>

#include <sys/stat.h>

namespace {

namespace fs = std::filesystem;

using tw::test::bytesOf;
using tw::test::copyOfKart;
using tw::test::kKart;
using tw::test::nudge;

/// Answers the next file dialog with `path`, as a designer typing it into the name box and
/// pressing Save; a dialog that will not take it within 5 s is cancelled (a failure, not a hang).
void answerFileDialogWith(const QString& path) {
    auto* poll = new QTimer;
    auto* waited = new QElapsedTimer;
    waited->start();
    QObject::connect(poll, &QTimer::timeout, [poll, waited, path] {
        auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
        const bool givenUp = waited->elapsed() > 5000;
        if ((!dialog || !dialog->isVisible()) && !givenUp) return;
        poll->stop();
        poll->deleteLater();
        delete waited;
        if (!dialog) return;
        auto* name = dialog->findChild<QLineEdit*>("fileNameEdit");
        if (givenUp || !name) {
            ADD_FAILURE() << "the file dialog has no name box to type " << path.toStdString() << " into";
            dialog->reject();
            return;
        }
        name->setText(path);
        QMetaObject::invokeMethod(dialog, "accept", Qt::QueuedConnection);  // as the Save button does
    });
    poll->start(10);
}

class EditorWrites : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(QDir(work.path()).mkdir("real"));
        ASSERT_TRUE(QDir(work.path()).mkdir("locked"));
        lockedTrack = copyOfKart(work, "locked/t.twtrack");
        lock();
    }
    void TearDown() override { ::chmod(QFile::encodeName(work.filePath("locked")).constData(), 0755); }
    void lock() { ASSERT_EQ(::chmod(QFile::encodeName(work.filePath("locked")).constData(), 0555), 0); }
    /// What a refusal must say: the folder, that it is read-only, what to do.
    static void expectNamesTheLockedFolder(const QString& said) {
        EXPECT_TRUE(said.contains("locked") && said.contains("is read-only (mode 0555)") && said.contains("chmod u+w")) << said.toStdString();
    }
    QStringList lockedFiles() const { return QDir(work.filePath("locked")).entryList(QDir::Files | QDir::Hidden | QDir::Dirs | QDir::NoDotAndDotDot); }

    QTemporaryDir work, recovery;
    QString lockedTrack;
};

TEST_F(EditorWrites, SaveFollowsALinkAndIsRefusedInAReadOnlyFolder) {
    const QString real = copyOfKart(work, "real/t.twtrack");
    fs::create_symlink("real/t.twtrack", work.filePath("link.twtrack").toStdString());
    editor::MainWindow window(nullptr, recovery.path());
    ASSERT_TRUE(window.openFile(work.filePath("link.twtrack")));
    nudge(window, 1.0);
    ASSERT_TRUE(window.save());
    EXPECT_TRUE(fs::is_symlink(work.filePath("link.twtrack").toStdString()));
    EXPECT_DOUBLE_EQ(tw::test::firstNodeX(real), tw::test::firstNodeX(kKart) + 1.0);

    ASSERT_TRUE(window.openFile(lockedTrack));
    nudge(window, 1.0);
    PromptScript prompts({"OK"});
    EXPECT_FALSE(window.save());
    ASSERT_EQ(prompts.asked().size(), 1u) << "the designer is told";
    expectNamesTheLockedFolder(prompts.asked()[0].informativeText + prompts.asked()[0].text);
    EXPECT_EQ(bytesOf(lockedTrack), bytesOf(kKart));
    EXPECT_EQ(lockedFiles(), QStringList{"t.twtrack"}) << "a temporary was left";
    EXPECT_TRUE(window.editorDocument()->isModified()) << "the refused save counted as saved";
}

TEST_F(EditorWrites, SaveAsFollowsALinkAndIsRefusedInAReadOnlyFolder) {
    editor::MainWindow window(nullptr, recovery.path());
    ASSERT_TRUE(window.openFile(kKart));
    nudge(window, 2.0);
    // A link to a file not yet written: Save As writes the file it names.
    fs::create_symlink("real/new.twtrack", work.filePath("new-link.twtrack").toStdString());
    answerFileDialogWith(work.filePath("new-link.twtrack"));
    ASSERT_TRUE(window.saveAs());
    EXPECT_TRUE(fs::is_symlink(work.filePath("new-link.twtrack").toStdString()));
    EXPECT_DOUBLE_EQ(tw::test::firstNodeX(work.filePath("real/new.twtrack")), tw::test::firstNodeX(kKart) + 2.0);

    nudge(window, 1.0);
    answerFileDialogWith(work.filePath("locked/other.twtrack"));
    PromptScript prompts({"OK"});
    EXPECT_FALSE(window.saveAs());
    ASSERT_EQ(prompts.asked().size(), 1u);
    expectNamesTheLockedFolder(prompts.asked()[0].informativeText + prompts.asked()[0].text);
    EXPECT_EQ(lockedFiles(), QStringList{"t.twtrack"});
    EXPECT_TRUE(window.editorDocument()->isModified());
}

TEST_F(EditorWrites, AutosaveFollowsALinkAndIsRefusedInAReadOnlyFolder) {
    {
        fs::create_symlink("real", work.filePath("recovery-link").toStdString());
        editor::MainWindow window(nullptr, work.filePath("recovery-link"));
        ASSERT_TRUE(window.openFile(kKart));
        nudge(window, 1.0);
        ASSERT_TRUE(window.autosave()->saveNow());
        EXPECT_TRUE(QFileInfo(window.autosave()->recoveryFile()).exists());
        EXPECT_FALSE(QDir(work.filePath("real")).entryList({"session-*"}, QDir::Dirs).isEmpty()) << "the session is in the link's folder";
        window.autosave()->discard();
    }
    editor::MainWindow window(nullptr, work.filePath("locked"));
    ASSERT_TRUE(window.openFile(kKart));
    nudge(window, 1.0);
    EXPECT_FALSE(window.autosave()->saveNow());
    expectNamesTheLockedFolder(window.statusBar()->currentMessage());
    EXPECT_TRUE(window.statusBar()->currentMessage().startsWith("Autosave failed")) << window.statusBar()->currentMessage().toStdString();
    EXPECT_EQ(lockedFiles(), QStringList{"t.twtrack"}) << "no session folder in a folder nobody may write";
}

TEST_F(EditorWrites, ExportFollowsALinkAndIsRefusedInAReadOnlyFolder) {
    editor::MainWindow window(nullptr, recovery.path());
    ASSERT_TRUE(window.openFile(kKart));
    fs::create_symlink("real/kart.twbake", work.filePath("kart-link.twbake").toStdString());
    QString error;
    ASSERT_TRUE(window.exportBaked(work.filePath("kart-link.twbake"), &error)) << error.toStdString();
    EXPECT_TRUE(fs::is_symlink(work.filePath("kart-link.twbake").toStdString()));
    EXPECT_FALSE(bytesOf(work.filePath("real/kart.twbake")).isEmpty());

    EXPECT_FALSE(window.exportBaked(work.filePath("locked/kart.twbake"), &error));
    expectNamesTheLockedFolder(error);
    EXPECT_EQ(lockedFiles(), QStringList{"t.twtrack"});
}

} // namespace
