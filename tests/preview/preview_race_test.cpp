// The preview's race mode: a bake::Race on the preview's baked track, its broadcast (tower,
// timeline, markers, results) and the chase camera on any car; the ghost cars come back when it stops.
#include "editor/preview/preview_panel.h"
#include "editor/preview/preview_race.h"
#include "editor/preview/preview_widget.h"
#include "editor/preview/surface_height.h"

#include "bake/sim/race_run.h"
#include "bake/sim/race_setup.h"
#include "formats/source/track_json.h"
#include "trackwright/traffic/driver_mistakes.h"
#include "trackwright/traffic/driver_presets.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QProcess>
#include <QPushButton>
#include <QQuickItem>
#include <QQuickWidget>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QToolButton>
#include <QTest>

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <optional>
#include <set>

namespace {

using editor::preview::PreviewController;
using editor::preview::PreviewPanel;
using editor::preview::PreviewRace;
using editor::preview::PreviewSimulation;
using editor::preview::PreviewWidget;
using editor::preview::RaceSettings;

formats::TrackDocument sample(const char* name) {
    auto loaded = formats::loadTrackFile(std::string(TRACKWRIGHT_SAMPLES_DIR) + "/" + name);
    if (!loaded.document) throw std::runtime_error(std::string("cannot load ") + name);
    return *loaded.document;
}

/// The roster docs/cli.md shows.
const std::string kExampleRoster = std::string(TRACKWRIGHT_SAMPLES_DIR) + "/../../docs/examples/roster.json";

/// `text` written to `name` in `dir`; its path.
QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size()) throw std::runtime_error("cannot write " + path.toStdString());
    return path;
}

RaceSettings settings(int cars, int laps, bake::GridOrder grid = bake::GridOrder::Ordered) {
    RaceSettings s;
    s.cars = cars;
    s.laps = laps;
    s.grid = grid;
    return s;
}

TEST(PreviewRace, StartsTheFieldOnATwoColumnStaggeredGridBehindTheLine) {
    const auto track = PreviewSimulation::bakeForPreview(sample("monza.twtrack"));
    ASSERT_TRUE(track);
    std::string error;
    const std::unique_ptr<PreviewRace> race = PreviewRace::start(track, settings(8, 3), &error);
    ASSERT_TRUE(race) << error;
    ASSERT_EQ(race->race().size(), 8u);
    EXPECT_EQ(race->track(), track) << "the race keeps the bake it started on";
    // Each car where its slot says: pole on the left, then alternating columns, each row further back.
    std::vector<float> lateral(8), distance(8);
    for (std::size_t i = 0; i < 8; ++i) {
        const bake::ReferenceCar& car = race->race().car(i);
        EXPECT_EQ(car.body().state.speed, 0.0f) << "a standing start";
        const auto under = editor::preview::surfaceUnder(track->track, car.body().state.position, race->attitude(i).height);
        ASSERT_TRUE(under) << "car " << i << " is on the track";
        EXPECT_TRUE(under->onTarmac) << "car " << i;
        lateral[race->gridSlot(i)] = under->lateral;
        distance[race->gridSlot(i)] = under->registration.distance;
    }
    for (std::uint32_t slot = 0; slot < 8; ++slot) {
        if (slot % 2 == 0) EXPECT_GT(lateral[slot], 1.0f) << "slot " << slot << " in the left column";
        else EXPECT_LT(lateral[slot], -1.0f) << "slot " << slot << " in the right column";
        if (slot > 0) {
            // Along the route, back from the line (which may sit at the route's start, so wrap).
            const double length = race->lapLength();
            const double back = std::fmod(distance[slot - 1] - distance[slot] + 2.0 * length, length);
            EXPECT_GT(back, 2.0) << "slot " << slot << " behind slot " << slot - 1;
            EXPECT_LT(back, 20.0) << "slot " << slot << " staggered, not a row away";
        }
    }
}

TEST(PreviewRace, RefusesATrackWithoutLaps) {
    formats::TrackDocument open = sample("kart.twtrack");
    open.routes[0].closed = false;
    const auto track = PreviewSimulation::bakeForPreview(open);
    ASSERT_TRUE(track);
    std::string error;
    EXPECT_FALSE(PreviewRace::start(track, settings(4, 2), &error));
    EXPECT_NE(error.find("closed"), std::string::npos) << error;
}

