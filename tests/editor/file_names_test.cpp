// File names are bytes. twbake opens `caf\xe9.twtrack` (Latin-1); the editor could not, from its
// command line or anywhere else (native_path.h).
#include "kart_copies.h"

#include "editor/display_path.h"
#include "editor/document/autosave.h"
#include "editor/native_path.h"

#include <QFile>
#include <QImage>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace {

namespace fs = std::filesystem;

using tw::test::kKart;
using tw::test::nudge;

/// Empties a QTemporaryDir by its names' own bytes when the test ends (declare it after the folder):
/// QDir::removeRecursively cannot name a file whose name is not UTF-8.
struct RemovedNatively {
    const QTemporaryDir& folder;
    ~RemovedNatively() {
        std::error_code ec;
        for (const auto& entry : fs::directory_iterator(folder.path().toStdString(), ec)) fs::remove_all(entry.path(), ec);
    }
};

/// `folder`/`name`, `name` given as raw bytes, holding the kart sample.
fs::path kartNamed(const QTemporaryDir& folder, const std::string& name) {
    const fs::path path = fs::path(folder.path().toStdString()) / name;
    fs::copy_file(kKart.toStdString(), path);
    return path;
}

double firstNodeX(const fs::path& path) { return formats::loadTrackFile(path).document->nodes[0].position.x; }

int filesIn(const QTemporaryDir& folder) {
    int count = 0;
    for ([[maybe_unused]] const auto& entry : fs::directory_iterator(folder.path().toStdString())) ++count;
    return count;
}

TEST(NativePath, EveryByteStringComesBackAsTheSameBytes) {
    const QByteArray latin1("caf\xe9.twtrack");
    EXPECT_EQ(editor::pathFromNative(latin1), QString("caf") + QChar(0xDCE9) + ".twtrack");
    EXPECT_EQ(editor::pathFromNative(QByteArray("caf\xc3\xa9 \xf0\x9f\x8f\x81")), QString::fromUtf8("café 🏁")) << "UTF-8 reads as UTF-8";
    // Not UTF-8: a lone continuation, an overlong '/', an encoded surrogate, a cut sequence, 0xFF.
    for (const QByteArray& bytes : {latin1, QByteArray("\x80"), QByteArray("\xc0\xaf"), QByteArray("\xed\xa0\x80"), QByteArray("x\xe2\x82"),
                                    QByteArray("\xff\xfe"), QByteArray("\xf4\x90\x80\x80")})
        EXPECT_EQ(editor::nativeFromPath(editor::pathFromNative(bytes)), bytes) << bytes.toHex().toStdString();
    EXPECT_EQ(editor::displayPath(editor::pathFromNative(latin1)), QString("caf\\xe9.twtrack")) << "shown as the byte it is";
    QRandomGenerator random(47);
    for (int i = 0; i < 2000; ++i) {
        QByteArray bytes(1 + static_cast<int>(random.bounded(12)), '\0');
        for (char& b : bytes) b = static_cast<char>(1 + random.bounded(255));
        ASSERT_EQ(editor::nativeFromPath(editor::pathFromNative(bytes)), bytes) << bytes.toHex().toStdString();
    }
}

TEST(EditorFileNames, ATrackNamedInLatin1OpensSavesAutosavesAndRestores) {
    QTemporaryDir work, recovery;
    const RemovedNatively cleanup{work};
    const fs::path track = kartNamed(work, "caf\xe9.twtrack");
    const double x0 = firstNodeX(track);
    const QString name = editor::pathFromNative(QByteArray::fromStdString(track.string()));
    {
        editor::MainWindow window(nullptr, recovery.path());
        QString error;
        ASSERT_TRUE(window.openFile(name, &error)) << error.toStdString();
        EXPECT_TRUE(window.windowTitle().startsWith("caf\\xe9.twtrack")) << window.windowTitle().toStdString();
        nudge(window, 2.0);
        ASSERT_TRUE(window.save()) << "the file's own name did not save (or asked about a change nobody made)";
        EXPECT_DOUBLE_EQ(firstNodeX(track), x0 + 2.0);
        EXPECT_EQ(filesIn(work), 1) << "the save wrote another name (U+FFFD) beside the file";
        nudge(window, 1.0);
        ASSERT_TRUE(window.autosave()->saveNow());
    }  // gone without a clean close: the autosave stays
    editor::MainWindow next(nullptr, recovery.path());
    ASSERT_TRUE(next.restoreRecovery());
    EXPECT_EQ(next.filePath(), name);
    ASSERT_TRUE(next.save());
    EXPECT_DOUBLE_EQ(firstNodeX(track), x0 + 3.0);
    EXPECT_EQ(filesIn(work), 1);
}

TEST(TrackwrightApp, OpensATrackNamedInLatin1FromTheCommandLineAndScreenshotsToOne) {
    QTemporaryDir work;
    const RemovedNatively cleanup{work};
    kartNamed(work, "caf\xe9.twtrack");
    // QProcess would encode the arguments as UTF-8: the shell's printf gives the raw bytes.
    QProcess app;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("QT_QPA_PLATFORM", "offscreen");
    env.insert("APP", TRACKWRIGHT_APP_EXECUTABLE);
    env.insert("DIR", work.path());
    app.setProcessEnvironment(env);
    app.start("/bin/sh", {"-c", R"sh(exec "$APP" --open "$(printf '%s/caf\351.twtrack' "$DIR")" --screenshot "$(printf '%s/shot\351.png' "$DIR")" --size 900x600)sh"});
    ASSERT_TRUE(app.waitForFinished(60000));
    ASSERT_EQ(app.exitCode(), 0) << app.readAllStandardError().toStdString();
    const std::string shot = work.path().toStdString() + "/shot\xe9.png";
    EXPECT_EQ(app.readAllStandardOutput().trimmed().toStdString(), shot) << "the printed path is not the file's";
    std::ifstream png(shot, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(png)), std::istreambuf_iterator<char>());
    EXPECT_EQ(QImage::fromData(QByteArray::fromStdString(bytes), "PNG").size(), QSize(900, 600));
}

} // namespace
