// Every write of the editor goes through the product's one output-path policy
// (formats::writeOutputFile, docs/hardening.md), as twbake's outputs do: File ▸ Save and
// screenshots.
#include "kart_copies.h"

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

} // namespace
