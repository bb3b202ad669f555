#pragma once

#include "editor/preview/preview_controller.h"

#include <QTimer>
#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QTableWidget;
class QToolButton;
class QCheckBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace editor::preview {

/// The preview's side panel: play/pause, single step, reset, speed ×0.25–×8, camera and line
/// toggles; a race (cars, laps, grid, seed, a roster of named drivers, their level, mistakes and
/// catch-up; start and stop); the ghost cars with their vehicle,
/// class, follower and line (add, remove, change; put aside while a race runs); and a live table
/// of each car's verification-lap metrics, the race's cars in a race. Selecting a row selects the car.
class PreviewPanel : public QWidget {
    Q_OBJECT
public:
    explicit PreviewPanel(PreviewController* controller, QWidget* parent = nullptr);

    QToolButton* playButton() { return m_play; }
    QToolButton* stepButton() { return m_step; }
    QToolButton* resetButton() { return m_reset; }
    QComboBox* speedBox() { return m_speed; }
    QComboBox* cameraBox() { return m_camera; }
    QToolButton* frameButton() { return m_frame; }
    QTableWidget* carTable() { return m_carTable; }
    QTableWidget* metricsTable() { return m_metrics; }
    QToolButton* addCarButton() { return m_addCar; }
    QToolButton* removeCarButton() { return m_removeCar; }
    QToolButton* driveButton() { return m_drive; }
    QSpinBox* raceCarsBox() { return m_raceCars; }
    QSpinBox* raceLapsBox() { return m_raceLaps; }
    QComboBox* raceGridBox() { return m_raceGrid; }
    QSpinBox* raceSeedBox() { return m_raceSeed; }
    QPushButton* rosterButton() { return m_rosterButton; }
    QToolButton* clearRosterButton() { return m_clearRoster; }
    QLabel* rosterLabel() { return m_rosterName; }
    QDoubleSpinBox* raceLevelBox() { return m_raceLevel; }
    QDoubleSpinBox* raceMistakesBox() { return m_raceMistakes; }
    QCheckBox* raceCatchUpBox() { return m_raceCatchUp; }
    QLabel* raceErrorLabel() { return m_raceError; }
    QPushButton* startRaceButton() { return m_startRace; }
    QPushButton* stopRaceButton() { return m_stopRace; }
    /// The race control's settings as the panel shows them.
    RaceSettings raceSettings() const;
    /// Reads the roster file at `path` (what Roster… does once a file is chosen): its drivers race
    /// the next race, one car a driver (the Cars box follows the roster). False when the file cannot
    /// be read or is no valid roster: the reader's problems are shown under the Race buttons and no
    /// race starts until another file is chosen or the roster is cleared.
    bool loadRoster(const QString& path);
    /// Back to drawn drivers.
    void clearRoster();

    /// Columns of the metrics table.
    enum MetricColumn { CarColumn, SpeedColumn, TargetColumn, LapColumn, LastLapColumn, BestLapColumn, IdealColumn, StuckColumn, CteColumn,
                        TarmacColumn, MetricColumnCount };

public slots:
    void refreshMetrics();

private:
    void rebuildCarTable();
    QWidget* makeRaceControl();
    void showRaceState();
    void showRoster();
    void showRaceError(const QString& error);
    void applyRow(int row);
    void describeCell(int row, int column, const QString& text);
    QComboBox* comboFor(int row, int column, const QStringList& items, const QString& current);

    PreviewController* m_controller;
    QToolButton* m_play = nullptr;
    QToolButton* m_step = nullptr;
    QToolButton* m_reset = nullptr;
    QComboBox* m_speed = nullptr;
    QComboBox* m_camera = nullptr;
    QToolButton* m_frame = nullptr;
    QCheckBox* m_lines = nullptr;
    QTableWidget* m_carTable = nullptr;
    QToolButton* m_addCar = nullptr;
    QToolButton* m_removeCar = nullptr;
    QToolButton* m_drive = nullptr;
    QTableWidget* m_metrics = nullptr;
    QSpinBox* m_raceCars = nullptr;
    QSpinBox* m_raceLaps = nullptr;
    QComboBox* m_raceGrid = nullptr;
    QSpinBox* m_raceSeed = nullptr;
    QPushButton* m_rosterButton = nullptr;
    QToolButton* m_clearRoster = nullptr;
    QLabel* m_rosterName = nullptr;
    QDoubleSpinBox* m_raceLevel = nullptr;
    QDoubleSpinBox* m_raceMistakes = nullptr;
    QCheckBox* m_raceCatchUp = nullptr;
    std::vector<bake::RosterDriver> m_roster;  ///< the roster the next race takes (empty: drawn drivers)
    QString m_rosterFile;                      ///< its file's name, or the chosen file that is no valid roster
    QString m_rosterError;                     ///< why the chosen file cannot be raced; empty when it can (or none is chosen)
    QString m_rosterFolder;                    ///< where Roster… opens: the last roster's folder
    QPushButton* m_startRace = nullptr;
    QPushButton* m_stopRace = nullptr;
    QLabel* m_raceError = nullptr;
    QWidget* m_ghostCars = nullptr;  ///< the ghost cars' label, table and buttons
    QTimer m_metricsTimer;
    bool m_rebuilding = false;
};

} // namespace editor::preview
