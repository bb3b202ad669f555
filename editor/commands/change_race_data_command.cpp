#include "editor/commands/change_race_data_command.h"

#include "editor/commands/command_ids.h"

namespace editor {

ChangeRaceDataCommand::ChangeRaceDataCommand(EditorDocument* document, const QString& text, std::vector<formats::Zone> zones,
                                             std::optional<formats::RaceSettings> race, int mergeKey)
    : QUndoCommand(text), m_document(document), m_zonesBefore(document->track().zones), m_zonesAfter(std::move(zones)),
      m_raceBefore(document->track().race), m_raceAfter(std::move(race)), m_mergeKey(mergeKey) {}

void ChangeRaceDataCommand::redo() { m_document->replaceRaceData(m_zonesAfter, m_raceAfter); }
void ChangeRaceDataCommand::undo() { m_document->replaceRaceData(m_zonesBefore, m_raceBefore); }

int ChangeRaceDataCommand::id() const { return m_mergeKey != 0 ? kChangeRaceDataCommandId : -1; }

bool ChangeRaceDataCommand::mergeWith(const QUndoCommand* other) {
    const auto* next = static_cast<const ChangeRaceDataCommand*>(other);
    if (next->m_mergeKey != m_mergeKey) return false;
    // This command's `before` stays: undo goes back to before the first step.
    m_zonesAfter = next->m_zonesAfter;
    m_raceAfter = next->m_raceAfter;
    return true;
}

} // namespace editor