// One race loop (issue 48): the preview's race and `twbake race` with the same seed are the same race,
// car for car: the same finishing order and the same finish times, to the last bit.
TEST(PreviewRace, IsTheRaceTwbakeRunsForTheSameSeed) {
    const auto track = PreviewSimulation::bakeForPreview(sample("monza.twtrack"));
    ASSERT_TRUE(track);
    std::string error;
    RaceSettings s = settings(6, 2, bake::GridOrder::Random);
    s.seed = 3;
    const std::unique_ptr<PreviewRace> preview = PreviewRace::start(track, s, &error);
    ASSERT_TRUE(preview) << error;
    bake::RaceOptions options;
    options.cars = 6;
    options.laps = 2;
    options.grid = bake::GridOrder::Random;
    options.seed = 3;
    options.alone = false;
    options.base = bake::raceCarSetup(track->track);
    const bake::RaceResult measured = bake::runRace(track->track, options);
    ASSERT_EQ(measured.cars.size(), 6u);
    ASSERT_TRUE(measured.completed);
    while (!preview->race().allFinished() && preview->race().time() < measured.time + 1.0) preview->advance(1.0, 1.0, 60);
    ASSERT_TRUE(preview->race().allFinished());
    const trackwright::RaceWorld& world = preview->race().world();
    for (std::uint32_t car = 0; car < 6; ++car) {
        EXPECT_EQ(world.position(car), measured.cars[car].finish) << "car " << car;
        EXPECT_EQ(world.finishTime(car), measured.cars[car].finishTime) << "car " << car;
    }
}

// The race box's drivers (issue 50) are `twbake race`'s: a roster with a level, mistakes and catch-up
// races the very race `twbake race --roster --cars --strength --mistakes --catch-up` runs, car for car.
TEST(PreviewRace, ARosterWithALevelMistakesAndCatchUpIsTheRaceTwbakeRuns) {
    const auto track = PreviewSimulation::bakeForPreview(sample("kart.twtrack"));
    ASSERT_TRUE(track);
    RaceSettings s = settings(5, 2);  // the roster's four drivers and one drawn
    std::string error;
    ASSERT_TRUE(editor::preview::loadRoster(kExampleRoster, s, &error)) << error;
    EXPECT_EQ(s.roster.size(), 4u);
    EXPECT_EQ(s.rosterFile, "roster.json");
    EXPECT_EQ(s.cars, 5) << "the field's size stays the caller's";
    s.level = 0.9f;
    s.mistakes = 2.0f;
    s.catchUp = true;
    const std::unique_ptr<PreviewRace> preview = PreviewRace::start(track, s, &error);
    ASSERT_TRUE(preview) << error;
    ASSERT_EQ(preview->race().size(), 5u);
    // As the command line builds its options from the same file.
    bake::RaceOptions options;
    options.cars = 5;
    options.laps = 2;
    options.seed = 1;
    options.alone = false;
    options.base = bake::raceCarSetup(track->track);
    for (const bake::RosterDriver& d : bake::readRosterFile(kExampleRoster).drivers) {
        options.profiles.push_back(d.profile);
        options.ownStrength.push_back(d.setsStrength);
    }
    options.strength = 0.9f;
    options.mistakes = 2.0f;
    options.catchUp.enabled = true;
    const bake::RaceResult measured = bake::runRace(track->track, options);
    ASSERT_EQ(measured.cars.size(), 5u);
    ASSERT_TRUE(measured.completed);
    EXPECT_EQ(measured.cars[0].strength, 0.97f) << "Ana Ortiz's own strength";
    EXPECT_EQ(measured.cars[1].strength, 0.9f) << "Ben Carter's is the level";
    EXPECT_EQ(measured.cars[4].strength, 0.9f) << "the drawn car's is the level";
    while (!preview->race().allFinished() && preview->race().time() < measured.time + 1.0) preview->advance(1.0, 1.0, 60);
    ASSERT_TRUE(preview->race().allFinished());
    const trackwright::RaceWorld& world = preview->race().world();
    int mistakes = 0;
    for (std::uint32_t car = 0; car < 5; ++car) {
        EXPECT_EQ(world.position(car), measured.cars[car].finish) << "car " << car;
        EXPECT_EQ(world.finishTime(car), measured.cars[car].finishTime) << "car " << car;
        EXPECT_EQ(world.follower(car).mistakeTally().total(), measured.cars[car].mistakes.total()) << "car " << car;
        EXPECT_EQ(world.setup(car).driver.strength, measured.cars[car].strength) << "car " << car;
        mistakes += static_cast<int>(measured.cars[car].mistakes.total());
    }
    EXPECT_GT(mistakes, 0) << "twice the documented rates over two laps of five cars";
}

