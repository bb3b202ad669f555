#include "editor/preview/preview_panel.h"

#include "trackwright/drive/follower_factory.h"
#include "trackwright/vehicle/vehicle_model.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QToolButton>
#include <QToolTip>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include <algorithm>

namespace editor::preview {
namespace {

enum CarColumn { VehicleColumn, ClassColumn, FollowerColumn, LineColumn, CarColumnCount };

QStringList toList(const std::vector<std::string>& names) {
    QStringList list;
    for (const std::string& n : names) list << QString::fromStdString(n);
    return list;
}

QStringList vehicleNames() {
    QStringList list;
    for (trackwright::VehiclePreset p : trackwright::kAllVehiclePresets) list << QString::fromLatin1(trackwright::vehiclePresetName(p));
    return list;
}

QStringList followerNames() {
    QStringList list;
    for (trackwright::FollowerKind k : trackwright::kAllFollowerKinds) list << QString::fromLatin1(trackwright::followerName(k));
    return list;
}

QString lapText(double s) { return s > 0.0 ? QString::number(s, 'f', 2) : QStringLiteral("–"); }

QToolButton* toolButton(const QString& text, const QString& tip, QWidget* parent) {
    auto* b = new QToolButton(parent);
    b->setText(text);
    b->setToolTip(tip);
    return b;
}

} // namespace

PreviewPanel::PreviewPanel(PreviewController* controller, QWidget* parent) : QWidget(parent), m_controller(controller) {
    auto* layout = new QVBoxLayout(this);

    auto* transport = new QHBoxLayout;
    m_play = toolButton(tr("Play"), tr("Play or pause the simulation (Space)"), this);
    m_play->setCheckable(true);
    m_step = toolButton(tr("Step"), tr("Advance one simulation step (1/60 s)"), this);
    m_reset = toolButton(tr("Reset"), tr("Every car back to the grid"), this);
    m_speed = new QComboBox(this);
    for (double f : PreviewController::kSpeedFactors) m_speed->addItem(QStringLiteral("×%1").arg(f), f);
    m_speed->setCurrentIndex(2);
    m_speed->setToolTip(tr("Simulation speed"));
    transport->addWidget(m_play);
    transport->addWidget(m_step);
    transport->addWidget(m_reset);
    transport->addWidget(m_speed);
    transport->addStretch();
    layout->addLayout(transport);

    auto* view = new QHBoxLayout;
    m_camera = new QComboBox(this);
    m_camera->addItems({tr("Orbit"), tr("Top-down"), tr("Chase")});
    m_camera->setToolTip(tr("Camera: orbit (drag to turn, wheel to zoom), top-down, or chasing the selected car"));
    m_frame = toolButton(tr("Frame"), tr("Orbit camera: show the whole track again"), this);
    m_lines = new QCheckBox(tr("Lines"), this);
    m_lines->setChecked(true);
    view->addWidget(new QLabel(tr("Camera"), this));
    view->addWidget(m_camera);
    view->addWidget(m_frame);
    view->addWidget(m_lines);
    view->addStretch();
    layout->addLayout(view);

    layout->addWidget(makeRaceControl());

    m_ghostCars = new QWidget(this);
    auto* ghostLayout = new QVBoxLayout(m_ghostCars);
    ghostLayout->setContentsMargins(0, 0, 0, 0);
    ghostLayout->addWidget(new QLabel(tr("Cars"), this));
    m_carTable = new QTableWidget(0, CarColumnCount, this);
    m_carTable->setHorizontalHeaderLabels({tr("Vehicle"), tr("Class"), tr("Follower"), tr("Line")});
    const QString carTips[CarColumnCount] = {tr("Vehicle model the car drives"), tr("Vehicle class whose speed profile the car follows"),
                                             tr("Path follower steering the car"), tr("Line the car follows")};
    for (int c = 0; c < CarColumnCount; ++c) m_carTable->horizontalHeaderItem(c)->setToolTip(carTips[c]);
    m_carTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_carTable->setSelectionMode(QAbstractItemView::SingleSelection);
    // Each column as wide as its widest choice, so "predictive" or "overtaking-left" is never cut
    // to "pred"; a narrow dock scrolls sideways instead, and every cell's tooltip has its full text.
    m_carTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_carTable->horizontalHeader()->setStretchLastSection(true);
    ghostLayout->addWidget(m_carTable, 1);
    auto* carButtons = new QHBoxLayout;
    m_addCar = toolButton(tr("Add car"), tr("Add a car at the back of the grid"), this);
    m_removeCar = toolButton(tr("Remove car"), tr("Remove the selected car"), this);
    carButtons->addWidget(m_addCar);
    carButtons->addWidget(m_removeCar);
    m_drive = toolButton(tr("Drive"), tr("Drive the selected car yourself (arrows or W A S D, Space handbrake) and record its path; "
                                          "press again to stop and keep the path as a line"), this);
    m_drive->setObjectName("driveButton");
    m_drive->setCheckable(true);
    carButtons->addWidget(m_drive);
    carButtons->addStretch();
    ghostLayout->addLayout(carButtons);
    layout->addWidget(m_ghostCars, 1);

    layout->addWidget(new QLabel(tr("Live metrics"), this));
    m_metrics = new QTableWidget(0, MetricColumnCount, this);
    m_metrics->setHorizontalHeaderLabels({tr("Car"), tr("km/h"), tr("Target"), tr("Lap"), tr("Last s"), tr("Best s"), tr("Ideal s"), tr("Stuck"),
                                          tr("CTE m"), tr("Tarmac %")});
    m_metrics->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_metrics->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_metrics->setSelectionMode(QAbstractItemView::SingleSelection);
    m_metrics->verticalHeader()->hide();
    m_metrics->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    const QString metricTips[MetricColumnCount] = {tr("Car number"), tr("Speed now, km/h"), tr("Target speed now, km/h"), tr("Lap being driven"),
                                                   tr("Last lap time, s"), tr("Best lap time, s"), tr("Ideal lap time from the speed profile, s"),
                                                   tr("Times the car got stuck"), tr("Mean cross-track error, m"),
                                                   tr("Share of the time on the tarmac, %")};
    for (int c = 0; c < MetricColumnCount; ++c) m_metrics->horizontalHeaderItem(c)->setToolTip(metricTips[c]);
    layout->addWidget(m_metrics, 1);

    connect(m_play, &QToolButton::toggled, this, [this](bool on) { on ? m_controller->play() : m_controller->pause(); });
    connect(m_controller, &PreviewController::playingChanged, this, [this](bool on) {
        const QSignalBlocker block(m_play);
        m_play->setChecked(on);
        m_play->setText(on ? tr("Pause") : tr("Play"));
    });
    connect(m_step, &QToolButton::clicked, m_controller, &PreviewController::stepOnce);
    connect(m_reset, &QToolButton::clicked, m_controller, &PreviewController::reset);
    connect(m_speed, &QComboBox::currentIndexChanged, this, [this] { m_controller->setSpeedFactor(m_speed->currentData().toDouble()); });
    connect(m_camera, &QComboBox::currentIndexChanged, m_controller, &PreviewController::setCameraMode);
    connect(m_frame, &QToolButton::clicked, this, [this] {
        m_controller->setCameraMode(PreviewController::Orbit);
        m_controller->frameTrack();
    });
    connect(m_controller, &PreviewController::cameraModeChanged, this, [this] { m_camera->setCurrentIndex(m_controller->cameraMode()); });
    connect(m_lines, &QCheckBox::toggled, m_controller, &PreviewController::setLinesVisible);
    connect(m_drive, &QToolButton::toggled, this, [this](bool on) {
        if (!on) return m_controller->stopDriving();
        QString error;
        if (m_controller->startDriving(&error)) return;
        const QSignalBlocker blocker(m_drive);
        m_drive->setChecked(false);
        QToolTip::showText(m_drive->mapToGlobal(QPoint(0, m_drive->height())), error, m_drive);
    });
    connect(m_controller, &PreviewController::drivingChanged, this, [this](bool on) {
        const QSignalBlocker blocker(m_drive);
        m_drive->setChecked(on);
    });
    connect(m_addCar, &QToolButton::clicked, this, [this] {
        PreviewCarSetup setup;
        const auto& cars = m_controller->simulation().cars();
        if (!cars.empty()) setup = cars.back().setup;  // most often a field of alike cars
        m_controller->addCar(setup);
    });
    connect(m_removeCar, &QToolButton::clicked, this, [this] {
        if (m_controller->selectedCar() >= 0) m_controller->removeCar(static_cast<std::size_t>(m_controller->selectedCar()));
    });
    auto selectFrom = [this](QTableWidget* table) {
        connect(table, &QTableWidget::itemSelectionChanged, this, [this, table] {
            const auto rows = table->selectionModel()->selectedRows();
            if (!rows.isEmpty() && !m_rebuilding) m_controller->selectCar(rows.front().row());
        });
    };
    selectFrom(m_carTable);
    selectFrom(m_metrics);
    connect(m_controller, &PreviewController::selectionChanged, this, [this] {
        const int row = m_controller->selectedCar();
        for (QTableWidget* table : {m_carTable, m_metrics}) {
            const QSignalBlocker block(table);
            if (row >= 0 && row < table->rowCount()) table->selectRow(row);
            else table->clearSelection();
        }
    });
    connect(m_controller, &PreviewController::carsChanged, this, &PreviewPanel::rebuildCarTable);
    connect(m_controller, &PreviewController::trackSwapped, this, &PreviewPanel::rebuildCarTable);
    connect(m_controller, &PreviewController::raceChanged, this, &PreviewPanel::showRaceState);
    m_metricsTimer.setInterval(250);
    connect(&m_metricsTimer, &QTimer::timeout, this, &PreviewPanel::refreshMetrics);
    m_metricsTimer.start();
    rebuildCarTable();
    showRaceState();
}

QWidget* PreviewPanel::makeRaceControl() {
    auto* box = new QGroupBox(tr("Race"), this);
    auto* form = new QFormLayout;
    m_raceCars = new QSpinBox(box);
    m_raceCars->setRange(RaceSettings::kMinCars, RaceSettings::kMaxCars);
    m_raceCars->setValue(RaceSettings{}.cars);
    m_raceCars->setToolTip(tr("Cars on the grid, all the car preset on the racing line, paces spread from the seed; with a roster, "
                              "its first drivers, and cars beyond it drawn"));
    m_raceLaps = new QSpinBox(box);
    m_raceLaps->setRange(RaceSettings::kMinLaps, RaceSettings::kMaxLaps);
    m_raceLaps->setValue(RaceSettings{}.laps);
    m_raceLaps->setToolTip(tr("Timed laps from the first crossing of the start line"));
    m_raceGrid = new QComboBox(box);
    m_raceGrid->addItem(tr("ordered"), static_cast<int>(bake::GridOrder::Ordered));
    m_raceGrid->addItem(tr("reversed"), static_cast<int>(bake::GridOrder::Reversed));
    m_raceGrid->addItem(tr("random"), static_cast<int>(bake::GridOrder::Random));
    m_raceGrid->setToolTip(tr("Grid: fastest on pole, slowest on pole (the field must pass), or shuffled from the seed"));
    m_raceSeed = new QSpinBox(box);
    m_raceSeed->setRange(0, 999999);
    m_raceSeed->setValue(static_cast<int>(RaceSettings{}.seed));
    m_raceSeed->setToolTip(tr("Seed of the drivers' paces and of a random grid: the same seed races the same race"));
    auto* counts = new QHBoxLayout;
    counts->addWidget(m_raceCars);
    counts->addWidget(new QLabel(tr("Laps"), box));
    counts->addWidget(m_raceLaps);
    form->addRow(tr("Cars"), counts);
    auto* order = new QHBoxLayout;
    order->addWidget(m_raceGrid);
    order->addWidget(new QLabel(tr("Seed"), box));
    order->addWidget(m_raceSeed);
    form->addRow(tr("Grid"), order);

    // The drivers: a roster file's, or drawn from the seed; their level, mistakes and catch-up.
    m_rosterButton = new QPushButton(tr("Roster…"), box);
    m_rosterButton->setObjectName("rosterButton");
    m_rosterButton->setToolTip(tr("Race named drivers with characters from a roster file (JSON, docs/examples/roster.json), one car a "
                                  "driver in order; cars beyond it are drawn from the seed"));
    m_rosterName = new QLabel(box);
    m_rosterName->setObjectName("rosterName");
    m_rosterName->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // A long file name is cut, not a panel widened by it: the tooltip has it whole.
    m_rosterName->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_rosterName->setMinimumWidth(60);
    m_clearRoster = toolButton(tr("Clear"), tr("Back to drivers drawn from the seed"), box);
    m_clearRoster->setObjectName("clearRosterButton");
    auto* roster = new QHBoxLayout;
    roster->addWidget(m_rosterButton);
    roster->addWidget(m_rosterName, 1);
    roster->addWidget(m_clearRoster);
    form->addRow(tr("Drivers"), roster);
    m_raceLevel = new QDoubleSpinBox(box);
    m_raceLevel->setObjectName("raceLevel");
    m_raceLevel->setRange(RaceSettings::kMinLevel, RaceSettings::kMaxLevel);
    m_raceLevel->setSingleStep(0.01);
    m_raceLevel->setDecimals(2);
    m_raceLevel->setValue(RaceSettings{}.level);
    m_raceLevel->setToolTip(tr("The strength of every driver without its own (a roster driver's \"strength\" is kept): "
                               "1.00 laps at the car's ideal; S laps in 1/S of its time"));
    m_raceMistakes = new QDoubleSpinBox(box);
    m_raceMistakes->setObjectName("raceMistakes");
    // The least value stands for "none given": each driver's own, as twbake race without --mistakes.
    m_raceMistakes->setRange(-0.5, RaceSettings::kMaxMistakes);
    m_raceMistakes->setSingleStep(0.5);
    m_raceMistakes->setDecimals(1);
    m_raceMistakes->setSpecialValueText(tr("own"));
    m_raceMistakes->setValue(m_raceMistakes->minimum());
    m_raceMistakes->setToolTip(tr("Every driver's mistakes (late braking, lock-ups, missed apexes, slides), a multiple of the documented "
                                  "rates: 0 none, 1 the documented, up to 4; \"own\": each roster driver's (its character's or its "
                                  "file's), none for a drawn driver"));
    m_raceCatchUp = new QCheckBox(tr("Catch-up"), box);
    m_raceCatchUp->setObjectName("raceCatchUp");
    m_raceCatchUp->setToolTip(tr("Cars behind go a little faster in the corners and cars ahead a little slower, by their gap "
                                 "(the runtime's default catch-up policy)"));
    auto* drivers = new QHBoxLayout;
    drivers->addWidget(m_raceLevel);
    drivers->addWidget(new QLabel(tr("Mistakes"), box));
    drivers->addWidget(m_raceMistakes);
    form->addRow(tr("Level"), drivers);
    form->addRow(QString(), m_raceCatchUp);  // a row of its own: the panel stays narrow beside a small docked preview

    m_startRace = new QPushButton(tr("Start race"), box);
    m_startRace->setToolTip(tr("Line the field up on the grid and race (the ghost cars step aside); N / Shift+N: chase the next or previous car"));
    m_stopRace = new QPushButton(tr("Stop race"), box);
    m_stopRace->setToolTip(tr("Back to the ghost cars"));
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_startRace);
    buttons->addWidget(m_stopRace);
    buttons->addStretch();
    form->addRow(buttons);
    m_raceError = new QLabel(box);
    m_raceError->setWordWrap(true);
    m_raceError->setStyleSheet(QStringLiteral("color: #c62828"));
    m_raceError->hide();
    form->addRow(m_raceError);
    box->setLayout(form);

