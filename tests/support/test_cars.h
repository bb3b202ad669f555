#pragma once

#include "formats/source/car_json.h"
#include "formats/source/track_document.h"

#include <optional>
#include <string>

namespace tw::test {

/// The vehicle class "test-gt" described by its car alone, tests/data/cars/test-gt.json (a 1.9 m
/// wide GT): every limit left out, so each is derived from the car. Empty when the file does not load.
inline std::optional<formats::VehicleClass> testGtClass() {
    const formats::CarLoadResult loaded = formats::loadCarFile(std::string(TRACKWRIGHT_TEST_DATA_DIR) + "/cars/test-gt.json");
    if (!loaded.car) return std::nullopt;
    formats::VehicleClass gt;
    gt.name = "test-gt";
    gt.car = *loaded.car;
    return gt;
}

} // namespace tw::test
