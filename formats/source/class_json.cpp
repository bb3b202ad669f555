#include "formats/source/class_json.h"

// json_dom_reader.h includes cereal's JSON archive first (RapidJSON's parse flags).
#include "formats/source/json_dom_reader.h"
#include "formats/source/car_json.h"
#include "formats/source/file_io.h"
#include "formats/source/json_text.h"
#include "formats/source/json_writer.h"

#include <cereal/types/string.hpp>

#include <array>
#include <sstream>

namespace formats {
namespace detail {

namespace {

/// A class's limits: each required without a car; with one, each optional (a limit written wins
/// over the car's) and written only when set.
template <class T> auto vehicleClassLimits(T& v) {
    return std::array{std::pair{"max_lateral_acceleration", &v.maxLateralAcceleration}, std::pair{"max_acceleration", &v.maxAcceleration},
                      std::pair{"max_braking", &v.maxBraking},     std::pair{"top_speed", &v.topSpeed},
                      std::pair{"wheelbase", &v.wheelbase},        std::pair{"max_steering_angle", &v.maxSteeringAngle},
                      std::pair{"width", &v.width}};
}

/// A class's envelope terms (trackwright::VehicleParameters' fields of the same names): always
/// optional, written only when not 0.
template <class T> auto vehicleClassEnvelope(T& v) {
    return std::array{std::pair{"downforce", &v.downforce}, std::pair{"drag", &v.drag}, std::pair{"load_sensitivity", &v.loadSensitivity},
                      std::pair{"brake_limit", &v.brakeLimit}, std::pair{"power_per_mass", &v.powerPerMass}};
}

} // namespace

void readVehicleClassFields(JsonDomReader& in, VehicleClass& v, bool nameRequired) {
    if (nameRequired) in.field("name", v.name);
    else in.tryField("name", v.name);
    trackwright::format::CarDescription car;
    if (in.tryObject("car", [&] { readCarFields(in, car); })) v.car = std::move(car);
    for (auto [key, value] : vehicleClassLimits(v)) {
        if (v.car) in.tryField(key, *value);
        else in.field(key, *value);
    }
    for (auto [key, value] : vehicleClassEnvelope(v)) in.tryField(key, *value);
}

void writeVehicleClassFields(CerealJsonWriter& out, const VehicleClass& v) {
    out.field("name", v.name);
    for (auto [key, value] : vehicleClassLimits(v))
        if (!v.car || *value != 0.0) out.field(key, *value);
    for (auto [key, value] : vehicleClassEnvelope(v))
        if (*value != 0.0) out.field(key, *value);
    if (v.car) out.object("car", [&] { writeCarFields(out, *v.car); });
}

} // namespace detail

namespace {

/// The top-level "format" string of a parsed document; empty when it has none (or it is no string).
std::string formatName(const rapidjson::Document& dom) {
    if (!dom.IsObject()) return {};
    const auto format = dom.FindMember("format");
    if (format == dom.MemberEnd() || !format->value.IsString()) return {};
    return format->value.GetString();
}

ClassLoadResult readClass(const rapidjson::Document& dom) {
    ClassLoadResult result;
    if (!dom.IsObject() || formatName(dom) != kClassFormatName) {
        result.diagnostics.push_back(detail::errorDiagnostic(
            "not-a-class", std::string("the file is JSON but not a vehicle class: \"format\" must be \"") + kClassFormatName + "\"", "format"));
        return result;
    }
    try {
        detail::JsonDomReader in(dom);
        VehicleClass v;
        detail::readVehicleClassFields(in, v, /*nameRequired=*/false);
        result.vehicleClass = std::move(v);
    } catch (const detail::JsonStructureError& e) {
        result.diagnostics.push_back(detail::errorDiagnostic(e.code, e.what(), e.path));
    }
    return result;
}

/// Parses `text` into `dom`; false, with the syntax error in `result`, when it is no JSON.
bool parseDocument(std::string_view text, rapidjson::Document& dom, ClassLoadResult& result) {
    auto syntaxError = parseJsonText(text, dom);
    if (syntaxError) result.diagnostics.push_back(std::move(*syntaxError));
    return !syntaxError;
}

} // namespace

ClassLoadResult parseClassJson(std::string_view text) {
    rapidjson::Document dom;
    ClassLoadResult result;
    return parseDocument(text, dom, result) ? readClass(dom) : result;
}

ClassLoadResult parseClassOrCarJson(std::string_view text) {
    rapidjson::Document dom;
    ClassLoadResult syntax;
    if (!parseDocument(text, dom, syntax)) return syntax;
    if (formatName(dom) == kClassFormatName) return readClass(dom);
    // Not a class file: a car file (it names its own problems, "not-a-car" for a wrong "format").
    CarLoadResult car = parseCarJson(text);
    ClassLoadResult result;
    result.fromCarFile = true;
    result.diagnostics = std::move(car.diagnostics);
    if (car.car) {
        VehicleClass v;
        v.name = std::move(car.name);
        v.car = std::move(car.car);
        result.vehicleClass = std::move(v);
    }
    return result;
}

ClassLoadResult loadClassOrCarFile(const std::filesystem::path& path) {
    std::string error;
    const std::optional<std::string> text = readWholeFile(path, error);
    if (!text) {
        ClassLoadResult result;
        result.ioError = true;
        result.diagnostics.push_back(detail::errorDiagnostic("io-read", error));
        return result;
    }
    return parseClassOrCarJson(*text);
}

std::string writeClassJson(const VehicleClass& vehicleClass) {
    std::ostringstream stream;
    {
        cereal::JSONOutputArchive archive(stream, cereal::JSONOutputArchive::Options(rapidjson::Writer<rapidjson::OStreamWrapper>::kDefaultMaxDecimalPlaces,
                                                                                     cereal::JSONOutputArchive::Options::IndentChar::space, 2));
        detail::CerealJsonWriter out(archive);
        out.field("format", std::string(kClassFormatName));
        detail::writeVehicleClassFields(out, vehicleClass);
    }
    stream << '\n';
    return stream.str();
}

} // namespace formats
