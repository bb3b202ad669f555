// SPDX-License-Identifier: GPL-2.0-or-later
#include "integrations/torcs/robot/session.h"

#include "integrations/torcs/common/subprocess.h"
#include "integrations/torcs/common/track_bake.h"
#include "integrations/torcs/common/vehicle_mapping.h"
#include "integrations/torcs/robot/torcs_car_params.h"

#include "trackwright/format/baked_reader.h"
#include "trackwright/track/line_sampler.h"
#include "trackwright/track/track_markers.h"
#include "trackwright/track/track_point.h"

#include <robot.h>
#include <tgf.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <span>

#include <dlfcn.h>
#include <limits.h>
#include <stdlib.h>

#ifndef TRACKWRIGHT_TWBAKE_DEFAULT
#define TRACKWRIGHT_TWBAKE_DEFAULT "twbake"
#endif
#ifndef TRACKWRIGHT_TWBAKE_FROM_MODULE
#define TRACKWRIGHT_TWBAKE_FROM_MODULE "../../../bin/twbake"
#endif

// librobottools (TORCS 1.3.7's robottools.h, not among the SDK's headers): a local track position
// in TORCS's frame.
void RtTrackLocal2Global(tTrkLocPos* p, tdble* X, tdble* Y, int flag);

namespace trackwright::torcs {
namespace {

constexpr const char* kModuleName = "trackwright";

std::string environment(const char* name, const std::string& fallback) {
    const char* value = std::getenv(name);
    return value && *value ? value : fallback;
}

std::string withSlash(std::string dir) {
    if (!dir.empty() && dir.back() != '/') dir += '/';
    return dir;
}

/// The car an index drives, from our robot file (the local override twtorcs writes, else the
/// data folder's), as TORCS read it.
std::string robotFileCar(int index) {
    const std::string relative = std::string("drivers/") + kModuleName + "/" + kModuleName + ".xml";
    for (const std::string& file : {withSlash(GetLocalDir() ? GetLocalDir() : "") + relative, withSlash(GetDataDir() ? GetDataDir() : "") + relative}) {
        if (!std::filesystem::is_regular_file(file)) continue;
        void* handle = GfParmReadFile(file.c_str(), GFPARM_RMODE_STD);
        if (!handle) continue;
        const std::string path = std::string(ROB_SECT_ROBOTS) + "/" + ROB_LIST_INDEX + "/" + std::to_string(index);
        const char* car = GfParmGetStr(handle, path.c_str(), ROB_ATTR_CAR, nullptr);
        if (car) return car;
    }
    return "car" + std::to_string(index);
}

/// twbake: $TRACKWRIGHT_TWBAKE, else the one installed beside this module (the module's real
/// folder, links followed, then the install layout's path to the bin folder), else the build tree's,
/// else twbake on PATH.
std::string twbakePath() {
    const std::string fromEnvironment = environment("TRACKWRIGHT_TWBAKE", "");
    if (!fromEnvironment.empty()) return fromEnvironment;
    Dl_info info{};
    char resolved[PATH_MAX];
    if (dladdr(reinterpret_cast<void*>(&twbakePath), &info) && info.dli_fname && realpath(info.dli_fname, resolved)) {
        const std::filesystem::path installed = std::filesystem::path(resolved).parent_path() / TRACKWRIGHT_TWBAKE_FROM_MODULE;
        if (std::filesystem::is_regular_file(installed)) return installed.lexically_normal().string();
    }
    if (std::filesystem::is_regular_file(TRACKWRIGHT_TWBAKE_DEFAULT)) return TRACKWRIGHT_TWBAKE_DEFAULT;
    return "twbake";
}

bool ours(const tCarElt& car) { return std::strcmp(car.priv.modName, kModuleName) == 0; }

} // namespace

Session& Session::instance() {
    static Session session;
    return session;
}

void Session::log(const std::string& message) const { std::fprintf(stderr, "trackwright: %s\n", message.c_str()); }

void Session::newTrack(int index, tTrack* track, void* carHandle, void** carParmHandle, tSituation* /*s*/) {
    if (carParmHandle) *carParmHandle = nullptr;  // no setup of our own: the car as its file has it
    if (index < 0 || index >= kIndices) return;
    if (m_track != track) {  // a new event: forget the last one's track and race
        m_track = track;
        m_trackTried = m_trackReady = false;
    }
    m_world.reset();
    m_worldTried = false;
    OurCar& c = m_cars[index];
    c.used = true;
    c.carName = robotFileCar(index);
    const TorcsCarParameters parameters(carHandle);
    c.description = describeTorcsCar(parameters, c.carName);
    c.shiftTime = parameters.number("Gearbox", "shift time", 0.2f);  // transmission.cpp's default
    const std::string drivetrain = parameters.text("Drivetrain", "type", "RWD");
    c.firstDriven = drivetrain == "FWD" || drivetrain == "4WD" ? 0 : 2;  // simuv2's wheel order: FR, FL, RR, RL
    c.lastDriven = drivetrain == "FWD" ? 1 : 3;
    c.vehicle = vehicleFromCar(c.description);
    if (!validVehicleParameters(c.vehicle)) {
        log("the description of " + c.carName + " gives vehicle parameters the runtime refuses; driving it as the car preset");
        const float lock = c.vehicle.maxSteeringAngle;
        c.vehicle = vehiclePreset(VehiclePreset::Car);
        if (lock > 0.0f && std::isfinite(lock)) c.vehicle.maxSteeringAngle = lock;
    }
    c.mapper = std::make_unique<ControlsMapper>(c.description, c.vehicle, c.shiftTime);
    if (!m_trackTried) prepareTrack(c);
}

bool Session::prepareTrack(const OurCar& car) {
    m_trackTried = true;
    m_trackReady = false;
    if (!m_track || !m_track->filename) {
        log("TORCS gave no track file");
        return false;
    }
    const std::string dataDir = withSlash(GetDataDir() ? GetDataDir() : "");
    m_trackFile = m_track->filename;
    if (!m_trackFile.empty() && m_trackFile.front() != '/' && !std::filesystem::exists(m_trackFile)) m_trackFile = dataDir + m_trackFile;
    TrackBakeRequest request;
    request.twbake = twbakePath();
    request.trackXml = m_trackFile;
    if (std::filesystem::is_regular_file(dataDir + "data/tracks/surfaces.xml")) request.torcsData = dataDir + "data/tracks";
    request.carJson = carDescriptionJson(car.description);
    request.cacheDir = environment("TRACKWRIGHT_TORCS_CACHE", withSlash(GetLocalDir() ? GetLocalDir() : ".") + "trackwright-cache");
    request.lapTimeLine = environment("TRACKWRIGHT_TORCS_LINE", "laptime") != "mincurv";
    // The car as the track's class, when twbake can add it: its hints from its own envelope. With
    // $TRACKWRIGHT_TORCS_CAR_CLASS=0 (twtorcs --preset-hints) the track's preset classes, the `car`
    // preset's hints.
    if (environment("TRACKWRIGHT_TORCS_CAR_CLASS", "1") != "0") request.carClass = car.carName;
    const TrackBakeResult baked = bakeTorcsTrack(request);
    if (!baked.ok) {
        log("cannot bake " + m_trackFile + ": " + baked.error + (baked.log.empty() ? "" : "\n" + baked.log));
        return false;
    }
    if (!loadAligned(baked.baked, m_bytes, m_size)) {
        log("cannot read " + baked.baked);
        return false;
    }
    const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(m_bytes.data()), m_size);
    const LoadStatus status = loadBakedTrack(bytes, m_baked);
    if (status != LoadStatus::Ok) {
        char reason[256];
        format::describeBakedLoad(bytes, status, reason, sizeof reason);
        log("cannot load " + baked.baked + ": " + reason);
        return false;
    }
    // The class named after the car when the track has one (a bake that read the car description),
    // else the car preset's.
    m_className = car.carName;
    if (!findVehicleClass(m_baked, m_className.c_str(), m_class)) {
        m_className = vehiclePresetName(VehiclePreset::Car);
        if (!findVehicleClass(m_baked, m_className.c_str(), m_class)) {
            m_class = 0;
            m_className = "(first)";
        }
    }
    m_line = kNoLine;
    for (const char* name : {"raceline", "racing", "centre"}) {
        m_line = findLine(m_baked, 0, name, m_class);
        if (m_line != kNoLine) {
            m_lineName = name;
            break;
        }
    }
    if (m_line == kNoLine) {
        log("the baked track has no line to drive on route 0");
        return false;
    }
    // The import is in TORCS's run-time frame (the loader's shift applied: formats/import/torcs_frame.h),
    // so TORCS's positions are the baked track's as they are.
    char buffer[512];
    std::snprintf(buffer, sizeof buffer, "%s %s (key %s): line '%s', class '%s'", baked.cached ? "found" : "baked", m_trackFile.c_str(), baked.key.c_str(),
                  m_lineName.c_str(), m_className.c_str());
    log(buffer);
    m_trackReady = true;
    return true;
}

