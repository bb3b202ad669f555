// SPDX-License-Identifier: GPL-2.0-or-later
// The observer: a robot module that is a TORCS robot and only watches. twtorcs links it in place of
// a system robot (lib/drivers/bt/bt.so → this file) in a run without a trackwright car, so that a
// practice of bt alone still has telemetry (off-track time, contacts). Each exported entry (`bt`,
// `berniw` …) loads the real robot from $TWTORCS_REAL_DRIVERS/NAME/NAME.so, hands TORCS the real
// robot's indices, names and callbacks, wrapped: every call goes to the real robot unchanged, and
// after each rbDrive the situation's telemetry is written (robot/telemetry_writer.h).

#include "integrations/torcs/common/telemetry.h"
#include "integrations/torcs/robot/telemetry_writer.h"

#include <robot.h>
#include <tgf.h>

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

using trackwright::torcs::TelemetryWriter;

constexpr int kIndices = 10;

/// One wrapped robot module.
struct Wrapped {
    const char* name = nullptr;
    void* handle = nullptr;
    tModInfo info[kIndices] = {};  ///< the real robot's own
    tRobotItf real[kIndices] = {};
};

/// The robots the observer can stand in for (twtorcs reads the same list).
constexpr const auto& kRobots = trackwright::torcs::kObservableRobots;
constexpr int kRobotCount = sizeof kRobots / sizeof kRobots[0];

Wrapped g_wrapped[kRobotCount];
TelemetryWriter g_telemetry;
tTrack* g_track = nullptr;

template <int M> void newTrack(int index, tTrack* track, void* carHandle, void** carParmHandle, tSituation* s) {
    g_track = track;
    if (g_wrapped[M].real[index].rbNewTrack) g_wrapped[M].real[index].rbNewTrack(index, track, carHandle, carParmHandle, s);
}
template <int M> void newRace(int index, tCarElt* car, tSituation* s) {
    if (g_wrapped[M].real[index].rbNewRace) g_wrapped[M].real[index].rbNewRace(index, car, s);
}
template <int M> void drive(int index, tCarElt* car, tSituation* s) {
    if (g_wrapped[M].real[index].rbDrive) g_wrapped[M].real[index].rbDrive(index, car, s);
    g_telemetry.tick(g_track, s);  // once per tick whoever calls first: it watches the clock
}
template <int M> int pitCommand(int index, tCarElt* car, tSituation* s) {
    return g_wrapped[M].real[index].rbPitCmd ? g_wrapped[M].real[index].rbPitCmd(index, car, s) : ROB_PIT_IM;
}
template <int M> void endRace(int index, tCarElt* car, tSituation* s) {
    if (g_wrapped[M].real[index].rbEndRace) g_wrapped[M].real[index].rbEndRace(index, car, s);
    g_telemetry.flush();
}
template <int M> void shutdown(int index) {
    if (g_wrapped[M].real[index].rbShutdown) g_wrapped[M].real[index].rbShutdown(index);
    g_telemetry.flush();
}

template <int M> int initIndex(int index, void* pointer) {
    Wrapped& w = g_wrapped[M];
    if (index < 0 || index >= kIndices) return -1;
    tModInfo* real = nullptr;
    for (tModInfo& i : w.info)
        if (i.name && i.index == index) real = &i;
    if (!real || !real->fctInit) return -1;
    const int status = real->fctInit(index, &w.real[index]);
    auto* itf = static_cast<tRobotItf*>(pointer);
    *itf = w.real[index];
    itf->rbNewTrack = newTrack<M>;
    itf->rbNewRace = newRace<M>;
    itf->rbDrive = drive<M>;
    itf->rbPitCmd = pitCommand<M>;
    itf->rbEndRace = endRace<M>;
    itf->rbShutdown = shutdown<M>;
    return status;
}

template <int M> int entry(tModInfo* modInfo) {
    Wrapped& w = g_wrapped[M];
    w.name = kRobots[M];
    const char* dir = std::getenv("TWTORCS_REAL_DRIVERS");
    const std::string path = std::string(dir && *dir ? dir : "/usr/lib/x86_64-linux-gnu/torcs/drivers") + "/" + w.name + "/" + w.name + ".so";
    if (!w.handle) w.handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!w.handle) {
        std::fprintf(stderr, "trackwright: the observer cannot load %s: %s\n", path.c_str(), dlerror());
        return -1;
    }
    auto realEntry = reinterpret_cast<int (*)(tModInfo*)>(dlsym(w.handle, w.name));
    if (!realEntry) {
        std::fprintf(stderr, "trackwright: %s has no entry %s\n", path.c_str(), w.name);
        return -1;
    }
    std::memset(w.info, 0, sizeof w.info);
    const int status = realEntry(w.info);
    // TORCS gets the real robot's names and indices (it frees the strings it is given: copies).
    std::memset(modInfo, 0, kIndices * sizeof(tModInfo));
    for (int i = 0; i < kIndices; ++i) {
        if (!w.info[i].name) continue;
        modInfo[i] = w.info[i];
        modInfo[i].name = strdup(w.info[i].name);
        modInfo[i].desc = strdup(w.info[i].desc ? w.info[i].desc : "");
        modInfo[i].fctInit = initIndex<M>;
    }
    return status;
}

} // namespace

// One entry per robot, named as TORCS looks it up (the module's file name); C++ cannot use some of
// the names directly, so the symbols are given by assembler labels.
#define TW_OBSERVE(NAME, M)                                                                                        \
    extern "C" __attribute__((visibility("default"))) int observe_##NAME(tModInfo* modInfo) __asm__(#NAME); \
    extern "C" int observe_##NAME(tModInfo* modInfo) { return entry<M>(modInfo); }
TW_OBSERVE(bt, 0)
TW_OBSERVE(berniw, 1)
TW_OBSERVE(berniw2, 2)
TW_OBSERVE(berniw3, 3)
TW_OBSERVE(inferno, 4)
TW_OBSERVE(inferno2, 5)
TW_OBSERVE(olethros, 6)
TW_OBSERVE(damned, 7)
TW_OBSERVE(tita, 8)
TW_OBSERVE(lliaw, 9)
TW_OBSERVE(sparkle, 10)
static_assert(kRobotCount == 11, "an entry per observed robot");