    connect(m_startRace, &QPushButton::clicked, this, [this] {
        if (!m_rosterError.isEmpty()) return showRaceError(m_rosterError);
        QString error;
        const bool started = m_controller->startRace(raceSettings(), &error);
        showRaceError(started ? QString() : tr("Cannot race this track: %1").arg(error));
        if (started) m_controller->play();
    });
    connect(m_stopRace, &QPushButton::clicked, m_controller, &PreviewController::stopRace);
    connect(m_rosterButton, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Race roster"), m_rosterFolder, tr("Rosters (*.json)"));
        if (!path.isEmpty()) loadRoster(path);
    });
    connect(m_clearRoster, &QToolButton::clicked, this, &PreviewPanel::clearRoster);
    showRoster();
    return box;
}

bool PreviewPanel::loadRoster(const QString& path) {
    m_rosterFolder = QFileInfo(path).absolutePath();
    RaceSettings settings;
    std::string error;
    const bool loaded = editor::preview::loadRoster(QFile::encodeName(path).toStdString(), settings, &error);
    m_roster = std::move(settings.roster);
    m_rosterFile = loaded ? QString::fromStdString(settings.rosterFile) : QFileInfo(path).fileName();
    m_rosterError = loaded ? QString() : tr("The roster %1 cannot be raced:\n%2").arg(m_rosterFile, QString::fromStdString(error));
    // One car a driver, as twbake race --roster without --cars; fewer race the first drivers, more are drawn.
    if (loaded) m_raceCars->setValue(std::clamp(static_cast<int>(m_roster.size()), RaceSettings::kMinCars, RaceSettings::kMaxCars));
    showRoster();
    showRaceError(m_rosterError);
    return loaded;
}

