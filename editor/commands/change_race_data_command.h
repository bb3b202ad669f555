#pragma once

#include "editor/document/editor_document.h"

#include <QUndoCommand>

#include <optional>
#include <vector>

namespace editor {

/// Sets the designer's race data: the zones and the race settings (Track ▸ Add Overtaking Zone, an
/// edit or a delete in the Zones dock, Track ▸ Race Settings). Both before and after are kept whole:
/// a track holds a handful of zones, and undo gives back exactly what was there. Commands with the
/// same non-zero `mergeKey` merge into one undo step (a spin box stepped several times).
class ChangeRaceDataCommand : public QUndoCommand {
public:
    ChangeRaceDataCommand(EditorDocument* document, const QString& text, std::vector<formats::Zone> zones,
                          std::optional<formats::RaceSettings> race, int mergeKey = 0);

    void redo() override;
    void undo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

private:
    EditorDocument* m_document;
    std::vector<formats::Zone> m_zonesBefore, m_zonesAfter;
    std::optional<formats::RaceSettings> m_raceBefore, m_raceAfter;
    int m_mergeKey;
};

} // namespace editor
