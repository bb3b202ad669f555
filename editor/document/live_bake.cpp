#include "editor/document/live_bake.h"

#include "bake/pipeline/bake_track.h"

#include <QCoreApplication>
#include <QtConcurrent/QtConcurrentRun>

namespace editor {

LiveBake::LiveBake(QObject* parent) : QObject(parent) {
    m_delay.setSingleShot(true);
    m_delay.setInterval(300);
    connect(&m_delay, &QTimer::timeout, this, &LiveBake::start);
    connect(&m_running, &QFutureWatcher<std::shared_ptr<const bake::LoadedBake>>::finished, this, [this] {
        if (auto result = m_running.result(); result && m_runningGeneration == m_generation) {
            m_latest = std::move(result);
            emit baked();
        }
        if (m_pending && !m_delay.isActive()) start();
    });
}

LiveBake::~LiveBake() { m_running.waitForFinished(); }

void LiveBake::request(const formats::TrackDocument& track) {
    m_pending = track;
    m_delay.start();
}

void LiveBake::forget() {
    m_pending.reset();
    m_delay.stop();
    ++m_generation;  // a bake under way is the old track's: its result is dropped when it comes
    m_latest.reset();
    emit baked();
}

void LiveBake::start() {
    if (!m_pending || m_running.isRunning()) return;
    formats::TrackDocument track = std::move(*m_pending);
    m_pending.reset();
    m_runningGeneration = m_generation;
    m_running.setFuture(QtConcurrent::run([track = std::move(track)]() -> std::shared_ptr<const bake::LoadedBake> {
        const bake::BakeResult result = bake::bakeTrack(track);
        if (!result.data) return nullptr;
        auto loaded = std::make_shared<bake::LoadedBake>();
        if (bake::loadBakedData(*result.data, *loaded) != trackwright::LoadStatus::Ok) return nullptr;
        return loaded;
    }));
}

void LiveBake::waitForIdle() {
    while (m_delay.isActive() || m_running.isRunning() || m_pending) {
        if (m_delay.isActive()) {
            m_delay.stop();
            start();
        }
        m_running.waitForFinished();
        QCoreApplication::sendPostedEvents(&m_running);
        QCoreApplication::processEvents();
    }
}

} // namespace editor