void PreviewPanel::clearRoster() {
    const bool hadError = !m_rosterError.isEmpty();
    m_roster.clear();
    m_rosterFile.clear();
    m_rosterError.clear();
    showRoster();
    if (hadError) showRaceError({});
}

void PreviewPanel::showRoster() {
    if (m_rosterFile.isEmpty()) {
        m_rosterName->setText(tr("drawn from the seed"));
        m_rosterName->setToolTip({});
    } else if (!m_rosterError.isEmpty()) {
        m_rosterName->setText(tr("%1 (not valid)").arg(m_rosterFile));
        m_rosterName->setToolTip(m_rosterError);
    } else {
        m_rosterName->setText(m_roster.size() == 1 ? tr("%1 · 1 driver").arg(m_rosterFile) : tr("%1 · %2 drivers").arg(m_rosterFile).arg(m_roster.size()));
        QStringList names;
        for (const bake::RosterDriver& d : m_roster)
            names << QStringLiteral("%1 (%2)").arg(QString::fromStdString(d.name), QString::fromStdString(std::string(trackwright::driverCharacterName(d.character))));
        m_rosterName->setToolTip(m_rosterFile + QStringLiteral(":\n") + names.join('\n'));
    }
    m_rosterName->setStyleSheet(m_rosterError.isEmpty() ? QString() : QStringLiteral("color: #c62828"));
    m_clearRoster->setEnabled(!m_rosterFile.isEmpty());
}

