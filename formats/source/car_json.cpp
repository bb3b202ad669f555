#include "formats/source/car_json.h"

// json_dom_reader.h includes cereal's JSON archive first (RapidJSON's parse flags).
#include "formats/source/json_dom_reader.h"
#include "formats/source/file_io.h"
#include "formats/source/json_text.h"
#include "formats/source/json_writer.h"

#include <cereal/types/string.hpp>

#include <sstream>

namespace formats {
namespace detail {

namespace {

template <class IO, class Car> void carScalars(IO& io, Car& car) {
    io.field("mass", car.mass);
    io.field("drag_area", car.dragArea);
    io.field("downforce_area", car.downforceArea);
    io.field("tyre_friction", car.tyreFriction);
    io.field("brake_force", car.brakeForce);
    io.field("wheelbase", car.wheelbase);
    io.field("steering_lock", car.steeringLock);
    io.field("width", car.width);
}

template <class Car> auto carOptionals(Car& car) {
    return std::array{std::pair{"air_density", &car.airDensity},
                      std::pair{"tyre_reference_load", &car.tyreReferenceLoad},
                      std::pair{"tyre_load_sensitivity", &car.tyreLoadSensitivity},
                      std::pair{"rolling_resistance", &car.rollingResistance},
                      std::pair{"track_width", &car.trackWidth},
                      std::pair{"centre_of_gravity_height", &car.centreOfGravityHeight},
                      std::pair{"steering_rate", &car.steeringRate},
                      std::pair{"length", &car.length}};
}

template <class Engine> auto engineOptionals(Engine& e) {
    return std::array{std::pair{"drivetrain_efficiency", &e.drivetrainEfficiency}, std::pair{"driven_load_share", &e.drivenLoadShare}};
}

} // namespace

void readCarFields(JsonDomReader& in, trackwright::format::CarDescription& car) {
    carScalars(in, car);
    for (auto [key, value] : carOptionals(car)) in.tryField(key, *value);
    in.object("engine", [&] {
        trackwright::format::EngineDescription& e = car.engine;
        in.array("torque_curve", [&](std::size_t) {
            trackwright::format::TorquePoint point;
            std::size_t count = 0;
            in.elementArray([&](std::size_t i) {
                if (i == 0) in.elementValue(point.rpm);
                else if (i == 1) in.elementValue(point.torque);
                count = i + 1;
            });
            if (count != 2) throw JsonStructureError("wrong-type", in.path(), in.path() + " must be a pair [rpm, N·m]");
            e.torqueCurve.push_back(point);
        });
        in.field("rev_limit", e.revLimit);
        in.array("gear_ratios", [&](std::size_t) {
            double ratio = 0.0;
            in.elementValue(ratio);
            e.gearRatios.push_back(ratio);
        });
        in.field("final_drive", e.finalDrive);
        in.field("wheel_radius", e.wheelRadius);
        for (auto [key, value] : engineOptionals(e)) in.tryField(key, *value);
    });
}

void writeCarFields(CerealJsonWriter& out, const trackwright::format::CarDescription& car) {
    carScalars(out, car);
    for (auto [key, value] : carOptionals(car)) out.field(key, *value);
    out.object("engine", [&] {
        const trackwright::format::EngineDescription& e = car.engine;
        out.array("torque_curve", e.torqueCurve, [&](const trackwright::format::TorquePoint& p) {
            const double pair[] = {p.rpm, p.torque};
            out.elementArray(pair, [&](double v) { out.elementValue(v); });
        });
        out.field("rev_limit", e.revLimit);
        out.array("gear_ratios", e.gearRatios, [&](double ratio) { out.elementValue(ratio); });
        out.field("final_drive", e.finalDrive);
        out.field("wheel_radius", e.wheelRadius);
        for (auto [key, value] : engineOptionals(e)) out.field(key, *value);
    });
}

} // namespace detail

CarLoadResult parseCarJson(std::string_view text) {
    CarLoadResult result;
    rapidjson::Document dom;
    if (auto syntaxError = parseJsonText(text, dom)) {
        result.diagnostics.push_back(std::move(*syntaxError));
        return result;
    }
    if (!dom.IsObject()) {
        result.diagnostics.push_back(detail::errorDiagnostic("not-a-car", "the file is JSON but not a car description: the top level must be an object"));
        return result;
    }
    const auto format = dom.FindMember("format");
    if (format != dom.MemberEnd() && (!format->value.IsString() || format->value.GetString() != std::string(kCarFormatName))) {
        result.diagnostics.push_back(detail::errorDiagnostic(
            "not-a-car", std::string("the file is JSON but not a car description: \"format\" must be \"") + kCarFormatName + "\"", "format"));
        return result;
    }
    try {
        detail::JsonDomReader in(dom);
        in.tryField("name", result.name);
        trackwright::format::CarDescription car;
        detail::readCarFields(in, car);
        result.car = std::move(car);
    } catch (const detail::JsonStructureError& e) {
        result.diagnostics.push_back(detail::errorDiagnostic(e.code, e.what(), e.path));
    }
    return result;
}

CarLoadResult loadCarFile(const std::filesystem::path& path) {
    std::string error;
    const std::optional<std::string> text = readWholeFile(path, error);
    if (!text) {
        CarLoadResult result;
        result.ioError = true;
        result.diagnostics.push_back(detail::errorDiagnostic("io-read", error));
        return result;
    }
    return parseCarJson(*text);
}

std::string writeCarJson(const trackwright::format::CarDescription& car, const std::string& name) {
    std::ostringstream stream;
    {
        cereal::JSONOutputArchive archive(stream, cereal::JSONOutputArchive::Options(rapidjson::Writer<rapidjson::OStreamWrapper>::kDefaultMaxDecimalPlaces,
                                                                                     cereal::JSONOutputArchive::Options::IndentChar::space, 2));
        detail::CerealJsonWriter out(archive);
        out.field("format", std::string(kCarFormatName));
        if (!name.empty()) out.field("name", name);
        detail::writeCarFields(out, car);
    }
    stream << '\n';
    return stream.str();
}

} // namespace formats
