// SPDX-License-Identifier: GPL-2.0-or-later
#include "integrations/torcs/robot/torcs_car_params.h"

#include <tgf.h>

namespace trackwright::torcs {

float TorcsCarParameters::number(const std::string& section, const std::string& key, float fallback) const {
    return GfParmGetNum(m_handle, section.c_str(), key.c_str(), nullptr, fallback);
}

std::string TorcsCarParameters::text(const std::string& section, const std::string& key, const std::string& fallback) const {
    const char* value = GfParmGetStr(m_handle, section.c_str(), key.c_str(), fallback.c_str());
    return value ? value : fallback;
}

int TorcsCarParameters::count(const std::string& section) const { return GfParmGetEltNb(m_handle, section.c_str()); }

void* readTorcsCarHandle(const std::string& dataDir, const std::string& car) {
    const std::string carFile = dataDir + "cars/" + car + "/" + car + ".xml";
    void* carHandle = GfParmReadFile(carFile.c_str(), GFPARM_RMODE_STD);
    if (!carHandle) return nullptr;
    const char* category = GfParmGetStr(carHandle, "Car", "category", nullptr);
    if (!category) return carHandle;
    const std::string categoryFile = dataDir + "categories/" + category + ".xml";
    void* categoryHandle = GfParmReadFile(categoryFile.c_str(), GFPARM_RMODE_STD);
    if (!categoryHandle) {
        GfParmReleaseHandle(carHandle);
        return nullptr;
    }
    // raceinit.cpp: the car over its category, both released into the merged handle.
    return GfParmMergeHandles(categoryHandle, carHandle, GFPARM_MMODE_SRC | GFPARM_MMODE_DST | GFPARM_MMODE_RELSRC | GFPARM_MMODE_RELDST);
}

} // namespace trackwright::torcs
