#include "editor/document/document_manager.h"

#include "editor/commands/replace_track_command.h"
#include "editor/document/autosave.h"
#include "editor/document/disk_file_watch.h"
#include "editor/document/editor_document.h"
#include "editor/level/level_mesh_layer.h"
#include "editor/native_path.h"

#include "formats/baked/baked_writer.h"
#include "formats/import/torcs_import.h"
#include "formats/import/track_import.h"
#include "formats/source/file_io.h"
#include "formats/source/same_file.h"
#include "formats/source/track_json.h"

#include <QFileInfo>
#include <QStringList>

namespace editor {

QString formatDiagnostics(const QString& file, const formats::Diagnostics& diagnostics) {
    QStringList lines;
    for (const formats::Diagnostic& d : diagnostics) {
        QString line = file;
        if (d.line) line += QString(":%1").arg(*d.line) + (d.column ? QString(":%1").arg(*d.column) : QString());
        line += QString(": %1[%2]: %3").arg(formats::severityName(d.severity), QString::fromStdString(d.code), textFromNative(d.message));
        if (!d.jsonPath.empty()) line += QString(" (at %1)").arg(QString::fromStdString(d.jsonPath));
        lines << line;
    }
    return lines.join('\n');
}

DocumentManager::DocumentManager(const QString& recoveryFolder, QObject* parent) : QObject(parent), m_diskFile(new DiskFileWatch(this)) {
    connect(m_diskFile, &DiskFileWatch::changedExternally, this, &DocumentManager::changedExternally);
    m_autosave = std::make_unique<Autosave>(recoveryFolder.isEmpty() ? Autosave::defaultFolder() : recoveryFolder, [this]() -> std::optional<AutosaveSnapshot> {
        if (!m_document || !m_document->isModified()) return std::nullopt;
        // The base: the file as this editor last read or wrote it, so a restore knows what these
        // edits are edits of.
        const QString path = m_document->filePath();
        return AutosaveSnapshot{formats::writeTrackJson(m_document->track()), path,
                                !path.isEmpty() && m_diskFile->path() == path ? m_diskFile->baseHash() : QByteArray()};
    });
    connect(m_autosave.get(), &Autosave::failed, this, &DocumentManager::autosaveFailed);
}

DocumentManager::~DocumentManager() = default;

bool DocumentManager::changedOnDisk() const { return m_document && m_diskFile->path() == m_document->filePath() && m_diskFile->changedOnDisk(); }

void DocumentManager::replace(std::unique_ptr<EditorDocument> document) {
    // Another track replaces this one: the old one's autosave would be offered after a crash as
    // work of a track no longer open, with a stale base.
    m_autosave->discard();
    emit aboutToReplace();
    m_document = std::move(document);
    emit replaced(m_document.get());
}

void DocumentManager::newTrack() {
    formats::TrackDocument track;
    track.name = tr("Untitled").toStdString();
    replace(std::make_unique<EditorDocument>(std::move(track)));
}

bool DocumentManager::open(const QString& path, QString* errorText) {
    formats::TrackLoadResult loaded = formats::loadTrackFile(nativePath(path));
    // The loader's own errors (syntax, structure, schema) make the document untrustworthy even if
    // it produced one; validation findings do not: they are shown, and editing will fix them.
    if (!loaded.document || formats::hasErrors(loaded.diagnostics)) {
        if (errorText) {
            formats::Diagnostics reported = loaded.diagnostics;
            if (reported.empty()) {
                formats::Diagnostic unexplained;
                unexplained.code = "load";
                unexplained.message = "the file could not be loaded";
                reported.push_back(unexplained);
            }
            *errorText = formatDiagnostics(path, reported);
        }
        return false;
    }
    // Absolute, so saves and autosave origins name this file whatever the working directory later is.
    const QString absolute = QFileInfo(path).absoluteFilePath();
    resolveLevelMeshFile(*loaded.document, QFileInfo(absolute).path());
    auto document = std::make_unique<EditorDocument>(std::move(*loaded.document));
    document->setFilePath(absolute);
    replace(std::move(document));
    m_diskFile->rememberAsOnDisk(absolute);
    emit fileUsed(absolute);
    return true;
}

bool DocumentManager::revert(QString* errorText) {
    if (!m_document || m_document->filePath().isEmpty()) {
        if (errorText) *errorText = tr("the track has no file to go back to: it was never saved");
        return false;
    }
    return open(m_document->filePath(), errorText);
}

bool DocumentManager::import(const QString& path, ImportKind kind, QString* errorText) {
    formats::ImportResult imported;
    if (kind == ImportKind::Torcs) {
        imported = formats::importTorcsTrackFile(nativePath(path));
    } else {
        std::string error;
        const auto text = formats::readWholeFile(nativePath(path), error);
        if (!text) {
            if (errorText) *errorText = textFromNative(error);
            return false;
        }
        const std::string name = QFileInfo(path).completeBaseName().toStdString();
        imported = kind == ImportKind::TumCsv ? formats::importTumCsv(*text, name) : formats::importWaypoints(*text, name);
    }
    if (!imported.document) {
        if (errorText) *errorText = formatDiagnostics(path, imported.diagnostics);
        return false;
    }
    // An import is a new, unsaved track: Save asks where it goes.
    auto document = std::make_unique<EditorDocument>(formats::TrackDocument{});
    document->undoStack()->push(new ReplaceTrackCommand(document.get(), tr("Import %1").arg(QFileInfo(path).fileName()), *imported.document));
    replace(std::move(document));
    return true;
}

bool DocumentManager::saveTo(const QString& path, QString* errorText) {
    if (!m_document) return false;
    // A new track is "Untitled" until it has a file: saved, it takes the file's name.
    if (m_document->track().name == tr("Untitled").toStdString()) {
        formats::TrackDocument named = m_document->track();
        named.name = QFileInfo(path).completeBaseName().toStdString();
        m_document->undoStack()->push(new ReplaceTrackCommand(m_document.get(), tr("Name Track"), std::move(named)));
    }
    const std::string text = formats::writeTrackJson(withLevelMeshRelativeTo(m_document->track(), QFileInfo(path).absolutePath()));
    std::string error;
    if (!formats::writeOutputFile(nativePath(path), text, error)) {
        if (errorText) *errorText = textFromNative(error);
        return false;
    }
    m_document->setFilePath(QFileInfo(path).absoluteFilePath());
    m_document->markSaved();
    m_diskFile->remember(m_document->filePath(), QByteArray::fromRawData(text.data(), static_cast<qsizetype>(text.size())));
    m_autosave->discard();
    emit fileUsed(m_document->filePath());
    return true;
}

QString DocumentManager::exportConflict(const QString& path) const {
    // twbake's first output rule (formats::sameFile: through links, hard links and `..`): answering
    // Yes to "replace?" on the open t.twtrack turned the source into a bake, and quitting asked nothing.
    const QString source = m_document ? m_document->filePath() : QString();
    if (!source.isEmpty() && formats::sameFile(nativePath(path), nativePath(source)))
        return tr("%1 is the open track's own file (%2): exporting the bake there would replace the track with it. "
                  "Choose another name, such as %3.")
            .arg(path, QFileInfo(source).fileName(), QFileInfo(source).completeBaseName() + ".twbake");
    for (const QString& autosaved : m_autosave->files())
        if (formats::sameFile(nativePath(path), nativePath(autosaved)))
            return tr("%1 is the autosave of the open track (%2), what a crash would restore it from. Choose another name, such as %3.")
                .arg(path, autosaved, QFileInfo(source.isEmpty() ? QStringLiteral("track") : source).completeBaseName() + ".twbake");
    return {};
}

std::optional<std::size_t> DocumentManager::exportBaked(const QString& path, const BakeRunner& bake, QString* errorText) {
    if (!m_document) return std::nullopt;
    if (const QString conflict = exportConflict(path); !conflict.isEmpty()) {
        if (errorText) *errorText = conflict;
        return std::nullopt;
    }
    const std::optional<bake::BakeResult> result = bake(m_document->track());
    if (!result) {
        if (errorText) *errorText = tr("the bake was cancelled; nothing was written");
        return std::nullopt;
    }
    if (!result->data) {
        if (errorText) *errorText = formatDiagnostics(m_document->filePath(), result->diagnostics);
        return std::nullopt;
    }
    const std::vector<std::byte> bytes = formats::writeBakedTrack(*result->data);
    std::string error;
    if (!formats::writeOutputFile(nativePath(path), std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()), error)) {
        if (errorText) *errorText = textFromNative(error);
        return std::nullopt;
    }
    return bytes.size();
}