void PreviewPanel::showRaceError(const QString& error) {
    m_raceError->setText(error);
    m_raceError->setVisible(!error.isEmpty());
}

RaceSettings PreviewPanel::raceSettings() const {
    RaceSettings settings;
    settings.cars = m_raceCars->value();
    settings.laps = m_raceLaps->value();
    settings.grid = static_cast<bake::GridOrder>(m_raceGrid->currentData().toInt());
    settings.seed = static_cast<std::uint64_t>(m_raceSeed->value());
    settings.roster = m_roster;
    settings.rosterFile = m_rosterFile.toStdString();
    settings.level = static_cast<float>(m_raceLevel->value());
    if (m_raceMistakes->value() >= 0.0) settings.mistakes = static_cast<float>(m_raceMistakes->value());
    settings.catchUp = m_raceCatchUp->isChecked();
    return settings;
}

void PreviewPanel::showRaceState() {
    const bool racing = m_controller->racing();
    m_startRace->setText(racing ? tr("Restart race") : tr("Start race"));
    m_stopRace->setEnabled(racing);
    // The ghost cars wait while the field races; the metrics table shows the race's cars.
    m_ghostCars->setEnabled(!racing);
    if (racing) {
        const RaceSettings& s = m_controller->race()->settings();
        m_raceCars->setValue(s.cars);
        m_raceLaps->setValue(s.laps);
        m_raceGrid->setCurrentIndex(m_raceGrid->findData(static_cast<int>(s.grid)));
        m_raceSeed->setValue(static_cast<int>(s.seed));
        m_raceLevel->setValue(s.level);
        m_raceMistakes->setValue(s.mistakes ? *s.mistakes : m_raceMistakes->minimum());
        m_raceCatchUp->setChecked(s.catchUp);
        m_roster = s.roster;
        m_rosterFile = QString::fromStdString(s.rosterFile);
        m_rosterError.clear();
        showRoster();
    }
    refreshMetrics();
}