/// A preview of the kart track with its ghost cars, shown.
class RacePreview : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(widget.sceneErrors().isEmpty()) << widget.sceneErrors().toStdString();
        QString error;
        ASSERT_TRUE(controller().setDocument(sample("kart.twtrack"), &error)) << error.toStdString();
        for (int i = 0; i < 3; ++i) controller().addCar({});
        widget.resize(1280, 760);
        widget.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&widget));
    }
    PreviewController& controller() { return *widget.controller(); }
    const PreviewRace& race() { return *controller().race(); }
    QQuickItem* scene() { return widget.sceneView()->rootObject(); }
    /// The scene's visible items named `name`, in the visual tree's order (a Repeater's
    /// delegates are its parent item's children there, not always QObject children).
    QList<QQuickItem*> items(const char* name) {
        QList<QQuickItem*> found;
        std::function<void(QQuickItem*)> walk = [&](QQuickItem* item) {
            if (item->objectName() == QLatin1String(name) && item->isVisible()) found << item;
            for (QQuickItem* child : item->childItems()) walk(child);
        };
        walk(scene());
        return found;
    }
    /// Clicks the middle of `item` in the scene.
    void click(QQuickItem* item) {
        const QPointF centre = item->mapToScene(QPointF(item->width() / 2, item->height() / 2));
        QTest::mouseClick(widget.sceneView(), Qt::LeftButton, {}, centre.toPoint());
        QTest::qWait(50);
    }
    PreviewWidget widget;
};

TEST_F(RacePreview, TheTowerListsEveryCarOnceInRunningOrderWithGrowingGaps) {
    ASSERT_TRUE(controller().startRace(settings(10, 3)));
    EXPECT_EQ(controller().carCount(), 10u);
    EXPECT_EQ(qobject_cast<QAbstractItemModel*>(controller().carsModel())->rowCount(), 10) << "the race's cars are drawn, not the ghosts";
    controller().simulateFor(35.0);
    QTest::qWait(100);
    const auto& rows = controller().broadcast()->tower()->rows();
    ASSERT_EQ(rows.size(), 10u);
    std::set<int> cars;
    for (std::size_t p = 0; p < rows.size(); ++p) {
        cars.insert(rows[p].car);
        const double progress = race().race().progress(static_cast<std::size_t>(rows[p].car));
        EXPECT_GE(rows[p].gapToLeader, 0.0) << "P" << p + 1;
        if (p == 0) continue;
        const double ahead = race().race().progress(static_cast<std::size_t>(rows[p - 1].car));
        EXPECT_LE(progress, ahead + 1e-6) << "P" << p + 1 << " is not further round than P" << p;
        EXPECT_GE(rows[p].gapToLeader, rows[p - 1].gapToLeader - 1e-9) << "P" << p + 1;
    }
    EXPECT_EQ(cars.size(), 10u) << "every car once";
    EXPECT_GT(rows.back().gapToLeader, 0.5) << "the field has spread out";
    EXPECT_EQ(items("towerLine").size(), 10) << "the tower shows every line";
    EXPECT_NE(controller().broadcast()->clock().indexOf("Lap"), -1) << controller().broadcast()->clock().toStdString();
}

