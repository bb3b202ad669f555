// A name holding ESC, BEL, a right-to-left override, `[*]` or `&` was shown raw, or taken for Qt's
// own markers, in the title, the recent files and messages (display_path.h).
#include "kart_copies.h"
#include "prompt_script.h"

#include "editor/display_path.h"

#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QWindow>

#include <gtest/gtest.h>

#include <algorithm>

namespace {

bool hasControlCharacters(const QString& text) {
    return std::any_of(text.begin(), text.end(), [](QChar c) { return c.unicode() < 0x20 || c.unicode() == 0x7F || (c.unicode() >= 0x202A && c.unicode() <= 0x202E); });
}

TEST(DisplayPath, ControlsBidiAndBytesThatAreNotUtf8AreShownAsEscapes) {
    EXPECT_EQ(editor::displayPath(QString("a\x1b[31mb\x07\r\n\x7f")), QString("a\\x1b[31mb\\x07\\x0d\\x0a\\x7f"));
    EXPECT_EQ(editor::displayPath(QString("x") + QChar(0x202E) + "kcart.exe" + QChar(0x2066) + QChar(0x0085)), QString("x\\u202ekcart.exe\\u2066\\u0085"));
    EXPECT_EQ(editor::displayPath(QString("caf") + QChar(0xDCE9)), QString("caf\\xe9")) << "a byte that was not UTF-8 (native_path.h)";
    EXPECT_EQ(editor::displayPath(QString::fromUtf8("café Łódź 東京 🏁 [*] & <b>")), QString::fromUtf8("café Łódź 東京 🏁 [*] & <b>"));
    EXPECT_EQ(editor::displayText(QString("one\x1b\ntwo")), QString("one\\x1b\ntwo")) << "a message keeps its lines";
    EXPECT_EQ(editor::windowTitleText("a[*]b"), QString("a[*][*]b"));
    EXPECT_EQ(editor::menuText("R&D"), QString("R&&D"));
}

TEST(DisplayedNames, AHostileFileNameIsShownEscapedInTheTitleTheRecentFilesAndMessages) {
    QTemporaryDir work;
    const QString path = tw::test::copyOfKart(work, QString("evil\x1b]0;owned\x07[*]&co") + QChar(0x202E) + "kcart.twtrack");  // ESC, BEL, [*], &, RLO
    const QString shown = "evil\\x1b]0;owned\\x07[*]&co\\u202ekcart.twtrack";
    editor::MainWindow window;
    ASSERT_TRUE(window.openFile(path));
    window.show();
    QApplication::processEvents();
    // The title the window system gets: the name's [*] shown, the modified marker where the editor put it.
    ASSERT_NE(window.windowHandle(), nullptr);
    EXPECT_EQ(window.windowHandle()->title(), shown + " — Trackwright");
    tw::test::nudge(window, 1.0);
    EXPECT_EQ(window.windowHandle()->title(), shown + "* — Trackwright");

    QMenu* recent = nullptr;
    for (QMenu* menu : window.menuBar()->findChildren<QMenu*>())
        if (menu->title() == "Open &Recent") recent = menu;
    ASSERT_NE(recent, nullptr);
    ASSERT_FALSE(recent->actions().isEmpty());
    EXPECT_EQ(recent->actions().front()->text(), "evil\\x1b]0;owned\\x07[*]&&co\\u202ekcart.twtrack") << "& not doubled, or raw controls";
    EXPECT_FALSE(hasControlCharacters(recent->actions().front()->toolTip()));

    ASSERT_TRUE(window.save());
    EXPECT_TRUE(window.statusBar()->currentMessage().contains(shown)) << window.statusBar()->currentMessage().toStdString();

    // A broken file of such a name, and a tag in it that a message box would render.
    const QString broken = work.filePath("<b>bad\x1b[2J.twtrack");
    ASSERT_TRUE(tw::test::writeBytes(broken, "{ not json"));
    PromptScript script({"OK"});
    EXPECT_FALSE(window.openFileReportingErrors(broken));
    ASSERT_EQ(script.asked().size(), 1u);
    const AskedPrompt& box = script.asked().front();
    EXPECT_TRUE(box.text.startsWith("<b>bad\\x1b[2J.twtrack")) << box.text.toStdString();
    EXPECT_FALSE(hasControlCharacters(box.text) || hasControlCharacters(QString(box.informativeText).remove('\n')));
    EXPECT_EQ(box.format, Qt::PlainText) << "the <b> would be rendered";
}

} // namespace
