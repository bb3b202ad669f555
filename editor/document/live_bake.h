#pragma once

#include "bake/pipeline/loaded_bake.h"

#include "formats/source/track_document.h"

#include <QFutureWatcher>
#include <QObject>
#include <QTimer>

#include <cstdint>
#include <memory>
#include <optional>

namespace editor {

/// The open track baked again shortly after each edit, off the UI thread, for what the editor shows
/// from the bake: speed hints along the lines (canvas colouring, profile plots). A track that does
/// not bake leaves the last good result in place.
class LiveBake : public QObject {
    Q_OBJECT
public:
    explicit LiveBake(QObject* parent = nullptr);
    ~LiveBake() override;

    /// Schedules a bake of `track` (edits arriving within the delay coalesce into one).
    void request(const formats::TrackDocument& track);
    /// Drops the last good result and any bake asked for: another track replaced the one baked.
    void forget();
    const std::shared_ptr<const bake::LoadedBake>& latest() const { return m_latest; }
    /// Waits for a scheduled or running bake (tests).
    void waitForIdle();

signals:
    void baked();

private:
    void start();

    QTimer m_delay;
    std::optional<formats::TrackDocument> m_pending;
    QFutureWatcher<std::shared_ptr<const bake::LoadedBake>> m_running;
    std::shared_ptr<const bake::LoadedBake> m_latest;
    std::uint64_t m_generation = 0, m_runningGeneration = 0;  ///< forget() moves on a generation
};

} // namespace editor