TEST_F(RacePreview, AnEventInTheTallyIsATickOnTheTimelineThatChasesItsCar) {
    // Passes and contacts are the bake's traffic: a reversed grid (the fast cars start at the back
    // and must pass) on the park circuit, whose road is wide enough to pass on (the kart track's
    // rarely is), seed after seed until a race has an event. Each new race starts its timeline afresh.
    QString error;
    ASSERT_TRUE(controller().setDocument(sample("ridgeway_park.twtrack"), &error)) << error.toStdString();
    for (std::uint64_t seed = 1; seed <= 10 && (!controller().racing() || race().tally().events().empty()); ++seed) {
        RaceSettings s = settings(10, 3, bake::GridOrder::Reversed);
        s.seed = seed;
        ASSERT_TRUE(controller().startRace(s));
        EXPECT_EQ(controller().broadcast()->events()->rowCount(), 0);
        for (int i = 0; i < 120 && race().tally().events().empty(); ++i) controller().simulateFor(1.0);
    }
    const auto& events = race().tally().events();
    ASSERT_FALSE(events.empty()) << "no pass nor contact in two minutes of ten reversed grids";
    const auto& marks = controller().broadcast()->events()->marks();
    ASSERT_EQ(marks.size(), events.size());
    for (std::size_t k = 0; k < events.size(); ++k) {
        EXPECT_EQ(marks[k].time, events[k].time);
        EXPECT_EQ(marks[k].car, static_cast<int>(events[k].car));
        EXPECT_EQ(marks[k].kind == editor::preview::EventKind::Contact, events[k].kind == bake::RaceEvent::Kind::Contact);
        EXPECT_EQ(marks[k].kind == editor::preview::EventKind::Pass, events[k].kind == bake::RaceEvent::Kind::Overtake);
    }
    QTest::qWait(100);
    const QList<QQuickItem*> ticks = items("timelineTick");
    ASSERT_EQ(ticks.size(), static_cast<int>(events.size()));
    // The last tick: further along the bar than the first, and a click on it chases its car.
    QQuickItem* last = ticks.back();
    EXPECT_GE(last->x(), ticks.front()->x());
    const int car = last->property("car").toInt();
    controller().selectCar(car == 0 ? 1 : 0);
    controller().setCameraMode(PreviewController::Orbit);
    click(last);
    EXPECT_EQ(controller().selectedCar(), car);
    EXPECT_EQ(controller().cameraMode(), PreviewController::Chase);
}

TEST_F(RacePreview, ClickingACarInTheTowerChasesItAndNCyclesDownTheOrder) {
    ASSERT_TRUE(controller().startRace(settings(6, 2)));
    controller().simulateFor(20.0);
    QTest::qWait(100);
    const QList<QQuickItem*> lines = items("towerLine");
    ASSERT_EQ(lines.size(), 6);
    // P4's line.
    const int car = lines[3]->property("car").toInt();
    ASSERT_EQ(car, controller().broadcast()->tower()->rows()[3].car);
    click(lines[3]);
    EXPECT_EQ(controller().selectedCar(), car);
    EXPECT_EQ(controller().cameraMode(), PreviewController::Chase);
    controller().simulateFor(1.0);
    // The chase camera sits behind that car, not any other.
    const trackwright::VehicleState& s = race().race().car(static_cast<std::size_t>(car)).body().state;
    const QVector3D camera = controller().chasePosition();
    const double behind = std::hypot(camera.x() - s.position.x, -camera.z() - s.position.y);
    EXPECT_LT(behind, 20.0);
    EXPECT_GT(behind, 5.0);
    EXPECT_NE(controller().hudText().indexOf(QStringLiteral("Car %1").arg(car + 1)), -1) << controller().hudText().toStdString();
    // N: the car one place down the tower.
    const int next = controller().broadcast()->tower()->rows()[4].car;
    widget.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&widget));
    widget.sceneView()->setFocus();
    QTest::keyClick(widget.sceneView(), Qt::Key_N);
    EXPECT_EQ(controller().selectedCar(), next);
    QTest::keyClick(widget.sceneView(), Qt::Key_N, Qt::ShiftModifier);
    EXPECT_EQ(controller().selectedCar(), car);
}

