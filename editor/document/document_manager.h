#pragma once

#include "bake/pipeline/bake_track.h"
#include "formats/source/track_document.h"

#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

namespace editor {

class Autosave;
class DiskFileWatch;
class EditorDocument;

/// The open track's life, as tiled's DocumentManager: new, open, import, save (as), revert,
/// recovery after a crash and export of its bake. It owns the document, its autosave and the
/// watch on its file; every write goes through the product's one output-path policy
/// (formats::writeOutputFile: atomic, through links, the old file's mode and owner kept, a
/// read-only file or folder refused). No dialogs here: the main window asks the designer, then
/// calls these. Views hold on to the document between aboutToReplace and replaced.
class DocumentManager : public QObject {
    Q_OBJECT

public:
    /// Autosaves go to `recoveryFolder` (empty: Autosave::defaultFolder()).
    explicit DocumentManager(const QString& recoveryFolder, QObject* parent = nullptr);
    ~DocumentManager() override;

    /// The open track, or null before one is opened.
    EditorDocument* document() const { return m_document.get(); }
    Autosave* autosave() const { return m_autosave.get(); }
    /// The open file changed on disk since it was read or written here (another editor saved it).
    bool changedOnDisk() const;

    /// A new, empty track named "Untitled" (it takes its file's name when first saved).
    void newTrack();
    /// Loads `path`. On failure the open track stays, and `errorText` lists the problems one per
    /// line ("FILE: error[code]: message (at path)").
    bool open(const QString& path, QString* errorText = nullptr);
    /// File ▸ Import: a TUM racetrack CSV, a waypoint CSV or a TORCS track XML (its default surfaces
    /// found beside it), as a new, unsaved track.
    enum class ImportKind { TumCsv, Waypoints, Torcs };
    bool import(const QString& path, ImportKind kind, QString* errorText = nullptr);
    /// Writes the track to `path` and makes it the document's file (see the class comment).
    bool saveTo(const QString& path, QString* errorText = nullptr);
    /// File ▸ Revert: the open file as it is on disk now, every unsaved change dropped.
    bool revert(QString* errorText = nullptr);
    /// Restores the autosave a crashed session left, if any, as an unsaved edit of the file it
    /// belonged to; true when one was restored.
    bool restoreRecovery();
    /// Why an export may not write `path`: it is the open track's file or one of its autosave's
    /// files (formats::sameFile, as twbake checks its outputs against its inputs). Empty if none.
    QString exportConflict(const QString& path) const;
    /// Bakes the open track with `bake` (null when cancelled) and writes the .twbake to `path`.
    /// Refuses, before baking, a path exportConflict names. Returns the bytes written, or null.
    using BakeRunner = std::function<std::optional<bake::BakeResult>(const formats::TrackDocument&)>;
    std::optional<std::size_t> exportBaked(const QString& path, const BakeRunner& bake, QString* errorText = nullptr);

signals:
    /// Another track is about to replace the open one: views let go of it now.
    void aboutToReplace();
    /// `document` is the open track now (open, new, import, revert, restore).
    void replaced(EditorDocument* document);
    /// A file was opened or saved (absolute path), for the recent files.
    void fileUsed(const QString& path);
    /// Another program changed the open file on disk.
    void changedExternally(const QString& path);
    void autosaveFailed(const QString& reason);

private:
    void replace(std::unique_ptr<EditorDocument> document);

    std::unique_ptr<EditorDocument> m_document;
    std::unique_ptr<Autosave> m_autosave;
    DiskFileWatch* m_diskFile = nullptr;
};

/// "FILE: error[code]: message (at path)", one diagnostic per line.
QString formatDiagnostics(const QString& file, const formats::Diagnostics& diagnostics);

} // namespace editor
