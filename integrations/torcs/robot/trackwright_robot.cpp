// SPDX-License-Identifier: GPL-2.0-or-later
// The TORCS robot module `trackwright` (drivers/trackwright/trackwright.so): ten indices, each a
// car driven by the product's runner follower through the public runtime API, as a game drives its
// cars. The robot file drivers/trackwright/trackwright.xml names each index's driver and car.

#include "integrations/torcs/robot/session.h"

#include <robot.h>
#include <tgf.h>

#include <cstdio>
#include <cstring>
#include <string.h>

namespace {

using trackwright::torcs::Session;

void newTrack(int index, tTrack* track, void* carHandle, void** carParmHandle, tSituation* s) {
    Session::instance().newTrack(index, track, carHandle, carParmHandle, s);
}
void newRace(int index, tCarElt* car, tSituation* s) { Session::instance().newRace(index, car, s); }
void drive(int index, tCarElt* car, tSituation* s) { Session::instance().drive(index, car, s); }
int pitCommand(int index, tCarElt* car, tSituation* s) { return Session::instance().pitCommand(index, car, s); }
void endRace(int index, tCarElt* car, tSituation* s) { Session::instance().endRace(index, car, s); }
void shutdown(int index) { Session::instance().shutdown(index); }

int initIndex(int index, void* pointer) {
    auto* itf = static_cast<tRobotItf*>(pointer);
    itf->rbNewTrack = newTrack;
    itf->rbNewRace = newRace;
    itf->rbDrive = drive;
    itf->rbPitCmd = pitCommand;
    itf->rbEndRace = endRace;
    itf->rbShutdown = shutdown;
    itf->index = index;
    return 0;
}

} // namespace

/// TORCS's first call into the module: the ten indices it offers. TORCS looks the function up by
/// the module's name, `trackwright`; C++ cannot name a function like the namespace, so the symbol
/// is given by an assembler label.
extern "C" __attribute__((visibility("default"))) int trackwrightModuleInfo(tModInfo* modInfo) __asm__("trackwright");
extern "C" int trackwrightModuleInfo(tModInfo* modInfo) {
    std::memset(modInfo, 0, Session::kIndices * sizeof(tModInfo));
    for (int i = 0; i < Session::kIndices; ++i) {
        // TORCS frees both strings when it unloads the module (GfModInfoFreeNext): malloc'ed copies.
        char name[32], description[64];
        std::snprintf(name, sizeof name, "trackwright %d", i + 1);
        std::snprintf(description, sizeof description, "Trackwright runner follower %d", i + 1);
        modInfo[i].name = strdup(name);
        modInfo[i].desc = strdup(description);
        modInfo[i].fctInit = initIndex;
        modInfo[i].gfId = ROB_IDENT;
        modInfo[i].index = i;
    }
    return 0;
}
