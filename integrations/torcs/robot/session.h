#pragma once

// SPDX-License-Identifier: GPL-2.0-or-later
// What the robot module keeps for one TORCS race: the baked track, one RaceWorld for every car of
// the situation, our cars' descriptions and pedals, and the telemetry file.

#include "integrations/torcs/common/car_description.h"
#include "integrations/torcs/common/controls_mapping.h"
#include "integrations/torcs/robot/telemetry_writer.h"

#include "trackwright/drive/race_world.h"
#include "trackwright/plan/recovery_planner.h"
#include "trackwright/track/baked_track.h"
#include "trackwright/vehicle/vehicle_model.h"

#include <raceman.h>

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace trackwright::torcs {

/// The robot module's entry points, one object per TORCS process (TORCS runs one race at a time).
/// Every call comes from TORCS's single thread.
class Session {
public:
    static constexpr int kIndices = 10;
    static Session& instance();

    void newTrack(int index, tTrack* track, void* carHandle, void** carParmHandle, tSituation* s);
    void newRace(int index, tCarElt* car, tSituation* s);
    void drive(int index, tCarElt* car, tSituation* s);
    int pitCommand(int index, tCarElt* car, tSituation* s);
    void endRace(int index, tCarElt* car, tSituation* s);
    void shutdown(int index);

private:
    struct OurCar {
        bool used = false;
        std::string carName;
        CarDescription description;
        VehicleParameters vehicle;
        std::unique_ptr<ControlsMapper> mapper;
        float shiftTime = 0.25f;
        int firstDriven = 2, lastDriven = 3;  ///< the driven wheels (simuv2's order: FR, FL, RR, RL)
        tCarElt* car = nullptr;
        std::uint32_t worldIndex = 0;
        TorcsCommand command = ControlsMapper::hold();
        std::uint32_t pitBox = ~0u;     ///< the `pit-box` marker nearest TORCS's own pit for this car
        bool pitting = false;           ///< a stop asked of the follower is under way
        int lastLap = 0;                ///< TORCS's lap count at the last tick
        double lapStartFuel = -1.0;     ///< l at the start of the lap under way
        double fuelPerLap = 0.0;        ///< l the last full lap used
        int stops = 0;
    };

    /// Loads (baking if need be) the track for our first car's description; true once ready.
    bool prepareTrack(const OurCar& car);
    /// The race world with every car of the situation (ours drive; the others are traffic whose
    /// controls are ignored: their states come from TORCS each tick).
    bool buildWorld(tSituation* s);
    void stepWorld(tSituation* s);
    VehicleState stateOf(const tCarElt& car) const;
    /// The `pit-box` marker nearest the car's TORCS pit (car->_pit), or ~0u.
    std::uint32_t nearestPitBox(const tCarElt& car) const;
    /// Asks the follower for a stop when the car needs one (damage, fuel, or the test's lap), and
    /// tells TORCS the car wants its pit while the stop drives it in.
    void managePit(OurCar& c, tSituation* s);
    void log(const std::string& message) const;

    OurCar m_cars[kIndices];
    tTrack* m_track = nullptr;
    std::string m_trackFile;
    bool m_trackTried = false, m_trackReady = false;
    std::vector<std::uint64_t> m_bytes;
    std::size_t m_size = 0;
    BakedTrack m_baked;
    std::uint32_t m_line = 0, m_class = 0;
    std::string m_lineName, m_className;

    std::unique_ptr<RaceWorld> m_world;
    std::unique_ptr<RecoveryPlanner> m_planner;
    bool m_worldTried = false;
    std::vector<tCarElt*> m_worldCars;  ///< world index → TORCS car
    std::vector<VehicleState> m_states;
    std::vector<Controls> m_controls;
    double m_lastStep = -1e9;
    float m_stepDt = static_cast<float>(RCM_MAX_DT_ROBOTS);

    TelemetryWriter m_telemetry;
};

} // namespace trackwright::torcs
