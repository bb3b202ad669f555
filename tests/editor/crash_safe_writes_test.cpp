// Killed at any moment, a write leaves the complete old file or the complete new one, never a torn
// mixture: twbake build and twbake raceline and the editor's File > Save (all through
// formats::writeOutputFile's atomic writes), each killed with SIGKILL at random moments: 150, 150
// and 40 times (an editor session takes a while to start), besides the 20 autosaves of
// autosave_crash_test.cpp.
#include "formats/source/file_io.h"
#include "formats/source/track_json.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QThread>

#include <gtest/gtest.h>

#include <csignal>

namespace {

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// Runs `program args` to completion once (the new version of the file), then `rounds` more times
/// killed after a random delay up to `window` ms, checking each time that `target` holds either
/// `old` or the complete new version.
void killRepeatedly(const QString& program, const QStringList& args, const QString& target, const QByteArray& old, int rounds, int windowMs) {
    QFile::remove(target);
    QProcess once;
    once.start(program, args);
    ASSERT_TRUE(once.waitForFinished(120000));
    ASSERT_EQ(once.exitCode(), 0) << once.readAllStandardError().toStdString();
    const QByteArray fresh = readAll(target);
    ASSERT_FALSE(fresh.isEmpty());
    ASSERT_NE(fresh, old) << "the test needs the new version to differ from the old";
    QRandomGenerator random(7);  // fixed: the same kill moments every run
    int killedMidway = 0;
    for (int round = 0; round < rounds; ++round) {
        QFile out(target);
        ASSERT_TRUE(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
        out.write(old);
        out.close();
        QProcess child;
        child.start(program, args);
        ASSERT_TRUE(child.waitForStarted(10000));
        QThread::usleep(static_cast<unsigned long>(random.bounded(windowMs * 1000)));
        const bool running = child.state() == QProcess::Running;
        ::kill(static_cast<pid_t>(child.processId()), SIGKILL);
        child.waitForFinished(10000);
        killedMidway += running;
        const QByteArray now = readAll(target);
        ASSERT_TRUE(now == old || now == fresh) << "round " << round << ": " << target.toStdString() << " holds " << now.size()
                                                << " bytes, neither the old file nor the new one";
    }
    EXPECT_GT(killedMidway, rounds / 2) << "most kills must land while the program runs, or the test proves little";
}

TEST(CrashSafeWrites, TwbakeBuildKilledAnywhereLeavesTheOldBakeOrTheNew) {
    QTemporaryDir dir;
    const QString target = dir.filePath("track.twbake");
    const QString samples = TRACKWRIGHT_SAMPLES_DIR;
    // The old version: another track's bake.
    QProcess first;
    first.start(TWBAKE_EXECUTABLE, {"build", samples + "/kart.twtrack", "-o", target});
    ASSERT_TRUE(first.waitForFinished(60000));
    const QByteArray old = readAll(target);
    killRepeatedly(TWBAKE_EXECUTABLE, {"build", samples + "/monza.twtrack", "-o", target, "--no-cache"}, target, old, 150, 40);
}

TEST(CrashSafeWrites, TwbakeRacelineKilledAnywhereLeavesTheOldTrackOrTheNew) {
    QTemporaryDir dir;
    const QString target = dir.filePath("kart.twtrack");
    const QByteArray old = readAll(QString(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack");
    killRepeatedly(TWBAKE_EXECUTABLE, {"raceline", QString(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack", "-o", target}, target, old, 150, 40);
}

TEST(CrashSafeWrites, TheEditorsSaveKilledAnywhereLeavesACompleteTrack) {
    QTemporaryDir dir;
    const QString target = dir.filePath("saved.twtrack");
    const QString track = QString(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack";
    const double x0 = formats::loadTrackFile(track.toStdString()).document->nodes[0].position.x;
    QRandomGenerator random(3);
    for (int round = 0; round < 40; ++round) {
        QProcess child;
        child.start(AUTOSAVE_CHILD_EXECUTABLE, {track, dir.filePath("recovery"), target});
        ASSERT_TRUE(child.waitForStarted(10000));
        int printed = 0;
        const int target_saves = 1 + static_cast<int>(random.bounded(6));
        while (printed < target_saves && child.state() == QProcess::Running) {
            child.waitForReadyRead(2000);
            for (const QByteArray& line : child.readAllStandardOutput().split('\n'))
                if (!line.isEmpty()) printed = line.toInt();
        }
        QThread::usleep(static_cast<unsigned long>(random.bounded(3000)));
        ::kill(static_cast<pid_t>(child.processId()), SIGKILL);
        child.waitForFinished(5000);
        for (const QByteArray& line : child.readAllStandardOutput().split('\n'))
            if (!line.isEmpty()) printed = line.toInt();
        const formats::TrackLoadResult saved = formats::loadTrackFile(target.toStdString());
        ASSERT_TRUE(saved.document) << "round " << round << ": the saved file does not load";
        const double edits = saved.document->nodes[0].position.x - x0;
        // Every round starts again from the sample, so the file holds a complete save of 1 to
        // printed + 1 edits: this round's last (or one finished after its print), never a torn one.
        EXPECT_GE(edits, 1.0 - 1e-9) << "round " << round;
        EXPECT_LE(edits, printed + 1 + 1e-9) << "round " << round;
    }
}

} // namespace
