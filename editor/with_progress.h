#pragma once

#include "bake/pipeline/bake_context.h"

#include <QApplication>
#include <QEventLoop>
#include <QFutureWatcher>
#include <QProgressDialog>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>
#include <memory>

namespace editor {

/// Runs `work` off the UI thread behind a modal progress dialog with Cancel; `work` reads the
/// context's cancel flag and reports progress 0..1. Returns its result.
template <class Result, class Work> inline Result withProgress(QWidget* parent, const QString& label, Work work) {
    auto progress = std::make_shared<std::atomic<double>>(0.0);
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    bake::BakeContext context;
    context.progress = [progress](double p) { progress->store(p); };
    context.cancelled = [cancel] { return cancel->load(); };
    QProgressDialog dialog(label, QObject::tr("Cancel"), 0, 1000, parent);
    dialog.setWindowModality(Qt::WindowModal);
    dialog.setMinimumDuration(300);
    QFutureWatcher<Result> watcher;
    QObject::connect(&watcher, &QFutureWatcher<Result>::finished, &dialog, &QProgressDialog::reset);
    QObject::connect(&dialog, &QProgressDialog::canceled, [cancel] { cancel->store(true); });
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, [&] { dialog.setValue(static_cast<int>(progress->load() * 1000.0)); });
    poll.start(50);
    watcher.setFuture(QtConcurrent::run([work, context] { return work(context); }));
    while (!watcher.isFinished()) QApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    return watcher.result();
}

} // namespace editor
