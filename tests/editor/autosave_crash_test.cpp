// Kill the editor while it autosaves, start again, get the work back: the recovery file is always
// a complete autosave (the last one or the one before), never a torn write.
#include "editor/document/autosave.h"
#include "editor/document/editor_document.h"
#include "editor/main_window.h"

#include "formats/source/track_json.h"

#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <csignal>

namespace {

TEST(AutosaveCrash, KilledMidAutosaveTheNextStartRestoresTheLastCompleteOne) {
    const QString track = QString(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack";
    const double x0 = formats::loadTrackFile(track.toStdString()).document->nodes[0].position.x;
    QRandomGenerator random(20261122);  // fixed: the same kill moments every run
    int restored = 0;
    for (int round = 0; round < 20; ++round) {
        QTemporaryDir dir;
        QProcess child;
        child.start(AUTOSAVE_CHILD_EXECUTABLE, {track, dir.path()});
        ASSERT_TRUE(child.waitForStarted(10000));
        // Let it autosave a while, then kill it wherever it is: inside a write, a rename, an edit.
        int lastPrinted = 0;
        const int target = 2 + static_cast<int>(random.bounded(20));
        while (lastPrinted < target && child.state() == QProcess::Running) {
            child.waitForReadyRead(2000);
            for (const QByteArray& line : child.readAllStandardOutput().split('\n'))
                if (!line.isEmpty()) lastPrinted = line.toInt();
        }
        ::kill(static_cast<pid_t>(child.processId()), SIGKILL);
        child.waitForFinished(5000);
        for (const QByteArray& line : child.readAllStandardOutput().split('\n'))
            if (!line.isEmpty()) lastPrinted = line.toInt();
        ASSERT_GE(lastPrinted, target) << "the child stopped early: " << child.readAllStandardError().toStdString();

        editor::MainWindow next(nullptr, dir.path());
        ASSERT_TRUE(editor::Autosave::findRecovery(dir.path())) << "round " << round;
        ASSERT_TRUE(next.restoreRecovery()) << "round " << round << ": the recovery file does not load";
        EXPECT_EQ(next.filePath(), track);
        EXPECT_TRUE(next.editorDocument()->isModified()) << "restored work is unsaved until saved";
        const double edits = next.document()->nodes[0].position.x - x0;
        // The last autosave printed, or one that completed after it and before the kill.
        EXPECT_TRUE(std::abs(edits - lastPrinted) < 1e-6 || std::abs(edits - (lastPrinted + 1)) < 1e-6)
            << "round " << round << ": restored " << edits << " edits, last autosave printed " << lastPrinted;
        ++restored;
    }
    EXPECT_EQ(restored, 20);
}

} // namespace