void Session::newRace(int index, tCarElt* car, tSituation* /*s*/) {
    if (index < 0 || index >= kIndices) return;
    m_cars[index].car = car;
    m_world.reset();
    m_worldTried = false;
    m_lastStep = -1e9;
}

VehicleState Session::stateOf(const tCarElt& car) const {
    VehicleState state;
    state.position = {static_cast<double>(car._pos_X), static_cast<double>(car._pos_Y)};
    state.heading = car._yaw;
    state.speed = car._speed_x;
    state.yawRate = car._yaw_rate;
    if (!isFinite(state)) state = {};
    return state;
}

bool Session::buildWorld(tSituation* s) {
    m_worldTried = true;
    RaceWorldOptions options;
    options.laps = 0;  // TORCS keeps the race's laps and flag
    auto world = std::make_unique<RaceWorld>(m_baked, options);
    const int n = s->_ncars;
    world->reserve(static_cast<std::size_t>(n));
    m_worldCars.clear();
    for (int i = 0; i < n; ++i) {
        tCarElt* car = s->cars[i];
        RaceCarSetup setup;
        setup.line = m_line;
        setup.vehicleClass = m_class;
        const bool mine = ours(*car) && car->_driverIndex >= 0 && car->_driverIndex < kIndices && m_cars[car->_driverIndex].used;
        if (mine) {
            setup.vehicle = m_cars[car->_driverIndex].vehicle;
        } else {
            // Another robot's car: traffic for ours. Its limits from its own description, so the
            // race craft judges what it can do.
            const VehicleParameters theirs = car->_carHandle ? vehicleFromCar(describeTorcsCar(TorcsCarParameters(car->_carHandle), car->_carName))
                                                             : vehiclePreset(VehiclePreset::Car);
            if (validVehicleParameters(theirs)) setup.vehicle = theirs;
            setup.external = true;  // TORCS's robot drives it; ours see it, yield to it, pass it
        }
        setup.driver.reactionTime = 0.0f;  // TORCS gives the start; the car's own reaction is its physics
        setup.driver.consistency = 1.0f;
        setup.driver.seed = static_cast<std::uint64_t>(i) + 1;
        if (car->_dimension_x > 0.0f) setup.length = car->_dimension_x;
        if (car->_dimension_y > 0.0f) setup.width = car->_dimension_y;
        std::uint32_t index = 0;
        if (world->addCar(setup, &index) != RaceWorldStatus::Ok) {
            log(std::string("the race world refused car ") + car->_name);
            return false;
        }
        if (mine) {
            OurCar& c = m_cars[car->_driverIndex];
            c.worldIndex = index;
            c.pitBox = nearestPitBox(*car);
        }
        m_worldCars.push_back(car);
    }
    m_planner = std::make_unique<RecoveryPlanner>(m_baked);
    world->attachRecoveryPlanner(m_planner.get());
    m_states.assign(static_cast<std::size_t>(n), {});
    m_controls.assign(static_cast<std::size_t>(n), {});
    m_world = std::move(world);
    return true;
}