TEST_F(RacePreview, StoppingTheRaceBringsTheGhostsBack) {
    PreviewPanel* panel = widget.panel();
    panel->raceCarsBox()->setValue(5);
    panel->raceLapsBox()->setValue(2);
    QTest::mouseClick(panel->startRaceButton(), Qt::LeftButton);
    ASSERT_TRUE(controller().racing());
    EXPECT_EQ(race().race().size(), 5u);
    EXPECT_EQ(race().settings().laps, 2);
    EXPECT_TRUE(controller().broadcast()->active());
    EXPECT_FALSE(panel->carTable()->isEnabled()) << "the ghost cars wait";
    controller().simulateFor(5.0);
    QTest::qWait(50);
    EXPECT_EQ(items("raceTower").size(), 1);
    EXPECT_EQ(items("raceTimeline").size(), 1);

    QTest::mouseClick(panel->stopRaceButton(), Qt::LeftButton);
    EXPECT_FALSE(controller().racing());
    EXPECT_FALSE(controller().broadcast()->active());
    EXPECT_EQ(controller().carCount(), 3u);
    EXPECT_EQ(qobject_cast<QAbstractItemModel*>(controller().carsModel())->rowCount(), 3);
    EXPECT_TRUE(panel->carTable()->isEnabled());
    const double ghostTime = controller().simulation().time();
    controller().simulateFor(1.0);
    EXPECT_NEAR(controller().simulation().time(), ghostTime + 1.0, 1e-6) << "the ghosts drive again";
    QTest::qWait(50);
    EXPECT_TRUE(items("raceTower").isEmpty());
    EXPECT_TRUE(items("raceTimeline").isEmpty());
}

TEST_F(RacePreview, ALiveEditDuringARaceKeepsTheRacesTrackAndSaysSo) {
    ASSERT_TRUE(controller().startRace(settings(6, 2)));
    controller().simulateFor(10.0);
    const auto raced = race().track();
    formats::TrackDocument edited = sample("kart.twtrack");
    edited.nodes[edited.routes[0].nodes[40]].position.x += 0.8;
    QSignalSpy swapped(&controller(), &PreviewController::trackSwapped);
    controller().rebakeInBackground(edited);
    ASSERT_TRUE(swapped.wait(5000));
    EXPECT_EQ(race().track(), raced) << "no swap under the race";
    EXPECT_NE(controller().simulation().track(), raced) << "the ghosts have the edit";
    EXPECT_NE(controller().broadcast()->message().indexOf("restart the race"), -1);
    const double progress = race().race().progress(0);
    controller().simulateFor(5.0);
    EXPECT_GT(race().race().progress(0), progress + 20.0) << "the race drives on";
    QTest::qWait(50);
    EXPECT_EQ(items("raceMessage").size(), 1);
    // A restart races the edit, and the message goes.
    controller().reset();
    ASSERT_TRUE(controller().racing());
    EXPECT_EQ(race().track(), controller().simulation().track());
    EXPECT_EQ(race().time(), 0.0);
    EXPECT_TRUE(controller().broadcast()->message().isEmpty());
}

TEST_F(RacePreview, AFinishedRaceShowsTheResults) {
    ASSERT_TRUE(controller().startRace(settings(3, 1)));
    for (int i = 0; i < 240 && !race().over(); ++i) controller().simulateFor(1.0);
    ASSERT_TRUE(race().over()) << "a one-lap race of three karts is over in four minutes";
    QTest::qWait(100);
    EXPECT_EQ(items("raceResults").size(), 1);
    EXPECT_EQ(items("resultLine").size(), 3);
    const auto& rows = controller().broadcast()->tower()->rows();
    ASSERT_EQ(rows.size(), 3u);
    const trackwright::RaceWorld& world = race().race().world();
    std::uint32_t winner = 0;
    for (std::uint32_t car = 1; car < world.size(); ++car)
        if (world.finishTime(car) < world.finishTime(winner)) winner = car;
    EXPECT_EQ(rows[0].car, static_cast<int>(winner)) << "the winner, first over the line, heads the results";
    for (const auto& row : rows) EXPECT_TRUE(row.finished);
    EXPECT_NE(rows[0].bestLap, QStringLiteral("–"));
    EXPECT_NE(controller().broadcast()->clock().indexOf("Final"), -1);
    // The clock stopped with the flag: the scene runs on, the final time does not (issue 49).
    const QString final = controller().broadcast()->clock();
    controller().simulateFor(5.0);
    QTest::qWait(50);
    EXPECT_EQ(controller().broadcast()->clock(), final);
}

