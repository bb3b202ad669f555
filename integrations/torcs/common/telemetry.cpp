// SPDX-License-Identifier: GPL-2.0-or-later
#include "integrations/torcs/common/telemetry.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <sstream>

namespace trackwright::torcs {
namespace {

std::string clean(const std::string& text) {
    std::string out = text;
    for (char& c : out)
        if (c == ',' || c == '\n' || c == '\r' || c == '"') c = ' ';
    return out;
}

} // namespace

std::string telemetryLine(const TelemetryRow& r) {
    char buffer[640];
    std::snprintf(buffer, sizeof buffer, "%.3f,%d,%s,%s,%d,%.3f,%.3f,%.3f,%.3f,%.5f,%.3f,%.5f,%.3f,%.3f,%d,%d,%d,%d,%.3f,%.3f,%.3f,%.3f,%d", r.time,
                  r.car, clean(r.driver).c_str(), clean(r.module).c_str(), r.lap, r.lastLap, r.x, r.y, r.z, r.yaw, r.speed, r.yawRate, r.accelX,
                  r.accelY, r.damage, r.offTrack ? 1 : 0, r.pit ? 1 : 0, r.collision, r.lateralSpeed, r.steer, r.throttle, r.brake, r.gear);
    return buffer;
}

bool parseTelemetryLine(const std::string& line, TelemetryRow& r) {
    std::vector<std::string> f;
    std::string field;
    std::istringstream in(line);
    while (std::getline(in, field, ',')) f.push_back(field);
    if (f.size() != 18 && f.size() != 23) return false;  // 18: a log written before the commands were
    char* end = nullptr;
    r.time = std::strtod(f[0].c_str(), &end);
    if (end == f[0].c_str()) return false;  // the header, or garbage
    const auto number = [&](int k) { return std::strtod(f[static_cast<std::size_t>(k)].c_str(), nullptr); };
    const auto integer = [&](int k) { return static_cast<int>(std::strtol(f[static_cast<std::size_t>(k)].c_str(), nullptr, 10)); };
    r.car = integer(1);
    r.driver = f[2];
    r.module = f[3];
    r.lap = integer(4);
    r.lastLap = number(5);
    r.x = number(6);
    r.y = number(7);
    r.z = number(8);
    r.yaw = number(9);
    r.speed = number(10);
    r.yawRate = number(11);
    r.accelX = number(12);
    r.accelY = number(13);
    r.damage = integer(14);
    r.offTrack = integer(15) != 0;
    r.pit = integer(16) != 0;
    r.collision = integer(17);
    if (f.size() == 23) {
        r.lateralSpeed = number(18);
        r.steer = number(19);
        r.throttle = number(20);
        r.brake = number(21);
        r.gear = integer(22);
    }
    return true;
}

void TelemetryAccumulator::add(const TelemetryRow& row) {
    TelemetrySummary& s = m_summaries[row.car];
    State& st = m_state[row.car];
    s.car = row.car;
    s.driver = row.driver;
    s.module = row.module;
    // TORCS counts lap 1 as the car crosses the line from the grid; every later crossing ends a lap.
    if (st.lastLap >= 1 && row.lap > st.lastLap && row.lastLap > 0.0) s.lapTimes.push_back(row.lastLap);
    st.lastLap = std::max(st.lastLap, row.lap);
    s.laps = std::max(s.laps, row.lap);
    s.damage = row.damage;
    s.maxSpeed = std::max(s.maxSpeed, row.speed);
    const double step = st.lastRow >= 0.0 ? std::clamp(row.time - st.lastRow, 0.0, 1.0) : kTelemetryPeriod;
    if (row.offTrack && row.time >= 0.0) s.offTrackSeconds += step;
    if (row.collision & kCollisionCar) {
        if (row.time - st.lastCarContact > kContactEpisodeGap) ++s.carContacts;
        st.lastCarContact = row.time;
    }
    if (row.collision & kCollisionWall) {
        if (row.time - st.lastWallContact > kContactEpisodeGap) ++s.wallContacts;
        st.lastWallContact = row.time;
    }
    st.lastRow = row.time;
    s.lastTime = row.time;
}

} // namespace trackwright::torcs
