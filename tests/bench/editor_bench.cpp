// The editor on a 20 000-node track (issue target: a drag stays interactive, ≤ 16 ms a frame):
//   build/release/tests/trackwright_editor_bench
// BM_DragFrame20000Nodes is one frame of a drag as the UI thread sees it: the mouse move's undo
// command (merged into the drag's one step), the docks' updates and the canvas repaint; the
// canvas rebuilds the track's outlines off the UI thread (BM_CanvasRebuild20000Nodes), so the
// surfaces follow the handles a frame or two later.

#include "editor/commands/change_nodes_command.h"
#include "editor/document/editor_document.h"
#include "editor/main_window.h"
#include "editor/canvas/track_canvas.h"

#include "formats/source/track_json.h"
#include "tests/support/test_tracks.h"

#include <QApplication>
#include <QPixmap>
#include <QTemporaryDir>

#include <benchmark/benchmark.h>

namespace {

constexpr std::size_t kNodes = 20000;

struct Session {
    QTemporaryDir dir;
    std::unique_ptr<editor::MainWindow> window;
    Session(bool zoomedIn) {
        const QString file = dir.filePath("ring.twtrack");
        QFile out(file);
        out.open(QIODevice::WriteOnly);
        out.write(QByteArray::fromStdString(formats::writeTrackJson(tw::test::circleTrack(kNodes, 6366.0))));
        out.close();
        window = std::make_unique<editor::MainWindow>(nullptr, dir.filePath("recovery"));
        window->resize(1280, 800);
        window->show();
        window->openFile(file);
        QApplication::processEvents();
        if (zoomedIn)
            for (int i = 0; i < 30; ++i) window->canvas()->zoomIn();
        window->selection()->set({0});
        window->canvas()->waitForGeometry();
    }
};

void dragFrames(benchmark::State& state, bool zoomedIn) {
    Session session(zoomedIn);
    editor::EditorDocument* document = session.window->editorDocument();
    const int key = editor::nextMergeKey();
    double x = 0.0;
    for (auto _ : state) {
        formats::TrackNode node = document->track().nodes[0];
        node.position.x += (x += 0.01);
        document->undoStack()->push(new editor::ChangeNodesCommand(document, "Move Nodes", {{0, node}}, key));
        QApplication::processEvents();  // the docks' and the window's reactions
        benchmark::DoNotOptimize(session.window->canvas()->grab());
    }
    session.window->canvas()->waitForGeometry();
    state.counters["undo_steps"] = document->undoStack()->count();
}

void BM_DragFrame20000Nodes(benchmark::State& state) { dragFrames(state, false); }
BENCHMARK(BM_DragFrame20000Nodes)->Unit(benchmark::kMillisecond)->MinTime(2.0);

void BM_DragFrame20000NodesZoomedIn(benchmark::State& state) { dragFrames(state, true); }
BENCHMARK(BM_DragFrame20000NodesZoomedIn)->Unit(benchmark::kMillisecond)->MinTime(2.0);

void BM_CanvasRebuild20000Nodes(benchmark::State& state) {
    const formats::TrackDocument track = tw::test::circleTrack(kNodes, 6366.0);
    for (auto _ : state) benchmark::DoNotOptimize(editor::buildCanvasScene(track));
}
BENCHMARK(BM_CanvasRebuild20000Nodes)->Unit(benchmark::kMillisecond);

} // namespace

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
