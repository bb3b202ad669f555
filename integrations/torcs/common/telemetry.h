#pragma once

// SPDX-License-Identifier: GPL-2.0-or-later
// The telemetry file the robot module writes (env TWTORCS_TELEMETRY) and twtorcs reads: one CSV row
// per car per 0.1 s of simulated time, for every car of the race.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace trackwright::torcs {

/// The header line, without its newline.
inline constexpr const char* kTelemetryHeader =
    "time_s,car,driver,module,lap,last_lap_s,x,y,z,yaw,speed_mps,yaw_rate,accel_x,accel_y,damage,off_track,pit,collision,"
    "lateral_speed_mps,steer,throttle,brake,gear";
/// s of simulated time between rows of one car.
inline constexpr double kTelemetryPeriod = 0.1;
/// Collision bits (simuv2's SEM_COLLISION_* of car.h), OR-ed over the row's period.
inline constexpr int kCollisionWall = 0x02;
inline constexpr int kCollisionCar = 0x04;
/// The robots the observer module (robot/observer.cpp) can stand in for: TORCS 1.3.7's own.
inline constexpr const char* kObservableRobots[] = {"bt", "berniw", "berniw2", "berniw3", "inferno", "inferno2",
                                                    "olethros", "damned", "tita", "lliaw", "sparkle"};

/// s without contact that end a contact episode.
inline constexpr double kContactEpisodeGap = 0.5;

struct TelemetryRow {
    double time = 0.0;
    int car = 0;             ///< index in TORCS's situation (s->cars)
    std::string driver;      ///< TORCS driver name (commas replaced)
    std::string module;      ///< robot module
    int lap = 0;             ///< TORCS's lap count (car->_laps)
    double lastLap = 0.0;    ///< s, TORCS's last lap time (car->_lastLapTime)
    double x = 0, y = 0, z = 0, yaw = 0, speed = 0, yawRate = 0, accelX = 0, accelY = 0;
    int damage = 0;
    bool offTrack = false;   ///< the car's centre off the tarmac (TORCS's toRight/toLeft < 0), pit lane excepted
    bool pit = false;        ///< in the pit lane or standing in its pit
    int collision = 0;       ///< kCollision* bits
    double lateralSpeed = 0; ///< m/s, leftwards in the car's frame (car->_speed_y): its slide
    /// The commands the car's driver gave (car->_steerCmd, _accelCmd, _brakeCmd, _gearCmd).
    double steer = 0, throttle = 0, brake = 0;
    int gear = 0;
};

/// One CSV line (no newline) for `row`.
std::string telemetryLine(const TelemetryRow& row);
/// Parses one CSV line; false for the header or a malformed line.
bool parseTelemetryLine(const std::string& line, TelemetryRow& row);

/// What the telemetry says of one car.
struct TelemetrySummary {
    int car = 0;
    std::string driver, module;
    int laps = 0;
    std::vector<double> lapTimes;  ///< s: TORCS's last lap time each time the lap count rose past 1
    int damage = 0;
    double offTrackSeconds = 0.0;
    int carContacts = 0;     ///< episodes with the car-collision bit, kContactEpisodeGap apart
    int wallContacts = 0;
    double lastTime = 0.0;
    double maxSpeed = 0.0;
};

/// Accumulates rows (in time order per car) into summaries.
class TelemetryAccumulator {
public:
    void add(const TelemetryRow& row);
    /// Summaries by car index.
    const std::map<int, TelemetrySummary>& summaries() const { return m_summaries; }

private:
    struct State {
        double lastRow = -1.0;
        int lastLap = -1;
        double lastCarContact = -1e9;
        double lastWallContact = -1e9;
    };
    std::map<int, TelemetrySummary> m_summaries;
    std::map<int, State> m_state;
};

} // namespace trackwright::torcs
