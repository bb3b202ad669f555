#pragma once

#include "formats/source/diagnostic.h"
#include "formats/source/track_document.h"

#include <QObject>
#include <QString>
#include <QTimer>
#include <QUndoStack>

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace editor {

/// The track being edited: the source document, its undo stack, where it lives on disk and
/// its live validation. Nothing changes the track outside the undo stack: the mutators below are
/// for the commands in editor/commands/ alone, which call them from redo() and undo().
class EditorDocument : public QObject {
    Q_OBJECT
public:
    explicit EditorDocument(formats::TrackDocument track = {}, QObject* parent = nullptr);
    ~EditorDocument() override;

    const formats::TrackDocument& track() const { return m_track; }
    QUndoStack* undoStack() { return &m_undo; }

    /// Empty for a track never saved.
    QString filePath() const { return m_filePath; }
    void setFilePath(const QString& path);
    /// Changed since it was last saved (or opened).
    bool isModified() const { return !m_undo.isClean(); }
    /// Marks the current state as the saved one.
    void markSaved() { m_undo.setClean(); }

    /// Validation of the current track; refreshed shortly after edits (validating a 20 000-node
    /// track costs ~15 ms, too much for every mouse move of a drag) and at once by `validateNow`.
    const formats::Diagnostics& diagnostics() const { return m_diagnostics; }
    void validateNow();

    // For commands only.
    void replaceNodes(const std::vector<std::pair<std::uint32_t, formats::TrackNode>>& nodes);
    void replaceLineOffsets(std::size_t line, const std::vector<double>& offsets);
    void replaceTrack(const formats::TrackDocument& track);
    /// The zones and race settings together: what ChangeRaceDataCommand sets.
    void replaceRaceData(const std::vector<formats::Zone>& zones, const std::optional<formats::RaceSettings>& race);

signals:
    /// After any change; `nodes` lists the nodes whose values changed when only node values did,
    /// and is empty when the structure may have changed (nodes, routes, lines added or removed).
    void changed(const std::vector<std::uint32_t>& nodes);
    void filePathChanged(const QString& path);
    void modificationChanged(bool modified);
    void diagnosticsChanged();

private:
    void scheduleValidation();

    formats::TrackDocument m_track;
    QUndoStack m_undo;
    QString m_filePath;
    formats::Diagnostics m_diagnostics;
    QTimer m_validation;
};

} // namespace editor