QComboBox* PreviewPanel::comboFor(int row, int column, const QStringList& items, const QString& current) {
    auto* box = new QComboBox(m_carTable);
    box->addItems(items);
    box->setCurrentText(current);
    box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(box, &QComboBox::currentTextChanged, this, [this, row, column](const QString& text) { describeCell(row, column, text); });
    connect(box, &QComboBox::currentIndexChanged, this, [this, row] { applyRow(row); });
    m_carTable->setCellWidget(row, column, box);
    describeCell(row, column, box->currentText());
    return box;
}

void PreviewPanel::describeCell(int row, int column, const QString& text) {
    // The cell's item under the combo box carries its text for the model (Qt::DisplayRole,
    // Qt::ToolTipRole): what the combo shows even when a narrow column would cut it.
    QTableWidgetItem* item = m_carTable->item(row, column);
    if (!item) m_carTable->setItem(row, column, item = new QTableWidgetItem);
    const QString tip = QStringLiteral("%1: %2").arg(m_carTable->horizontalHeaderItem(column)->text(), text);
    item->setText(text);
    item->setToolTip(tip);
    if (auto* box = qobject_cast<QComboBox*>(m_carTable->cellWidget(row, column))) box->setToolTip(tip);
}

void PreviewPanel::rebuildCarTable() {
    m_rebuilding = true;
    const auto& cars = m_controller->simulation().cars();
    const QStringList classes = toList(m_controller->simulation().classNames());
    const QStringList lines = toList(m_controller->simulation().lineNames());
    m_carTable->setRowCount(static_cast<int>(cars.size()));
    for (int row = 0; row < static_cast<int>(cars.size()); ++row) {
        const PreviewCarSetup& s = cars[static_cast<std::size_t>(row)].setup;
        const QString vehicle = QString::fromLatin1(trackwright::vehiclePresetName(s.vehicle));
        comboFor(row, VehicleColumn, vehicleNames(), vehicle);
        comboFor(row, ClassColumn, classes, s.vehicleClass.empty() ? vehicle : QString::fromStdString(s.vehicleClass));
        comboFor(row, FollowerColumn, followerNames(), QString::fromLatin1(trackwright::followerName(s.follower)));
        comboFor(row, LineColumn, lines, QString::fromStdString(s.line));
    }
    if (m_controller->selectedCar() >= 0 && m_controller->selectedCar() < m_carTable->rowCount()) m_carTable->selectRow(m_controller->selectedCar());
    m_rebuilding = false;
    refreshMetrics();
}

