// "Restore unsaved work?" at the start after a crash: Escape answered No, and No deleted the crashed
// session's autosave without a second word. Now Restore, Discard… (which asks first) and Later
// (Escape too), which keeps the autosave for the next start.
#include "kart_copies.h"
#include "prompt_script.h"

#include "editor/document/autosave.h"
#include "editor/restore_prompt.h"

#include <QFile>
#include <QTemporaryDir>

#include <gtest/gtest.h>

namespace {

using tw::test::kKart;

double x0() { return tw::test::firstNodeX(kKart); }

/// What a crashed session leaves in `recovery`: the kart sample with node 0 three metres east,
/// autosaved, and its window gone without a clean close.
void leaveACrashedSession(const QString& recovery) {
    editor::MainWindow crashed(nullptr, recovery);
    ASSERT_TRUE(crashed.openFile(kKart));
    tw::test::nudge(crashed, 3.0);
    ASSERT_TRUE(crashed.autosave()->saveNow());
}

editor::RecoveryChoice offer(const QString& recovery, const QStringList& answers, std::vector<AskedPrompt>* asked = nullptr,
                             double* restoredX = nullptr) {
    editor::MainWindow start(nullptr, recovery);
    const auto found = editor::Autosave::findRecovery(recovery);
    EXPECT_TRUE(found) << "no crashed session to offer";
    if (!found) return editor::RecoveryChoice::Later;
    PromptScript script(answers);
    const editor::RecoveryChoice choice = editor::offerRecovery(start, *found);
    EXPECT_EQ(script.left(), 0) << "fewer prompts than answers";
    if (asked) *asked = script.asked();
    if (restoredX && start.document()) *restoredX = start.document()->nodes[0].position.x;
    return choice;
}

TEST(RestorePrompt, EscapeIsLaterAndTheAutosaveIsOfferedAgainAtTheNextStart) {
    QTemporaryDir recovery;
    leaveACrashedSession(recovery.path());
    std::vector<AskedPrompt> asked;
    EXPECT_EQ(offer(recovery.path(), {"<Escape>"}, &asked), editor::RecoveryChoice::Later);
    ASSERT_EQ(asked.size(), 1u);
    QStringList buttons = asked[0].buttons;
    buttons.sort();
    EXPECT_EQ(buttons, (QStringList{"Discard…", "Later", "Restore"}));
    EXPECT_TRUE(asked[0].text.contains("kart.twtrack")) << asked[0].text.toStdString();
    const auto kept = editor::Autosave::findRecovery(recovery.path());
    ASSERT_TRUE(kept) << "Escape deleted the autosave";
    EXPECT_TRUE(QFile::exists(kept->recoveryFile));

    // Later, the button, keeps it too; the start after that restores it.
    EXPECT_EQ(offer(recovery.path(), {"Later"}), editor::RecoveryChoice::Later);
    double x = 0.0;
    EXPECT_EQ(offer(recovery.path(), {"Restore"}, nullptr, &x), editor::RecoveryChoice::Restored);
    EXPECT_DOUBLE_EQ(x, x0() + 3.0);
}

TEST(RestorePrompt, DiscardAsksBeforeDeletingTheAutosave) {
    QTemporaryDir recovery;
    leaveACrashedSession(recovery.path());
    // Discard…, then Cancel in the confirmation: back to the question, and Escape there keeps it.
    std::vector<AskedPrompt> asked;
    EXPECT_EQ(offer(recovery.path(), {"Discard…", "Cancel", "<Escape>"}, &asked), editor::RecoveryChoice::Later);
    ASSERT_EQ(asked.size(), 3u);
    EXPECT_EQ(asked[1].objectName, "discardRecoveryBox");
    EXPECT_TRUE(asked[1].text.contains("cannot be restored")) << asked[1].text.toStdString();
    EXPECT_EQ(asked[2].objectName, "restoreBox") << "Cancel did not come back to the question";
    ASSERT_TRUE(editor::Autosave::findRecovery(recovery.path())) << "deleted without confirmation";

    // Escape in the confirmation is Cancel, too.
    EXPECT_EQ(offer(recovery.path(), {"Discard…", "<Escape>", "Later"}), editor::RecoveryChoice::Later);
    ASSERT_TRUE(editor::Autosave::findRecovery(recovery.path()));

    // Confirmed, it goes.
    EXPECT_EQ(offer(recovery.path(), {"Discard…", "Discard"}), editor::RecoveryChoice::Discarded);
    EXPECT_FALSE(editor::Autosave::findRecovery(recovery.path()));
}

} // namespace
