#pragma once

// SPDX-License-Identifier: GPL-2.0-or-later
// A TORCS parameter handle (GfParm*) as the car description's parameter source.

#include "integrations/torcs/common/car_description.h"

namespace trackwright::torcs {

/// Reads a car's parameter handle (the handle rbNewTrack gets, or tCarElt::_carHandle) with
/// GfParmGetNum, which converts every value to SI units.
class TorcsCarParameters final : public CarParameterSource {
public:
    explicit TorcsCarParameters(void* handle) : m_handle(handle) {}
    float number(const std::string& section, const std::string& key, float fallback) const override;
    std::string text(const std::string& section, const std::string& key, const std::string& fallback) const override;
    int count(const std::string& section) const override;

private:
    void* m_handle;
};

/// The car file merged over its category, as TORCS's race engine builds a car's handle
/// (categories/<category>.xml, then cars/<car>/<car>.xml, GfParmMergeHandles), from TORCS's data
/// folder `dataDir` (ending in '/'); null when a file is missing. Release with GfParmReleaseHandle.
void* readTorcsCarHandle(const std::string& dataDir, const std::string& car);

} // namespace trackwright::torcs
