// MainWindow's Track menu: overtaking and no-overtaking zones made from the selection, and the race
// settings dialog. Each edit is one ChangeRaceDataCommand; the Zones dock edits and deletes zones.
#include "editor/main_window.h"

#include "editor/commands/change_race_data_command.h"
#include "editor/document/editor_document.h"
#include "editor/document/zone_edits.h"
#include "editor/race_settings_dialog.h"

#include <QAction>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>

#include <algorithm>

namespace editor {

void MainWindow::createTrackMenu() {
    QMenu* track = menuBar()->addMenu(tr("&Track"));
    track->setObjectName("menuTrack");
    // A disabled action says what to select in its tooltip: shown in the menu itself.
    track->setToolTipsVisible(true);
    m_addOvertakingZone = track->addAction(tr("Add &Overtaking Zone"), this, [this] { addZoneFromSelection(true); });
    m_addOvertakingZone->setObjectName("actionAddOvertakingZone");
    m_addNoOvertakingZone = track->addAction(tr("Add &No-Overtaking Zone"), this, [this] { addZoneFromSelection(false); });
    m_addNoOvertakingZone->setObjectName("actionAddNoOvertakingZone");
    track->addSeparator();
    m_raceSettings = track->addAction(tr("&Race Settings…"), this, [this] { showRaceSettings(); });
    m_raceSettings->setObjectName("actionRaceSettings");
    m_raceSettings->setToolTip(tr("The side lapped cars yield to, the starting grid and the pit stop time"));
    track->addSeparator();
    addLevelMeshTrackActions(track);
    connect(&m_selection, &NodeSelection::changed, this, &MainWindow::updateZoneActions);
    updateZoneActions();
}

void MainWindow::updateZoneActions() {
    if (!m_addOvertakingZone) return;
    std::string why = "open a track first";
    const bool possible = m_document && zoneSpanFromSelection(m_document->track(), m_selection.nodes(), why);
    const QString overtaking = tr("A zone where AI cars may pass, and are encouraged to: from the first to the last selected node");
    const QString forbidden = tr("A zone where AI cars may not pass: from the first to the last selected node");
    const QString reason = tr("To add a zone, %1").arg(QString::fromStdString(why));
    for (auto [action, tip] : {std::pair{m_addOvertakingZone, overtaking}, std::pair{m_addNoOvertakingZone, forbidden}}) {
        action->setEnabled(possible);
        action->setToolTip(possible ? tip : reason);
        action->setStatusTip(action->toolTip());
    }
    m_raceSettings->setEnabled(m_document != nullptr);
}

bool MainWindow::addZoneFromSelection(bool overtaking) {
    if (!m_document) return false;
    std::string why;
    const std::optional<ZoneSpan> span = zoneSpanFromSelection(m_document->track(), m_selection.nodes(), why);
    if (!span) {
        statusBar()->showMessage(tr("No zone added: %1").arg(QString::fromStdString(why)), 8000);
        return false;
    }
    formats::Zone zone;
    zone.kind = overtaking ? formats::kZoneOvertaking : formats::kZoneNoOvertaking;
    zone.from = span->from;
    zone.to = span->to;
    if (overtaking) zone.sides = formats::kSideNameBoth;  // written out, so the file says it
    std::vector<formats::Zone> zones = m_document->track().zones;
    zones.push_back(zone);
    m_document->undoStack()->push(new ChangeRaceDataCommand(m_document, overtaking ? tr("Add Overtaking Zone") : tr("Add No-Overtaking Zone"),
                                                            std::move(zones), m_document->track().race));
    statusBar()->showMessage(tr("Zone %1 from node %2 to node %3 (edit it in the Zones dock)")
                                 .arg(m_document->track().zones.size() - 1).arg(zone.from).arg(zone.to), 8000);
    return true;
}

RaceSettingsDialog* MainWindow::showRaceSettings() {
    if (!m_document) return nullptr;
    auto* dialog = new RaceSettingsDialog(m_document->track().race.value_or(formats::RaceSettings{}), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        if (!m_document) return;
        const formats::RaceSettings settings = dialog->settings();
        // OK on unchanged settings is no edit: no undo step, and a file without them stays so.
        if (settings == m_document->track().race.value_or(formats::RaceSettings{})) return;
        m_document->undoStack()->push(new ChangeRaceDataCommand(m_document, tr("Race Settings"), m_document->track().zones, settings));
    });
    dialog->open();
    return dialog;
}

bool MainWindow::selectAlongRoute() {
    if (!m_document) return false;
    std::string why;
    const std::optional<ZoneSpan> span = zoneSpanFromSelection(m_document->track(), m_selection.nodes(), why);
    if (!span) {
        statusBar()->showMessage(tr("To select along a route, %1").arg(QString::fromStdString(why)), 8000);
        return false;
    }
    // The run a zone over the selection would cover: one rule for both.
    const std::vector<std::uint32_t>& nodes = m_document->track().routes[span->route].nodes;
    const auto from = std::find(nodes.begin(), nodes.end(), span->from) - nodes.begin();
    const auto to = std::find(nodes.begin(), nodes.end(), span->to) - nodes.begin();
    std::set<std::uint32_t> run;
    for (auto k = from;; k = (k + 1) % static_cast<std::ptrdiff_t>(nodes.size())) {
        run.insert(nodes[static_cast<std::size_t>(k)]);
        if (k == to) break;
    }
    m_selection.set(run);
    statusBar()->showMessage(tr("Selected %1 nodes along the route").arg(run.size()), 5000);
    return true;
}

} // namespace editor
