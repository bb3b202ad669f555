#include "editor/main_window.h"
#include "editor/shortcuts_dialog.h"
#include "editor/start_panel.h"
#include "editor/canvas/track_canvas.h"
#include "editor/tools/tool_manager.h"
#include "editor/document/editor_document.h"
#include "formats/source/track_json.h"
#include "formats/source/file_io.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QLabel>
#include <QMessageBox>
#include <QMouseEvent>
#include <QStatusBar>
#include <QTimer>
#include <QProcess>
#include <QPushButton>
#include <QTest>
#include <QRegularExpression>
#include <QSettings>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

namespace {

const QString kSamples = TRACKWRIGHT_SAMPLES_DIR;

TEST(MainWindow, OpensASampleAndShowsItInTheTitle) {
    editor::MainWindow window;
    QString error;
    ASSERT_TRUE(window.openFile(kSamples + "/harbour_sprint.twtrack", &error)) << error.toStdString();
    ASSERT_TRUE(window.document());
    EXPECT_EQ(window.document()->routes.size(), 2u);
    EXPECT_TRUE(window.windowTitle().startsWith("harbour_sprint.twtrack"));
    EXPECT_EQ(window.canvas()->drawing().routes.size(), 2u);
    EXPECT_FALSE(formats::hasErrors(window.diagnostics()));
}

// File ▸ Import TORCS Track on a real TORCS file: a new, unsaved track with its pit lane that
// validates, one undo step; a broken file says which segment and keeps the current track.
TEST(MainWindow, ImportsATorcsTrackAsANewUnsavedTrack) {
    editor::MainWindow window;
    ASSERT_TRUE(window.openFile(kSamples + "/kart.twtrack"));
    QString error;
    ASSERT_TRUE(window.importFile(QString(TRACKWRIGHT_SHARED_TRACKS_DIR) + "/torcs/road/corkscrew.xml",
                                  editor::MainWindow::ImportKind::Torcs, &error)) << error.toStdString();
    ASSERT_TRUE(window.document());
    EXPECT_EQ(window.document()->name, "Corkscrew");
    EXPECT_EQ(window.document()->routes.size(), 2u);
    // Live validation runs off the UI thread: wait for the imported track's.
    EXPECT_TRUE(QTest::qWaitFor([&] {
        const formats::Diagnostics& found = window.diagnostics();
        return std::none_of(found.begin(), found.end(), [](const formats::Diagnostic& d) { return d.code == "no-routes"; });
    }, 5000));
    for (const formats::Diagnostic& d : window.diagnostics())
        EXPECT_NE(d.severity, formats::Severity::Error) << d.code << ": " << d.message;
    EXPECT_TRUE(window.editorDocument()->filePath().isEmpty()) << "Save asks where an import goes";
    EXPECT_EQ(window.editorDocument()->undoStack()->count(), 1);

    QTemporaryDir dir;
    const QString bad = dir.filePath("bad.xml");
    QFile file(bad);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write("<params name=\"x\"><section name=\"Header\"><attnum name=\"version\" val=\"4\"/></section>"
               "<section name=\"Main Track\"><section name=\"Track Segments\"><section name=\"esses\">"
               "<attstr name=\"type\" val=\"wiggle\"/></section></section></section></params>");
    file.close();
    EXPECT_FALSE(window.importFile(bad, editor::MainWindow::ImportKind::Torcs, &error));
    EXPECT_TRUE(error.contains("esses")) << error.toStdString();
    EXPECT_EQ(window.document()->name, "Corkscrew");
}

TEST(MainWindow, AFileThatCannotBeLoadedReportsWhyAndKeepsTheCurrentTrack) {
    editor::MainWindow window;
    ASSERT_TRUE(window.openFile(kSamples + "/kart.twtrack"));
    QString error;
    EXPECT_FALSE(window.openFile("/nonexistent/track.twtrack", &error));
    EXPECT_TRUE(error.contains("error[io-read]")) << error.toStdString();
    ASSERT_TRUE(window.document());
    EXPECT_EQ(window.document()->name, "Hairpin Kart Circuit");

    QTemporaryDir dir;
    const QString bad = dir.filePath("bad.twtrack");
    QFile file(bad);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write("{\"format\": \"trackwright-track\", \"schema\": 1,\n  \"name\": [}");
    file.close();
    EXPECT_FALSE(window.openFile(bad, &error));
    EXPECT_TRUE(error.contains(":2:")) << error.toStdString();
    EXPECT_TRUE(error.contains("json-syntax")) << error.toStdString();
}

TEST(MainWindow, ABadPathOnAFreshWindowLeavesNoDocument) {
    editor::MainWindow window;
    QString error;
    EXPECT_FALSE(window.openFile("/nonexistent/track.twtrack", &error));
    EXPECT_TRUE(error.startsWith("/nonexistent/track.twtrack: error[io-read]: ")) << error.toStdString();
    EXPECT_FALSE(window.document());
    EXPECT_TRUE(window.canvas()->drawing().routes.empty());
    EXPECT_EQ(window.windowTitle(), QString("No track — Trackwright"));
}

TEST(MainWindow, OpeningFromTheMenuShowsWhyAFileCannotBeOpened) {
    editor::MainWindow window;
    QString shown;
    // The message box is modal: read and close it from the event loop it runs.
    QTimer::singleShot(0, [&] {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        ASSERT_NE(box, nullptr);
        shown = box->informativeText();
        box->accept();
    });
    EXPECT_FALSE(window.openFileReportingErrors("/nonexistent/track.twtrack"));
    EXPECT_TRUE(shown.contains("error[io-read]")) << shown.toStdString();
    EXPECT_FALSE(window.document());
}

TEST(MainWindow, TheStatusBarShowsTheTrackAndTheCursor) {
    editor::MainWindow window;
    ASSERT_TRUE(window.openFile(kSamples + "/kart.twtrack"));
    window.resize(1000, 700);
    window.show();
    QApplication::processEvents();
    QStringList texts;
    for (const QLabel* label : window.statusBar()->findChildren<QLabel*>()) texts << label->text();
    const QString all = texts.join(" | ");
    EXPECT_TRUE(all.contains("Hairpin Kart Circuit")) << all.toStdString();
    EXPECT_TRUE(all.contains(QString("%1 nodes").arg(window.document()->nodes.size()))) << all.toStdString();
    EXPECT_TRUE(all.contains("1 routes")) << all.toStdString();

    editor::TrackCanvas* canvas = window.canvas();
    const QPointF at = canvas->view().toScreen({12.0, 34.5});
    QMouseEvent move(QEvent::MouseMove, at, canvas->mapToGlobal(at), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
    QApplication::sendEvent(canvas, &move);
    texts.clear();
    for (const QLabel* label : window.statusBar()->findChildren<QLabel*>()) texts << label->text();
    EXPECT_TRUE(texts.join(" | ").contains("x 12.0 m   y 34.5 m")) << texts.join(" | ").toStdString();
}

// The README and pipelines rely on `trackwright --open FILE --screenshot OUT.png`.
TEST(TrackwrightApp, ScreenshotWritesAPngOfTheRequestedSizeShowingTheTrack) {
    QTemporaryDir dir;
    const QString out = dir.filePath("kart.png");
    QProcess app;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("QT_QPA_PLATFORM", "offscreen");
    app.setProcessEnvironment(env);
    app.start(TRACKWRIGHT_APP_EXECUTABLE, {"--open", kSamples + "/kart.twtrack", "--screenshot", out, "--size", "900x600"});
    ASSERT_TRUE(app.waitForFinished(60000));
    ASSERT_EQ(app.exitCode(), 0) << app.readAllStandardError().toStdString();
    EXPECT_EQ(QString::fromLocal8Bit(app.readAllStandardOutput()).trimmed(), out);
    const QImage image(out);
    ASSERT_FALSE(image.isNull());
    EXPECT_EQ(image.size(), QSize(900, 600));
    std::set<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7)
        for (int x = 0; x < image.width(); x += 7) colours.insert(image.pixel(x, y));
    EXPECT_GT(colours.size(), 20u);
    // Tarmac grey is on the picture.
    bool tarmac = false;
    for (QRgb c : colours) tarmac |= std::abs(qRed(c) - 96) < 6 && std::abs(qGreen(c) - 99) < 6 && std::abs(qBlue(c) - 106) < 6;
    EXPECT_TRUE(tarmac);
}

TEST(TrackwrightApp, AScreenshotRunLeavesTheDesignersRecentFilesAlone) {
    // Pipelines render screenshots with the designer's account: each run rewrote the recent files.
    QTemporaryDir home;
    const QString config = home.filePath("config/Trackwright/Trackwright.conf");
    ASSERT_TRUE(QDir().mkpath(QFileInfo(config).path()));
    {
        QFile file(config);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write("[General]\nrecentFiles=/home/designer/circuit.twtrack\n");
    }
    const QByteArray before = [&] { QFile f(config); f.open(QIODevice::ReadOnly); return f.readAll(); }();
    QProcess app;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("QT_QPA_PLATFORM", "offscreen");
    env.insert("XDG_CONFIG_HOME", home.filePath("config"));
    env.insert("XDG_DATA_HOME", home.filePath("data"));
    app.setProcessEnvironment(env);
    app.start(TRACKWRIGHT_APP_EXECUTABLE, {"--open", kSamples + "/kart.twtrack", "--screenshot", home.filePath("kart.png"), "--size", "640x480"});
    ASSERT_TRUE(app.waitForFinished(60000));
    ASSERT_EQ(app.exitCode(), 0) << app.readAllStandardError().toStdString();
    QFile after(config);
    ASSERT_TRUE(after.open(QIODevice::ReadOnly));
    EXPECT_EQ(after.readAll(), before);
    EXPECT_FALSE(QDir(home.filePath("data")).exists()) << "a screenshot run wrote autosave data";
}

TEST(MainWindow, StartsOnTheLastFileOrANewTrackReadyForTheTools) {
    // The editor opened on no track at all: Add Node did nothing until File > New.
    QSettings settings;
    const QVariant saved = settings.value("recentFiles");
    QTemporaryDir dir;
    const QString last = dir.filePath("last.twtrack");
    ASSERT_TRUE(QFile::copy(kSamples + "/kart.twtrack", last));
    settings.setValue("recentFiles", QStringList{last});
    {
        editor::MainWindow window;
        EXPECT_TRUE(window.openStartUpTrack());
        EXPECT_EQ(window.filePath(), last);
    }
    QFile::remove(last);
    {
        editor::MainWindow window;
        EXPECT_FALSE(window.openStartUpTrack());
        ASSERT_TRUE(window.document()) << "no track to click nodes into";
        EXPECT_TRUE(window.document()->nodes.empty());
        EXPECT_TRUE(window.filePath().isEmpty());
    }
    settings.setValue("recentFiles", saved);
}

TEST(TrackwrightApp, HelpAndVersionNeedNoDisplay) {
    for (const char* argument : {"--help", "--version"}) {
        QProcess app;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove("DISPLAY");
        env.remove("WAYLAND_DISPLAY");
        env.remove("QT_QPA_PLATFORM");
        app.setProcessEnvironment(env);
        app.start(TRACKWRIGHT_APP_EXECUTABLE, {argument});
        ASSERT_TRUE(app.waitForFinished(30000));
        EXPECT_EQ(app.exitCode(), 0) << argument << ": " << app.readAllStandardError().toStdString();
        const QString out = QString::fromLocal8Bit(app.readAllStandardOutput());
        EXPECT_TRUE(out.contains(std::string_view(argument) == "--help" ? "--screenshot" : "Trackwright")) << out.toStdString();
    }
}

TEST(TrackwrightApp, ATrackOfPiledUpNodesOpensAndRenders) {
    // 15 000 nodes pasted into a 10 m square took the editor a minute to open (self-crossing
    // surfaces and strokes filled by the raster engine, quadratic simplification); 30 000 took
    // several. A generous bound: a regression hangs far past it, a working build takes a second.
    QTemporaryDir dir;
    formats::TrackDocument pile = formats::TrackDocument{};
    pile.name = "pile";
    formats::Route route{"main", true, {}, std::nullopt, std::nullopt};
    std::uint64_t seed = 7;
    auto next = [&] { return static_cast<double>((seed = seed * 6364136223846793005ULL + 1442695040888963407ULL) >> 11) / 9007199254740992.0; };
    for (std::uint32_t i = 0; i < 30000; ++i) {
        formats::TrackNode node;
        node.position = {10.0 * next(), 10.0 * next(), 0.0};
        node.left = node.right = {4.0, 6.0, 8.0};
        pile.nodes.push_back(node);
        route.nodes.push_back(i);
    }
    pile.routes.push_back(route);
    const QString file = dir.filePath("pile.twtrack");
    std::string error;
    ASSERT_TRUE(formats::writeOutputFile(file.toStdString(), formats::writeTrackJson(pile), error)) << error;
    QProcess app;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("QT_QPA_PLATFORM", "offscreen");
    app.setProcessEnvironment(env);
    app.start(TRACKWRIGHT_APP_EXECUTABLE, {"--open", file, "--screenshot", dir.filePath("pile.png"), "--size", "800x600"});
    ASSERT_TRUE(app.waitForFinished(90000)) << "the editor did not open and render the pile within 90 s";
    EXPECT_EQ(app.exitCode(), 0) << app.readAllStandardError().toStdString();
    EXPECT_FALSE(QImage(dir.filePath("pile.png")).isNull());
}

TEST(TrackwrightApp, VersionComesFromTheProject) {
    QProcess app;
    app.start(TRACKWRIGHT_APP_EXECUTABLE, {"--version"});
    ASSERT_TRUE(app.waitForFinished(60000));
    EXPECT_EQ(app.exitCode(), 0);
    EXPECT_TRUE(app.readAllStandardOutput().startsWith("Trackwright 0.")) << "unexpected --version output";
}

TEST(TrackwrightApp, ABadFileExitsWithOneAndTheDiagnostics) {
    QProcess app;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("QT_QPA_PLATFORM", "offscreen");
    app.setProcessEnvironment(env);
    app.start(TRACKWRIGHT_APP_EXECUTABLE, {"--open", "/nonexistent.twtrack", "--screenshot", "/tmp/never.png"});
    ASSERT_TRUE(app.waitForFinished(60000));
    EXPECT_EQ(app.exitCode(), 1);
    EXPECT_TRUE(app.readAllStandardError().contains("io-read"));
}

// Help ▸ Keyboard Shortcuts lists every key the menus and the tools answer to, read from the actions,
// and every tool's tooltip names its key.
TEST(MainWindow, KeyboardShortcutsListEveryKeyAndToolTipsNameThem) {
    editor::MainWindow window;
    window.openFile(QString(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack");
    window.show();
    QAction* help = window.findChild<QAction*>("actionKeyboardShortcuts");
    ASSERT_NE(help, nullptr);
    EXPECT_EQ(help->shortcut(), QKeySequence(QKeySequence::HelpContents));
    help->trigger();
    auto* dialog = window.findChild<editor::ShortcutsDialog*>("shortcutsDialog");
    ASSERT_NE(dialog, nullptr);
    const auto rows = dialog->rows();
    auto keyOf = [&](const QString& action) {
        for (const auto& [name, key] : rows)
            if (name.endsWith(QLatin1Char('/') + action) || name.endsWith(QStringLiteral(" ▸ ") + action)) return key;  // a submenu's too
        return QString();
    };
    EXPECT_EQ(keyOf("Add Node"), QKeySequence(Qt::Key_A).toString(QKeySequence::NativeText));
    EXPECT_EQ(keyOf("Save"), QKeySequence(QKeySequence::Save).toString(QKeySequence::NativeText));
    EXPECT_EQ(keyOf("Preview AI Laps"), "F5");
    EXPECT_EQ(keyOf("Undo"), QKeySequence(QKeySequence::Undo).toString(QKeySequence::NativeText));
    // Every action of the window that has a key is listed, with that key.
    int withKeys = 0;
    for (const QAction* action : window.findChildren<QAction*>()) {
        if (action->shortcut().isEmpty() || action->isSeparator() || action->text().isEmpty()) continue;
        bool inAMenuOrTheToolBar = !action->associatedObjects().isEmpty();
        if (!inAMenuOrTheToolBar) continue;
        ++withKeys;
        QString text = action->text();
        text.remove(QRegularExpression("&(?!&)"));
        EXPECT_EQ(keyOf(text), action->shortcut().toString(QKeySequence::NativeText)) << text.toStdString();
    }
    EXPECT_GE(withKeys, 10);
    for (const auto& canvasTool : window.canvas()->tools().tools()) {
        const QAction* tool = window.canvas()->tools().action(canvasTool.get());
        ASSERT_NE(tool, nullptr);
        EXPECT_TRUE(tool->toolTip().contains(QStringLiteral("(%1)").arg(tool->shortcut().toString(QKeySequence::NativeText))))
            << tool->toolTip().toStdString();
    }
    dialog->close();
}

// A new track opens on the start panel: a sample is one click away, and choosing to sketch leaves the
// canvas to the Sketch tool, whose clicks lay a road.
TEST(MainWindow, TheStartPanelOpensASampleOrLeavesTheCanvasToDrawOn) {
    editor::MainWindow window;
    window.resize(1280, 800);
    window.newTrack(true);
    window.show();
    QApplication::processEvents();
    auto* panel = window.findChild<editor::StartPanel*>("startPanel");
    ASSERT_NE(panel, nullptr);
    EXPECT_TRUE(panel->isVisible());
    // Centred over the canvas, inside it.
    EXPECT_TRUE(window.canvas()->rect().contains(panel->geometry()));

    QPushButton* kart = nullptr;
    for (QPushButton* button : panel->findChildren<QPushButton*>())
        if (button->text() == "kart") kart = button;
    ASSERT_NE(kart, nullptr) << "the bundled samples are offered";
    QTest::mouseClick(kart, Qt::LeftButton);
    ASSERT_NE(window.document(), nullptr);
    EXPECT_GT(window.document()->nodes.size(), 10u);
    EXPECT_FALSE(panel->isVisible());

    ASSERT_TRUE(window.newTrack(true));
    QApplication::processEvents();
    EXPECT_TRUE(panel->isVisible()) << "every new track starts on the panel";
    auto* draw = panel->findChild<QPushButton*>("startDraw");
    ASSERT_NE(draw, nullptr);
    QTest::mouseClick(draw, Qt::LeftButton);
    EXPECT_FALSE(panel->isVisible());
    EXPECT_EQ(window.canvas()->tools().current()->id(), "sketch");
    QTest::mouseClick(window.canvas(), Qt::LeftButton, {}, window.canvas()->rect().center());
    QTest::mouseClick(window.canvas(), Qt::LeftButton, {}, window.canvas()->rect().center() + QPoint(120, 0));
    EXPECT_GE(window.document()->nodes.size(), 2u) << "two control points: a road between them";
    EXPECT_FALSE(panel->isVisible());

    // Picking Add Node by its key on a new track does the same.
    ASSERT_TRUE(window.newTrack(true));
    QApplication::processEvents();
    window.findChild<QAction*>("tool-select")->trigger();  // Select: the panel stays
    EXPECT_TRUE(panel->isVisible());
    window.findChild<QAction*>("tool-add-node")->trigger();
    EXPECT_FALSE(panel->isVisible());
}

} // namespace