bool DocumentManager::restoreRecovery() {
    const auto recovery = Autosave::findRecovery(m_autosave->folder());
    if (!recovery) return false;
    formats::TrackLoadResult loaded = formats::loadTrackFile(recovery->recoveryFile.toStdString());
    if (!loaded.document) return false;
    // The recovered track comes in as an edit of the file it belonged to, unsaved until saved.
    formats::TrackDocument base;
    if (!recovery->originalPath.isEmpty())
        if (auto original = formats::loadTrackFile(nativePath(recovery->originalPath)); original.document) {
            base = std::move(*original.document);
            resolveLevelMeshFile(base, QFileInfo(recovery->originalPath).path());
        }
    auto document = std::make_unique<EditorDocument>(std::move(base));
    document->setFilePath(recovery->originalPath);
    document->undoStack()->push(new ReplaceTrackCommand(document.get(), tr("Restore Autosave"), *loaded.document));
    replace(std::move(document));
    if (!recovery->originalPath.isEmpty()) {
        // The edits are edits of the file as the crashed session last read or wrote it, not as it
        // is now: a save by another editor since then is caught before a save here overwrites it.
        // An older version's autosave does not say, so any contents count as changed and Save asks.
        m_diskFile->rememberBase(recovery->originalPath, recovery->baseHash);
    }
    // The work is in this session's own recovery before the crashed session's goes: a crash now
    // loses nothing either.
    if (m_autosave->saveNow()) Autosave::discardRecovery(*recovery);
    return true;
}

} // namespace editor
