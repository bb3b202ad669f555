#include "editor/document/editor_document.h"

#include "formats/validate/validate.h"

namespace editor {

EditorDocument::EditorDocument(formats::TrackDocument track, QObject* parent) : QObject(parent), m_track(std::move(track)) {
    m_validation.setSingleShot(true);
    m_validation.setInterval(150);
    connect(&m_validation, &QTimer::timeout, this, &EditorDocument::validateNow);
    connect(&m_undo, &QUndoStack::cleanChanged, this, [this](bool clean) { emit modificationChanged(!clean); });
    m_diagnostics = formats::validate(m_track);
}

EditorDocument::~EditorDocument() {
    // A QUndoStack announces "clean" as it is destroyed; by then this document's other members are
    // gone, so nobody may hear it (AddressSanitizer caught a title update reading the freed path).
    m_undo.blockSignals(true);
}

void EditorDocument::setFilePath(const QString& path) {
    if (path == m_filePath) return;
    m_filePath = path;
    emit filePathChanged(path);
}

void EditorDocument::validateNow() {
    m_validation.stop();
    m_diagnostics = formats::validate(m_track);
    emit diagnosticsChanged();
}

void EditorDocument::scheduleValidation() { m_validation.start(); }

void EditorDocument::replaceNodes(const std::vector<std::pair<std::uint32_t, formats::TrackNode>>& nodes) {
    std::vector<std::uint32_t> indices;
    indices.reserve(nodes.size());
    for (const auto& [index, node] : nodes) {
        if (index >= m_track.nodes.size()) continue;
        m_track.nodes[index] = node;
        indices.push_back(index);
    }
    scheduleValidation();
    emit changed(indices);
}

void EditorDocument::replaceLineOffsets(std::size_t line, const std::vector<double>& offsets) {
    if (line >= m_track.lines.size()) return;
    m_track.lines[line].offsets = offsets;
    scheduleValidation();
    emit changed({});
}

void EditorDocument::replaceTrack(const formats::TrackDocument& track) {
    m_track = track;
    scheduleValidation();
    emit changed({});
}

void EditorDocument::replaceRaceData(const std::vector<formats::Zone>& zones, const std::optional<formats::RaceSettings>& race) {
    m_track.zones = zones;
    m_track.race = race;
    scheduleValidation();
    // Not node values: the views that list or draw zones rebuild.
    emit changed({});
}

} // namespace editor