// Issue 50 in the editor: the race box takes a roster file; the tower names its drivers and shows
// each one's last and best lap once it has done one.
TEST_F(RacePreview, TheRaceBoxRacesARostersDriversAndTheTowerShowsTheirLapTimes) {
    QTemporaryDir dir;
    const QString path = writeFile(dir, "club.json", R"({"drivers": [{"name": "Ana Ortiz", "character": "aggressive", "strength": 0.97},
                                                                    {"name": "Ben Carter", "character": "competitive"},
                                                                    {"name": "Chloé Martin", "character": "cautious"}]})");
    PreviewPanel* panel = widget.panel();
    ASSERT_TRUE(panel->loadRoster(path)) << panel->raceErrorLabel()->text().toStdString();
    EXPECT_EQ(panel->raceCarsBox()->value(), 3) << "one car a driver";
    EXPECT_NE(panel->rosterLabel()->text().indexOf("club.json"), -1) << panel->rosterLabel()->text().toStdString();
    EXPECT_TRUE(panel->clearRosterButton()->isEnabled());
    EXPECT_TRUE(panel->raceErrorLabel()->isHidden());
    panel->raceCarsBox()->setValue(4);  // one more, drawn: as twbake race --roster FILE --cars 4
    panel->raceLapsBox()->setValue(2);
    panel->raceLevelBox()->setValue(0.9);
    QTest::mouseClick(panel->startRaceButton(), Qt::LeftButton);
    ASSERT_TRUE(controller().racing()) << panel->raceErrorLabel()->text().toStdString();
    ASSERT_EQ(race().race().size(), 4u);
    const trackwright::RaceWorld& world = race().race().world();
    EXPECT_EQ(world.setup(0).driver.strength, 0.97f) << "Ana Ortiz races her own strength";
    EXPECT_EQ(world.setup(1).driver.strength, 0.9f) << "Ben Carter, without his own, the level";
    EXPECT_EQ(world.setup(3).driver.strength, 0.9f) << "the drawn car the level";
    EXPECT_EQ(world.setup(1).driver.aggression, trackwright::driverPreset(trackwright::DriverCharacter::Competitive).aggression);

    controller().simulateFor(1.0);
    const auto& rows = controller().broadcast()->tower()->rows();
    ASSERT_EQ(rows.size(), 4u);
    std::set<QString> names;
    for (const auto& row : rows) {
        names.insert(row.name);
        EXPECT_EQ(row.lastLap, QStringLiteral("–")) << "no lap yet";
    }
    EXPECT_EQ(names, (std::set<QString>{"Ana Ortiz", "Ben Carter", "Chloé Martin", "Car 4"}));
    // Every car round once (a kart lap is under a minute).
    auto everyCarLapped = [&] {
        return std::all_of(rows.begin(), rows.end(), [](const auto& row) { return row.lastLap != QStringLiteral("–"); });
    };
    for (int i = 0; i < 120 && !everyCarLapped(); ++i) controller().simulateFor(1.0);
    ASSERT_TRUE(everyCarLapped());
    for (const auto& row : rows) {
        const trackwright::LapStatus& laps = world.lapStatus(static_cast<std::uint32_t>(row.car));
        EXPECT_EQ(row.lastLap, editor::preview::RaceBroadcast::lapTime(laps.lastLapTime)) << row.name.toStdString();
        EXPECT_EQ(row.bestLap, editor::preview::RaceBroadcast::lapTime(laps.bestLapTime)) << row.name.toStdString();
        EXPECT_GT(laps.lastLapTime, 20.0) << "a whole lap of the kart track, not the run from the grid to the line";
    }
    QTest::qWait(100);
    QStringList shown, lastLaps;
    for (QQuickItem* name : items("towerName")) shown << name->property("text").toString();
    for (QQuickItem* lap : items("towerLastLap")) lastLaps << lap->property("text").toString();
    EXPECT_TRUE(shown.contains("Chloé Martin")) << shown.join(", ").toStdString();
    ASSERT_EQ(lastLaps.size(), 4);
    EXPECT_FALSE(lastLaps.contains(QStringLiteral("–"))) << lastLaps.join(", ").toStdString();
    EXPECT_NE(controller().hudText().indexOf(rows[0].name), -1) << controller().hudText().toStdString();
}