std::uint32_t Session::nearestPitBox(const tCarElt& car) const {
    if (!car._pit || !car._pit->pos.seg) return ~0u;
    tTrkLocPos pit = car._pit->pos;
    tdble x = 0.0f, y = 0.0f;
    RtTrackLocal2Global(&pit, &x, &y, TR_TORIGHT);
    const format::Vec2 where{static_cast<double>(x), static_cast<double>(y)};
    std::uint32_t best = ~0u;
    double bestDistance = 1e18;
    for (std::uint32_t k = 0; findMarker(m_baked, "pit-box", k, k); ++k) {
        TrackMarker marker;
        TrackPoint point;
        if (!markerAt(m_baked, k, marker) || !routePointAt(m_baked, marker.route, marker.distance, point)) continue;
        const double d = std::hypot(point.position.x - where.x, point.position.y - where.y);
        if (d < bestDistance) {
            bestDistance = d;
            best = k;
        }
    }
    if (best != ~0u) {
        char buffer[160];
        std::snprintf(buffer, sizeof buffer, "%s's pit: box marker %u, %.1f m from TORCS's", car._name, best, bestDistance);
        log(buffer);
    }
    return best;
}

void Session::managePit(OurCar& c, tSituation* s) {
    tCarElt& car = *c.car;
    // Fuel: what the last full lap used.
    if (car._laps != c.lastLap) {
        if (c.lapStartFuel >= 0.0 && c.lastLap >= 1 && car._laps == c.lastLap + 1) c.fuelPerLap = c.lapStartFuel - car._fuel;
        c.lapStartFuel = car._fuel;
        c.lastLap = car._laps;
    }
    const PitState state = m_world->pitState(c.worldIndex);
    if (c.pitting && state == PitState::None) {
        c.pitting = false;
        car._raceCmd &= ~RM_CMD_PIT_ASKED;
    }
    // Off unless asked for: TORCS serves a stop only with the car within its pit's width of the pit
    // wall, and the runtime's stop stands it at the box marker of the lane's centre line, a few
    // metres off the lane's centre (on e-track-1 11 m short of TORCS's box): the car would stand its
    // stop time in the lane for nothing. $TRACKWRIGHT_TORCS_PITS=1 turns the stops on (damage, fuel),
    // $TRACKWRIGHT_TORCS_PIT_LAP=N asks for one on lap N.
    const std::string testLap = environment("TRACKWRIGHT_TORCS_PIT_LAP", "");
    const bool enabled = environment("TRACKWRIGHT_TORCS_PITS", "0") == "1" || !testLap.empty();
    if (enabled && !c.pitting && c.pitBox != ~0u && car._remainingLaps > 0) {
        const bool damaged = s->_maxDammage > 0 && car._dammage > s->_maxDammage / 2;
        // A lap's fuel and half another's margin, unless the tank cannot finish the race anyway.
        const bool thirsty = c.fuelPerLap > 0.0 && car._fuel < 1.5 * c.fuelPerLap && car._remainingLaps > 1;
        const bool asked = !testLap.empty() && car._laps == std::atoi(testLap.c_str()) && c.stops == 0;
        if (damaged || thirsty || asked) {
            const PitRequestStatus status = m_world->requestPitStop(c.worldIndex, c.pitBox);
            if (status == PitRequestStatus::Accepted) {
                c.pitting = true;
                ++c.stops;
                log(std::string(car._name) + " asks for a pit stop (" + (damaged ? "damage" : thirsty ? "fuel" : "test") + ")");
            } else if (c.stops == 0) {
                log(std::string(car._name) + ": no pit stop: " + pitRequestStatusName(status));
                c.pitBox = ~0u;  // never again
            }
        }
    }
    // TORCS starts the stop when the car stands in its pit with the request up.
    if (c.pitting && (state == PitState::InLane || state == PitState::Stopped)) car._raceCmd |= RM_CMD_PIT_ASKED;
}

