// Every write of the editor goes through the product's one output-path policy
// (formats::writeOutputFile, docs/hardening.md), as twbake's outputs do: File ▸ Save, screenshots
// and Export Baked…, whose output may be neither the open track nor its autosave.
#include "kart_copies.h"

#include "editor/document/autosave.h"
#include "editor/screenshot.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <filesystem>

#include <sys/stat.h>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;

using tw::test::bytesOf;
using tw::test::copyOfKart;
using tw::test::kKart;
using tw::test::nudge;

constexpr uid_t kOtherUser = 4321;
constexpr gid_t kOtherGroup = 4322;

struct stat statOf(const QString& path) {
    struct stat s {};
    ::stat(QFile::encodeName(path).constData(), &s);
    return s;
}

/// A designer's file: 0640, owned by another user and group, as a root shell (sudo, a container)
/// finds it in their home.
void giveToAnotherUser(const QString& path) {
    ASSERT_EQ(::chmod(QFile::encodeName(path).constData(), 0640), 0);
    ASSERT_EQ(::chown(QFile::encodeName(path).constData(), kOtherUser, kOtherGroup), 0);
}

TEST(EditorOutputs, SavingAsRootOverAnotherUsersFileKeepsItsOwnerAndMode) {
    // QSaveFile kept the mode but made root the owner: the designer could no longer write their track.
    if (::geteuid() != 0) GTEST_SKIP() << "needs root to own a file as another user";
    QTemporaryDir work;
    const QString track = copyOfKart(work, "t.twtrack");
    giveToAnotherUser(track);
    editor::MainWindow window;
    ASSERT_TRUE(window.openFile(track));
    nudge(window, 2.0);
    QString error;
    ASSERT_TRUE(window.saveTo(track, &error)) << error.toStdString();
    const struct stat after = statOf(track);
    EXPECT_EQ(after.st_uid, kOtherUser);
    EXPECT_EQ(after.st_gid, kOtherGroup);
    EXPECT_EQ(after.st_mode & 07777, 0640u);
    EXPECT_DOUBLE_EQ(tw::test::firstNodeX(track), tw::test::firstNodeX(kKart) + 2.0);
    EXPECT_EQ(QDir(work.path()).entryList(QDir::Files | QDir::Hidden).size(), 1) << "a temporary file was left";
}

TEST(EditorOutputs, SavingFollowsALinkAndRefusesAReadOnlyFileEvenAsRoot) {
    QTemporaryDir work;
    ASSERT_TRUE(QDir(work.path()).mkdir("real"));
    const QString real = copyOfKart(work, "real/t.twtrack");
    const QString link = work.filePath("link.twtrack");
    fs::create_symlink("real/t.twtrack", link.toStdString());
    editor::MainWindow window;
    ASSERT_TRUE(window.openFile(link));
    nudge(window, 1.0);
    ASSERT_TRUE(window.save());
    EXPECT_TRUE(fs::is_symlink(link.toStdString())) << "the link was replaced by a file";
    EXPECT_NE(bytesOf(real), bytesOf(kKart)) << "the link's target did not get the save";

    // 0444: the owner marked it read-only (a version-control checkout not opened for edit). Root's
    // QSaveFile wrote over it.
    const QString readOnly = copyOfKart(work, "ro.twtrack");
    ASSERT_EQ(::chmod(QFile::encodeName(readOnly).constData(), 0444), 0);
    ASSERT_TRUE(window.openFile(readOnly));
    nudge(window, 1.0);
    QString error;
    EXPECT_FALSE(window.saveTo(readOnly, &error));
    EXPECT_TRUE(error.contains("read-only") && error.contains("ro.twtrack")) << error.toStdString();
    EXPECT_EQ(bytesOf(readOnly), bytesOf(kKart));
    EXPECT_EQ(statOf(readOnly).st_mode & 07777, 0444u);
    EXPECT_TRUE(window.editorDocument()->isModified()) << "the refused save counted as saved";
}

TEST(EditorOutputs, AScreenshotOverAnotherUsersFileKeepsItsOwnerAndMode) {
    if (::geteuid() != 0) GTEST_SKIP() << "needs root to own a file as another user";
    QTemporaryDir work;
    const QString shot = work.filePath("shot.png");
    ASSERT_TRUE(tw::test::writeBytes(shot, "an older picture"));
    giveToAnotherUser(shot);
    editor::MainWindow window;
    ASSERT_TRUE(window.openFile(kKart));
    QString error;
    ASSERT_TRUE(editor::saveWindowScreenshot(window, QSize(900, 600), shot.toStdString(), &error)) << error.toStdString();
    EXPECT_EQ(QImage(shot).size(), QSize(900, 600));
    const struct stat after = statOf(shot);
    EXPECT_EQ(after.st_uid, kOtherUser);
    EXPECT_EQ(after.st_gid, kOtherGroup);
    EXPECT_EQ(after.st_mode & 07777, 0640u);
}

TEST(EditorOutputs, ExportBakedRefusesTheOpenTrackAndItsAutosaveByAnyName) {
    // Export Baked… onto the open t.twtrack (Yes to "replace?") turned the source into a bake, and
    // Ctrl+Q then quit without a word.
    QTemporaryDir work;
    const QString track = copyOfKart(work, "t.twtrack");
    const QByteArray source = bytesOf(track);
    ASSERT_TRUE(QDir(work.path()).mkdir("sub"));
    fs::create_symlink("t.twtrack", work.filePath("alias.twbake").toStdString());
    fs::create_hard_link(track.toStdString(), work.filePath("hard.twbake").toStdString());
    QTemporaryDir recovery;
    editor::MainWindow window(nullptr, recovery.path());
    ASSERT_TRUE(window.openFile(track));
    nudge(window, 1.0);
    for (const QString& name : {QString("t.twtrack"), QString("alias.twbake"), QString("hard.twbake"), QString("sub/../t.twtrack")}) {
        QString error;
        EXPECT_FALSE(window.exportBaked(work.filePath(name), &error)) << name.toStdString();
        EXPECT_TRUE(error.contains("open track") && error.contains("t.twtrack") && error.contains("t.twbake")) << error.toStdString();
        EXPECT_EQ(bytesOf(track), source) << name.toStdString();
    }
    EXPECT_TRUE(window.editorDocument()->isModified()) << "quitting must still ask";

    ASSERT_TRUE(window.autosave()->saveNow());
    const QString autosaved = window.autosave()->recoveryFile();
    const QByteArray recoveryBytes = bytesOf(autosaved);
    QString error;
    EXPECT_FALSE(window.exportBaked(autosaved, &error));
    EXPECT_TRUE(error.contains("autosave")) << error.toStdString();
    EXPECT_EQ(bytesOf(autosaved), recoveryBytes);

    // Anywhere else, the export goes ahead.
    EXPECT_TRUE(window.exportBaked(work.filePath("t.twbake"), &error)) << error.toStdString();
    EXPECT_TRUE(bytesOf(work.filePath("t.twbake")).size() > 100);
}

} // namespace