void PreviewPanel::applyRow(int row) {
    if (m_rebuilding || row < 0 || row >= static_cast<int>(m_controller->simulation().cars().size())) return;
    auto text = [&](int column) { return static_cast<QComboBox*>(m_carTable->cellWidget(row, column))->currentText().toStdString(); };
    PreviewCarSetup setup;
    // The combo boxes list only the runtime's own names; one it does not know would be a bug here.
    if (!trackwright::vehiclePresetByName(text(VehicleColumn).c_str(), setup.vehicle) ||
        !trackwright::followerByName(text(FollowerColumn).c_str(), setup.follower))
        return;
    setup.vehicleClass = text(ClassColumn);
    setup.line = text(LineColumn);
    m_controller->setCarSetup(static_cast<std::size_t>(row), setup);
}

void PreviewPanel::refreshMetrics() {
    const std::size_t count = m_controller->carCount();
    if (m_metrics->rowCount() != static_cast<int>(count)) m_metrics->setRowCount(static_cast<int>(count));
    for (std::size_t i = 0; i < count; ++i) {
        const CarFigures f = m_controller->figures(i);
        const QString cells[MetricColumnCount] = {QString::number(i + 1),
                                                  QString::number(f.speed * 3.6, 'f', 0),
                                                  QString::number(f.targetSpeed * 3.6, 'f', 0),
                                                  QString::number(f.lap),
                                                  lapText(f.lastLap),
                                                  lapText(f.bestLap),
                                                  lapText(f.idealLap),
                                                  QString::number(f.stuckEvents),
                                                  QString::number(f.crossTrackMean, 'f', 2),
                                                  QString::number(f.onTarmacPct, 'f', 1)};
        for (int c = 0; c < MetricColumnCount; ++c) {
            QTableWidgetItem* item = m_metrics->item(static_cast<int>(i), c);
            if (!item) m_metrics->setItem(static_cast<int>(i), c, item = new QTableWidgetItem);
            if (item->text() != cells[c]) item->setText(cells[c]);
        }
    }
}

} // namespace editor::preview