void Session::stepWorld(tSituation* s) {
    for (std::size_t k = 0; k < m_worldCars.size(); ++k) m_states[k] = stateOf(*m_worldCars[k]);
    if (m_world->step(m_states, m_stepDt, m_controls) != RaceWorldStatus::Ok) {
        for (OurCar& c : m_cars)
            if (c.used) c.command = ControlsMapper::hold();
        return;
    }
    for (OurCar& c : m_cars) {
        if (!c.used || !c.car || !c.mapper) continue;
        (void)m_world->takeTeleportRequest(c.worldIndex);  // TORCS cannot teleport a car: the stuck manager reverses instead
        managePit(c, s);
        const tCarElt& car = *c.car;
        WheelState wheels;
        wheels.speed = car._speed_x;
        for (int w = 0; w < 4; ++w) wheels.wheelSpeed[w] = car._wheelSpinVel(w) * car._wheelRadius(w);
        wheels.firstDriven = c.firstDriven;
        wheels.lastDriven = c.lastDriven;
        wheels.gear = car._gear;
        c.command = c.mapper->map(m_controls[c.worldIndex], wheels, m_stepDt);
    }
}

void Session::drive(int index, tCarElt* car, tSituation* s) {
    if (index < 0 || index >= kIndices) return;
    OurCar& c = m_cars[index];
    c.car = car;
    TorcsCommand command = ControlsMapper::hold();
    if (s->currentTime >= 0.0 && m_trackReady) {
        if (!m_world && !m_worldTried) buildWorld(s);
        if (m_world) {
            if (s->currentTime > m_lastStep + 1e-9) {
                if (m_lastStep > -1e8) m_stepDt = static_cast<float>(std::clamp(s->currentTime - m_lastStep, 1e-3, 0.25));
                stepWorld(s);
                m_telemetry.tick(m_track, s);
                m_lastStep = s->currentTime;
            }
            command = c.command;
        }
    }
    car->_steerCmd = command.steer;
    car->_accelCmd = command.accel;
    car->_brakeCmd = command.brake;
    car->_clutchCmd = command.clutch;
    car->_gearCmd = command.gear;
}

int Session::pitCommand(int /*index*/, tCarElt* car, tSituation* /*s*/) {
    // A stop TORCS started: fill the tank and repair everything (TORCS charges the time).
    car->_pitFuel = std::max(0.0f, car->_tank - car->_fuel);
    car->_pitRepair = car->_dammage;
    return ROB_PIT_IM;
}

void Session::endRace(int /*index*/, tCarElt* /*car*/, tSituation* /*s*/) { m_telemetry.flush(); }

void Session::shutdown(int index) {
    if (index >= 0 && index < kIndices) m_cars[index] = OurCar{};
    for (const OurCar& c : m_cars)
        if (c.used) return;
    m_telemetry.close();
    m_world.reset();
    m_planner.reset();
    m_track = nullptr;
    m_trackTried = m_trackReady = false;
}

} // namespace trackwright::torcs