// Mistakes (issue 50) are marks of their own on the timeline, named for the driver and the mistake,
// and each driver's count is on the tower.
TEST_F(RacePreview, MistakesAreMarksOfTheirOwnOnTheTimeline) {
    RaceSettings s = settings(4, 3);
    s.mistakes = 4.0f;  // four times the documented rates
    ASSERT_TRUE(controller().startRace(s));
    const auto& marks = controller().broadcast()->events()->marks();
    auto mistakeMarks = [&] {
        return std::count_if(marks.begin(), marks.end(), [](const auto& m) { return m.kind == editor::preview::EventKind::Mistake; });
    };
    for (int i = 0; i < 150 && mistakeMarks() < 2 && !race().over(); ++i) controller().simulateFor(1.0);
    ASSERT_GE(mistakeMarks(), 2) << "four times the rates over three laps of four karts";
    const auto& events = race().tally().events();
    ASSERT_EQ(marks.size(), events.size());
    for (std::size_t k = 0; k < events.size(); ++k) {
        const bool mistake = events[k].kind == bake::RaceEvent::Kind::Mistake;
        EXPECT_EQ(marks[k].kind == editor::preview::EventKind::Mistake, mistake) << "a mistake is neither a pass nor a contact";
        if (!mistake) continue;
        const QString expected = QStringLiteral("Car %1: %2 · %3")
                                     .arg(events[k].car + 1)
                                     .arg(QString::fromStdString(std::string(trackwright::mistakeKindName(events[k].mistake))),
                                          editor::preview::RaceBroadcast::lapTime(events[k].time));
        EXPECT_EQ(marks[k].label, expected);
    }
    int counted = 0;
    for (const auto& row : controller().broadcast()->tower()->rows()) counted += row.mistakes;
    EXPECT_EQ(counted, mistakeMarks()) << "the tower counts each driver's";
    EXPECT_NE(controller().broadcast()->summary().indexOf("mistake"), -1) << controller().broadcast()->summary().toStdString();
    QTest::qWait(100);
    int shown = 0;
    for (QQuickItem* tick : items("timelineTick")) shown += tick->property("kind").toString() == QStringLiteral("mistake");
    EXPECT_EQ(shown, mistakeMarks());
}

// A roster that is not one is shown, not raced: the reader's problems (file, driver, field) in the
// race box, no race until another file is chosen or the roster is cleared.
TEST_F(RacePreview, ABrokenRosterShowsTheReadersErrorAndStartsNoRace) {
    QTemporaryDir dir;
    const QString path = writeFile(dir, "broken.json", R"({"drivers": [{"name": "Ana", "composure": 2}]})");
    PreviewPanel* panel = widget.panel();
    EXPECT_FALSE(panel->loadRoster(path));
    const QString error = panel->raceErrorLabel()->text();
    EXPECT_FALSE(panel->raceErrorLabel()->isHidden());
    EXPECT_NE(error.indexOf(R"(broken.json: driver 1 "Ana": composure must be in [0, 1], not 2 (at drivers[0].composure))"), -1) << error.toStdString();
    EXPECT_NE(panel->rosterLabel()->text().indexOf("not valid"), -1) << panel->rosterLabel()->text().toStdString();
    QTest::mouseClick(panel->startRaceButton(), Qt::LeftButton);
    EXPECT_FALSE(controller().racing()) << "a roster that cannot be raced is not raced without it either";
    EXPECT_EQ(panel->raceErrorLabel()->text(), error);

    EXPECT_FALSE(panel->loadRoster(dir.filePath("missing.json")));
    EXPECT_NE(panel->raceErrorLabel()->text().indexOf("missing.json"), -1) << panel->raceErrorLabel()->text().toStdString();
    QTest::mouseClick(panel->startRaceButton(), Qt::LeftButton);
    EXPECT_FALSE(controller().racing());

    QTest::mouseClick(panel->clearRosterButton(), Qt::LeftButton);
    EXPECT_TRUE(panel->raceErrorLabel()->isHidden());
    QTest::mouseClick(panel->startRaceButton(), Qt::LeftButton);
    EXPECT_TRUE(controller().racing()) << "drawn drivers once the roster is cleared";
}

