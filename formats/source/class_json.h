#pragma once

#include "formats/source/diagnostic.h"
#include "formats/source/track_document.h"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

/// A vehicle class as JSON (docs/formats.md, "A class file"): one element of a .twtrack's
/// "vehicle_classes", or on its own in a class file — the same keys, `"format": "trackwright-class"`
/// at the top and "name" optional. `twbake calibrate` writes one; `twbake class --car` reads one, or
/// a car file (told apart by "format").
namespace formats {

/// Value of a class file's "format" key (required: a file without one is read as a car file).
inline constexpr const char* kClassFormatName = "trackwright-class";

/// Outcome of reading a class file (or a car file as the class of that car): the class when the JSON
/// is well formed, plus diagnostics (syntax, missing or ill-typed keys with their JSON path). Whether
/// the values make a vehicle is `validate`'s job.
struct ClassLoadResult {
    std::optional<VehicleClass> vehicleClass;
    bool fromCarFile = false;  ///< the file was a car file: the class is its car, with no limits written
    Diagnostics diagnostics;
    bool ioError = false;
};

/// Parses a class file's text ("format" must be "trackwright-class"). Never throws.
ClassLoadResult parseClassJson(std::string_view text);
/// Parses a class file or, when its "format" is not "trackwright-class", a car file (car_json.h) as the
/// class of that car, named by the car file's "name". Never throws.
ClassLoadResult parseClassOrCarJson(std::string_view text);
/// Reads and parses a class file or a car file. Never throws.
ClassLoadResult loadClassOrCarFile(const std::filesystem::path& path);
/// A class file: the format key, then the class's keys as the .twtrack writes them.
std::string writeClassJson(const VehicleClass& vehicleClass);

namespace detail {
class JsonDomReader;
class CerealJsonWriter;
/// The keys of a vehicle class, read from or written to the current JSON object (shared with the
/// .twtrack's "vehicle_classes"). Without a car every limit is required, with one each is optional;
/// the envelope keys are optional always and written only when not 0, so files without them keep
/// their bytes. `nameRequired`: the .twtrack's classes must have a name, a class file need not.
void readVehicleClassFields(JsonDomReader& in, VehicleClass& vehicleClass, bool nameRequired = true);
void writeVehicleClassFields(CerealJsonWriter& out, const VehicleClass& vehicleClass);
} // namespace detail

} // namespace formats
