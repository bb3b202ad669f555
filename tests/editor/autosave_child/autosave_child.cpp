// A stand-in for an editor session that dies mid-write: opens TRACK with autosaves going to
// RECOVERY_DIR, then edits (node 0 one metre east each time) and autosaves as fast as it can — or,
// given SAVE_PATH, saves there with File > Save's code — printing each completed write's edit
// count. The crash tests kill it at a random moment with SIGKILL.
//   autosave_child TRACK RECOVERY_DIR [SAVE_PATH]
#include "editor/document/autosave.h"
#include "editor/commands/change_nodes_command.h"
#include "editor/document/editor_document.h"
#include "editor/main_window.h"

#include <QApplication>

#include <cstdio>

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    if (argc != 3 && argc != 4) return 2;
    editor::MainWindow window(nullptr, QString::fromLocal8Bit(argv[2]));
    if (!window.openFile(QString::fromLocal8Bit(argv[1]))) return 1;
    editor::EditorDocument* document = window.editorDocument();
    for (int edit = 1;; ++edit) {
        formats::TrackNode node = document->track().nodes[0];
        node.position.x += 1.0;
        document->undoStack()->push(new editor::ChangeNodesCommand(document, "nudge", {{0, node}}));
        if (argc == 4 ? !window.saveTo(QString::fromLocal8Bit(argv[3])) : !window.autosave()->saveNow()) return 3;
        std::printf("%d\n", edit);
        std::fflush(stdout);
    }
}
