// SPDX-License-Identifier: GPL-2.0-or-later
#include "integrations/torcs/robot/telemetry_writer.h"

#include "integrations/torcs/common/telemetry.h"

#include <cmath>
#include <cstdlib>

namespace trackwright::torcs {

void TelemetryWriter::close() {
    if (m_file) std::fclose(m_file);
    m_file = nullptr;
    m_tried = false;
    m_nextRow = 0.0;
    m_lastTick = -1e9;
    m_collisions.clear();
}

void TelemetryWriter::flush() {
    if (m_file) std::fflush(m_file);
}

void TelemetryWriter::tick(const tTrack* track, tSituation* s) {
    if (!m_tried) {
        m_tried = true;
        const char* path = std::getenv("TWTORCS_TELEMETRY");
        if (path && *path) {
            m_file = std::fopen(path, "a");
            if (!m_file) std::fprintf(stderr, "trackwright: cannot open the telemetry file %s\n", path);
            else if (std::ftell(m_file) == 0) std::fprintf(m_file, "%s\n", kTelemetryHeader);
        }
    }
    if (!m_file || s->currentTime < 0.0 || s->currentTime <= m_lastTick) return;
    m_lastTick = s->currentTime;
    const int n = s->_ncars;
    if (static_cast<int>(m_collisions.size()) != n) m_collisions.assign(static_cast<std::size_t>(n), 0);
    for (int i = 0; i < n; ++i) {
        // The accumulated collision flags (graphics and sound read and clear them; headless, the
        // telemetry is their only reader). simuv2 flags a hit of the pit building's fixed objects
        // as a car collision too: it counts as one only with another car within reach.
        tCarElt& car = *s->cars[i];
        int bits = car.priv.collision | car.priv.simcollision;
        car.priv.collision = 0;
        if (bits & kCollisionCar) {
            bool near = false;
            for (int j = 0; j < n && !near; ++j) {
                if (j == i || (s->cars[j]->_state & RM_CAR_STATE_NO_SIMU)) continue;
                const tCarElt& other = *s->cars[j];
                const float reach = 0.5f * (car._dimension_x + other._dimension_x) + 1.0f;
                near = std::hypot(car._pos_X - other._pos_X, car._pos_Y - other._pos_Y) < reach;
            }
            if (!near) bits = (bits & ~kCollisionCar) | kCollisionWall;
        }
        m_collisions[static_cast<std::size_t>(i)] |= bits;
    }
    if (s->currentTime + 1e-9 < m_nextRow) return;
    while (m_nextRow <= s->currentTime + 1e-9) m_nextRow += kTelemetryPeriod;
    for (int i = 0; i < n; ++i) {
        const tCarElt& car = *s->cars[i];
        TelemetryRow row;
        row.time = s->currentTime;
        row.car = i;
        row.driver = car._name;
        row.module = car.priv.modName;
        row.lap = car._laps;
        row.lastLap = car._lastLapTime;
        row.x = car._pos_X;
        row.y = car._pos_Y;
        row.z = car._pos_Z;
        row.yaw = car._yaw;
        row.speed = car._speed_x;
        row.yawRate = car._yaw_rate;
        row.accelX = car._accel_x;
        row.accelY = car._accel_y;
        row.damage = car._dammage;
        const tTrkLocPos& where = car._trkPos;
        const bool outside = where.toRight < 0.0f || where.toLeft < 0.0f;
        // The pit lane: beyond the tarmac on the pits' side, between the pit entry's and exit's
        // segments (across the start line when the entry comes after the exit).
        bool inPitLane = false;
        const tTrackPitInfo* pits = track ? &track->pits : nullptr;
        if (where.seg && outside && pits && pits->type != TR_PIT_NONE && pits->pitEntry && pits->pitExit &&
            (pits->side == TR_RGT ? where.toRight < 0.0f : where.toLeft < 0.0f)) {
            const int id = where.seg->id, entry = pits->pitEntry->id, exit = pits->pitExit->id;
            inPitLane = entry <= exit ? (id >= entry && id <= exit) : (id >= entry || id <= exit);
        }
        row.pit = inPitLane || (car._state & RM_CAR_STATE_PIT) != 0;
        row.offTrack = outside && !row.pit;
        row.collision = m_collisions[static_cast<std::size_t>(i)];
        row.lateralSpeed = car._speed_y;
        row.steer = car._steerCmd;
        row.throttle = car._accelCmd;
        row.brake = car._brakeCmd;
        row.gear = car._gearCmd;
        m_collisions[static_cast<std::size_t>(i)] = 0;
        std::fprintf(m_file, "%s\n", telemetryLine(row).c_str());
    }
}

} // namespace trackwright::torcs