// The race box shows a running race's drivers, as it shows its field and seed.
TEST_F(RacePreview, TheRaceBoxShowsTheRunningRacesDrivers) {
    RaceSettings s = settings(5, 2);
    std::string error;
    ASSERT_TRUE(editor::preview::loadRoster(kExampleRoster, s, &error)) << error;
    s.level = 0.85f;
    s.mistakes = 1.5f;
    s.catchUp = true;
    ASSERT_TRUE(controller().startRace(s));
    PreviewPanel* panel = widget.panel();
    EXPECT_EQ(panel->raceCarsBox()->value(), 5);
    EXPECT_DOUBLE_EQ(panel->raceLevelBox()->value(), 0.85);
    EXPECT_DOUBLE_EQ(panel->raceMistakesBox()->value(), 1.5);
    EXPECT_TRUE(panel->raceCatchUpBox()->isChecked());
    EXPECT_NE(panel->rosterLabel()->text().indexOf("roster.json"), -1) << panel->rosterLabel()->text().toStdString();
    const RaceSettings shown = panel->raceSettings();
    EXPECT_EQ(shown.roster.size(), 4u);
    EXPECT_EQ(shown.level, 0.85f);
    EXPECT_EQ(shown.mistakes, std::optional<float>(1.5f));
    EXPECT_TRUE(shown.catchUp);
    // "own" (the least value) gives no mistakes setting: each driver's own.
    panel->raceMistakesBox()->setValue(panel->raceMistakesBox()->minimum());
    EXPECT_EQ(panel->raceMistakesBox()->text(), QStringLiteral("own"));
    EXPECT_FALSE(panel->raceSettings().mistakes);
}

TEST(RaceCommandLine, RacesFromTheCommandLineAndRefusesABadField) {
    QTemporaryDir dir;
    const QString png = dir.filePath("race.png");
    QProcess app;
    app.start(TRACKWRIGHT_APP_EXECUTABLE, {"--preview", QString(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack", "--race", "4", "--laps", "2", "--seed", "7",
                                           "--after", "8", "--camera", "chase", "--size", "900x560", "--screenshot", png});
    ASSERT_TRUE(app.waitForFinished(60000));
    EXPECT_EQ(app.exitCode(), 0) << app.readAllStandardError().toStdString();
    EXPECT_EQ(QImage(png).size(), QSize(900, 560));
    for (const QStringList& bad : {QStringList{"--race", "30"}, QStringList{"--race", "4", "--laps", "0"}, QStringList{"--race", "4", "--grid", "sideways"}}) {
        QProcess refused;
        refused.start(TRACKWRIGHT_APP_EXECUTABLE, QStringList{"--preview", QString(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack", "--screenshot", png} + bad);
        ASSERT_TRUE(refused.waitForFinished(60000));
        EXPECT_EQ(refused.exitCode(), 2) << bad.join(' ').toStdString();
    }
}

TEST(RaceCommandLine, RacesARosterAndRefusesABadOne) {
    QTemporaryDir dir;
    const QString png = dir.filePath("race.png");
    const QString kart = QString(TRACKWRIGHT_SAMPLES_DIR) + "/kart.twtrack";
    QProcess app;
    app.start(TRACKWRIGHT_APP_EXECUTABLE, {"--preview", kart, "--race", "5", "--laps", "2", "--roster", QString::fromStdString(kExampleRoster),
                                           "--level", "0.9", "--mistakes", "4", "--catch-up", "--after", "5", "--size", "640x400", "--screenshot", png});
    ASSERT_TRUE(app.waitForFinished(60000));
    EXPECT_EQ(app.exitCode(), 0) << app.readAllStandardError().toStdString();
    const QString broken = writeFile(dir, "broken.json", R"({"drivers": [{"name": "Ana", "character": "reckless"}]})");
    QProcess refused;
    refused.start(TRACKWRIGHT_APP_EXECUTABLE, {"--preview", kart, "--race", "4", "--roster", broken, "--screenshot", png});
    ASSERT_TRUE(refused.waitForFinished(60000));
    EXPECT_EQ(refused.exitCode(), 1);
    const std::string err = refused.readAllStandardError().toStdString();
    EXPECT_NE(err.find(R"(broken.json: driver 1 "Ana": "character" must be one of)"), std::string::npos) << err;
    for (const QStringList& bad : {QStringList{"--race", "4", "--level", "0.4"}, QStringList{"--race", "4", "--mistakes", "5"}, QStringList{"--roster", broken}}) {
        QProcess usage;
        usage.start(TRACKWRIGHT_APP_EXECUTABLE, QStringList{"--preview", kart, "--screenshot", png} + bad);
        ASSERT_TRUE(usage.waitForFinished(60000));
        EXPECT_EQ(usage.exitCode(), 2) << bad.join(' ').toStdString();
    }
}

} // namespace
