#pragma once

// SPDX-License-Identifier: GPL-2.0-or-later
// Writes the telemetry rows (common/telemetry.h) of every car of a TORCS situation: the module's
// and the observer's (observer.cpp) shared writer.

#include <raceman.h>

#include <cstdio>
#include <vector>

namespace trackwright::torcs {

class TelemetryWriter {
public:
    ~TelemetryWriter() { close(); }
    /// Opens $TWTORCS_TELEMETRY on the first call (appending; the header when the file is empty);
    /// then each call gathers the cars' collision flags and, every kTelemetryPeriod of simulated
    /// time, writes a row per car. Nothing without the variable.
    void tick(const tTrack* track, tSituation* s);
    void flush();
    void close();

private:
    std::FILE* m_file = nullptr;
    bool m_tried = false;
    double m_nextRow = 0.0;
    double m_lastTick = -1e9;
    std::vector<int> m_collisions;  ///< per TORCS car: collision bits since its last row
};

} // namespace trackwright::torcs
