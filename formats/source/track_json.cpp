#include "formats/source/track_json.h"
#include "formats/source/utf8_text.h"

// json_dom_reader.h includes cereal's JSON archive first: it configures RapidJSON's parse flags
// (full-precision numbers, NaN/Infinity literals) for every RapidJSON include that follows.
#include "formats/source/json_dom_reader.h"
#include "formats/source/file_io.h"
#include "formats/source/json_structure.h"
#include "formats/source/class_json.h"
#include "formats/source/json_text.h"
#include "formats/source/json_writer.h"
#include "formats/baked/format_names.h"

#include <cereal/types/string.hpp>
#include <rapidjson/document.h>
#include <rapidjson/error/en.h>

#include <cctype>
#include <charconv>
#include <sstream>

namespace formats {
namespace {

using detail::JsonDomReader;
using detail::JsonStructureError;
using detail::CerealJsonWriter;

constexpr unsigned kParseFlags = rapidjson::kParseFullPrecisionFlag | rapidjson::kParseNanAndInfFlag;

Diagnostic makeError(std::string code, std::string message, std::string jsonPath = {}) {
    return detail::errorDiagnostic(std::move(code), std::move(message), std::move(jsonPath));
}

using detail::lineAndColumn;

/// RapidJSON 1.1.0 (Debian 12's, which Cereal parses with too) reads outside its table of powers of
/// ten when a full-precision number's digits and exponent together reach far enough below the
/// smallest double: "0.000…0001216" with 400 zeros, or a zero written with 80 zeros and e-300
/// (found by fuzzing). So before any parser sees the text, every number literal is read here:
///  - one beyond a double's range (non-zero below 4.9e-324, above 1.8e308) is refused with its
///    line and column: it could only be read as zero or infinity;
///  - one longer than any double needs (kLongLiteral characters) is rewritten as the shortest text
///    of the same double, padded with spaces so lines and columns stay where the designer wrote
///    them. The value is unchanged: both readings round correctly.
/// Strings are skipped; malformed literals are left for the parser to report as syntax.
constexpr std::size_t kLongLiteral = 24;

std::optional<Diagnostic> tameNumberLiterals(std::string& text) {
    auto isNumberChar = [](char c) { return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'; };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '"') {
            for (++i; i < text.size() && text[i] != '"'; ++i)
                if (text[i] == '\\') ++i;
            continue;
        }
        // NaN and Infinity are the only bare words that may start a number (the non-finite
        // diagnostic reports them later); RapidJSON 1.1.0 asserts on a malformed one like "Infe6".
        const std::size_t word = c == '-' && i + 1 < text.size() ? i + 1 : i;
        if (text[word] == 'I' || text[word] == 'N') {
            const std::string_view rest = std::string_view(text).substr(word);
            const std::size_t length = rest.starts_with("Infinity") ? 8 : rest.starts_with("NaN") ? 3 : 0;
            if (length == 0 || (word + length < text.size() && (isNumberChar(text[word + length]) || std::isalpha(static_cast<unsigned char>(text[word + length]))))) {
                const auto [line, column] = lineAndColumn(text, i);
                Diagnostic d = makeError("json-syntax", "malformed JSON at line " + std::to_string(line) + ", column " + std::to_string(column) +
                                                           ": a value starting with I or N must be Infinity or NaN");
                d.line = line;
                d.column = column;
                return d;
            }
            i = word + length - 1;
            continue;
        }
        if (!(c == '-' || (c >= '0' && c <= '9'))) continue;
        std::size_t end = i;
        while (end < text.size() && isNumberChar(text[end])) ++end;
        const char* first = text.data() + i;
        double value = 0.0;
        const std::from_chars_result read = std::from_chars(first, text.data() + end, value);
        if (read.ec == std::errc::result_out_of_range) {
            const auto [line, column] = lineAndColumn(text, i);
            const std::string_view literal(first, end - i);
            Diagnostic d = makeError("number-out-of-range",
                "the number at line " + std::to_string(line) + ", column " + std::to_string(column) + " (" +
                    std::string(literal.substr(0, 24)) + (literal.size() > 24 ? "…" : "") +
                    ") is beyond what a double holds (non-zero below 4.9e-324 or above 1.8e308): write it as 0 or a value in range");
            d.line = line;
            d.column = column;
            return d;
        }
        const auto length = static_cast<std::size_t>(read.ptr - first);
        if (read.ec == std::errc{} && length > kLongLiteral) {
            char shortest[32];
            const std::to_chars_result written = std::to_chars(shortest, shortest + sizeof shortest, value);
            const auto size = static_cast<std::size_t>(written.ptr - shortest);
            text.replace(i, length, std::string(shortest, size) + std::string(length - size, ' '));
        }
        i = end - 1;
    }
    return std::nullopt;
}

/// Files that are no JSON text at all, named for what they are: a baked track opened as a source
/// gave a message about Infinity and NaN.
std::optional<Diagnostic> recogniseNonText(std::string_view text) {
    if (text.substr(0, 6) == std::string_view(kBakedMagic.data(), 6))
        return makeError("not-a-track", "this is a baked track (.twbake), not a .twtrack source: open or validate the .twtrack it was baked "
                                        "from (`twbake dump` shows what a .twbake holds)");
    if (text.find('\0') != std::string_view::npos)
        return makeError("not-a-track", "the file is binary, not JSON text: a .twtrack is a JSON document (is this an image or an archive?)");
    return std::nullopt;
}

/// Root type, format name and schema version, checked on the parsed document before its fields are read.
std::optional<Diagnostic> checkEnvelope(const rapidjson::Document& dom) {
    if (!dom.IsObject())
        return makeError("not-a-track", "the file is JSON but not a Trackwright track: the top level must be an object");
    const auto format = dom.FindMember("format");
    if (format == dom.MemberEnd() || !format->value.IsString() || format->value.GetString() != std::string(kTrackFormatName))
        return makeError("not-a-track",
            std::string("the file is JSON but not a Trackwright track: \"format\" must be \"") + kTrackFormatName + "\"",
            "format");
    const auto schema = dom.FindMember("schema");
    if (schema == dom.MemberEnd()) return makeError("missing-field", "schema is missing", "schema");
    if (!schema->value.IsInt()) return makeError("wrong-type", "schema must be a whole number", "schema");
    const int version = schema->value.GetInt();
    if (version > kTrackSchemaVersion)
        return makeError("schema-newer",
            "the file uses track schema " + std::to_string(version) + " but this Trackwright reads schema " +
                std::to_string(kTrackSchemaVersion) + " at most: open it with a newer Trackwright",
            "schema");
    if (version < 1) return makeError("wrong-type", "schema must be 1 or greater", "schema");
    return std::nullopt;
}

/// Field lists shared by reading and writing: `io` is a JsonDomReader or a CerealJsonWriter, and
/// `T` the struct or its const, so each key is spelled once.
template <class IO, class T> void sideWidthFields(IO& io, T& side) {
    io.field("track", side.track);
    io.field("runoff", side.runoff);
    io.field("wall", side.wall);
}

template <class IO, class T> void backdropFields(IO& io, T& b) {
    io.field("image", b.image);
    io.field("origin_x", b.origin.x);
    io.field("origin_y", b.origin.y);
    io.field("metres_per_pixel", b.metresPerPixel);
    io.field("rotation", b.rotation);
    io.field("opacity", b.opacity);
}

template <class IO, class T> void levelMeshFields(IO& io, T& m) {
    io.field("file", m.file);
    io.field("hash", m.hash);
    io.field("up", m.up);
    io.field("metres_per_unit", m.metresPerUnit);
}

template <class IO, class T> void attachmentFields(IO& io, T& a) {
    io.field("route", a.route);
    io.field("node", a.node);
}

template <class IO, class T> void gridFields(IO& io, T& g) {
    io.field("first_row_gap", g.firstRowGap);
    io.field("row_spacing", g.rowSpacing);
    io.field("stagger", g.stagger);
    io.field("pole", g.pole);
}

void readSide(JsonDomReader& in, const char* key, SideWidths& side) {
    in.object(key, [&] { sideWidthFields(in, side); });
}


void readNode(JsonDomReader& in, TrackNode& node) {
    in.field("x", node.position.x);
    in.field("y", node.position.y);
    in.field("z", node.position.z);
    readSide(in, "left", node.left);
    readSide(in, "right", node.right);
    double speed = 0.0;
    if (in.tryField("speed", speed)) node.speedOverride = speed;
    in.tryArray("tags", [&](std::size_t) {
        std::string tag;
        in.elementValue(tag);
        node.tags.push_back(std::move(tag));
    });
    in.tryField("banking", node.banking);
    in.tryField("grip", node.grip);
}

std::optional<RouteAttachment> readAttachment(JsonDomReader& in, const char* key) {
    RouteAttachment attachment;
    const bool present = in.tryObject(key, [&] { attachmentFields(in, attachment); });
    return present ? std::optional(attachment) : std::nullopt;
}

void readRoute(JsonDomReader& in, Route& route) {
    in.field("name", route.name);
    in.field("closed", route.closed);
    in.array("nodes", [&](std::size_t) {
        std::uint32_t index = 0;
        in.elementValue(index);
        route.nodes.push_back(index);
    });
    route.fork = readAttachment(in, "fork");
    route.join = readAttachment(in, "join");
}

void readLine(JsonDomReader& in, Line& line) {
    in.field("name", line.name);
    in.field("route", line.route);
    in.tryField("vehicle_class", line.vehicleClass);
    in.array("offsets", [&](std::size_t) {
        double offset = 0.0;
        in.elementValue(offset);
        line.offsets.push_back(offset);
    });
}

void readVehicleClass(JsonDomReader& in, VehicleClass& v) { detail::readVehicleClassFields(in, v); }

void readMarker(JsonDomReader& in, Marker& marker) {
    in.field("kind", marker.kind);
    in.field("node", marker.node);
    in.tryField("label", marker.label);
}

void readZone(JsonDomReader& in, Zone& zone) {
    in.field("kind", zone.kind);
    in.field("from", zone.from);
    in.field("to", zone.to);
    in.tryField("sides", zone.sides);
}

/// Every key of "race" may be left out: each missing one keeps its default.
std::optional<RaceSettings> readRace(JsonDomReader& in) {
    RaceSettings race;
    const bool present = in.tryObject("race", [&] {
        in.tryField("yield_side", race.yieldSide);
        in.tryObject("grid", [&] {
            in.tryField("first_row_gap", race.grid.firstRowGap);
            in.tryField("row_spacing", race.grid.rowSpacing);
            in.tryField("stagger", race.grid.stagger);
            in.tryField("pole", race.grid.pole);
        });
        in.tryField("pit_stop_time", race.pitStopTime);
    });
    return present ? std::optional(race) : std::nullopt;
}

void readEditor(JsonDomReader& in, EditorMetadata& editor) {
    in.object("editor", [&] {
        Backdrop backdrop;
        const bool present = in.tryObject("backdrop", [&] { backdropFields(in, backdrop); });
        if (present) editor.backdrop = backdrop;
        LevelMeshReference levelMesh;
        const bool hasMesh = in.tryObject("level_mesh", [&] {
            levelMeshFields(in, levelMesh);
            in.tryArray("road_materials", [&](std::size_t) {
                std::string pattern;
                in.elementValue(pattern);
                levelMesh.roadMaterials.push_back(std::move(pattern));
            });
        });
        if (hasMesh) editor.levelMesh = levelMesh;
    });
}

template <class T, class ReadOne>
void readObjects(JsonDomReader& in, const char* key, std::vector<T>& out, ReadOne readOne) {
    in.array(key, [&](std::size_t) {
        T item;
        in.elementObject([&] { readOne(in, item); });
        out.push_back(std::move(item));
    });
}

/// The document in `root`; `unknownKeys` the paths of members it does not read, `fileSchema` the
/// schema the file declares.
TrackDocument readDocument(const rapidjson::Value& root, std::vector<std::string>& unknownKeys, int& fileSchema) {
    JsonDomReader in(root);
    TrackDocument doc;
    std::string format;
    in.field("format", format);
    in.field("schema", doc.schema);
    in.field("name", doc.name);
    readObjects(in, "nodes", doc.nodes, readNode);
    readObjects(in, "routes", doc.routes, readRoute);
    readObjects(in, "lines", doc.lines, readLine);
    readObjects(in, "vehicle_classes", doc.vehicleClasses, readVehicleClass);
    readObjects(in, "markers", doc.markers, readMarker);
    // Zones and race settings are optional: files from before them load as they always did.
    in.tryArray("zones", [&](std::size_t) {
        Zone zone;
        in.elementObject([&] { readZone(in, zone); });
        doc.zones.push_back(std::move(zone));
    });
    doc.race = readRace(in);
    readEditor(in, doc.editor);
    in.tryField("crossing_clearance", doc.crossingClearance);
    // A file saved by this build is written in the schema this build writes.
    fileSchema = doc.schema;
    doc.schema = kTrackSchemaVersion;
    unknownKeys = in.unknownKeys();
    return doc;
}

// ---- writing ---------------------------------------------------------------------------------

void writeSide(CerealJsonWriter& out, const char* key, const SideWidths& side) {
    out.object(key, [&] { sideWidthFields(out, side); });
}

void writeAttachment(CerealJsonWriter& out, const char* key, const std::optional<RouteAttachment>& attachment) {
    if (!attachment) return;
    out.object(key, [&] { attachmentFields(out, *attachment); });
}

template <class Range, class F>
void writeObjects(CerealJsonWriter& out, const char* key, const Range& items, F writeOne) {
    out.array(key, items, [&](const auto& item) { out.elementObject([&] { writeOne(item); }); });
}

} // namespace

int schemaWrittenFor(const TrackDocument& doc) {
    if (doc.editor.levelMesh) return 5;
    int schema = 2;
    for (const VehicleClass& v : doc.vehicleClasses) {
        if (hasEnvelopeTerms(v)) return 4;
        if (v.car) schema = 3;
    }
    return schema;
}

namespace {

void writeDocument(cereal::JSONOutputArchive& archive, const TrackDocument& doc) {
    CerealJsonWriter out(archive);
    out.field("format", std::string(kTrackFormatName));
    out.field("schema", schemaWrittenFor(doc));
    out.field("name", doc.name);
    writeObjects(out, "nodes", doc.nodes, [&](const TrackNode& node) {
        out.field("x", node.position.x);
        out.field("y", node.position.y);
        out.field("z", node.position.z);
        writeSide(out, "left", node.left);
        writeSide(out, "right", node.right);
        if (node.speedOverride) out.field("speed", *node.speedOverride);
        if (!node.tags.empty())
            out.array("tags", node.tags, [&](const std::string& tag) { out.elementValue(tag); });
        // Written only where they differ from flat tarmac, so a flat track's file stays as it was.
        if (node.banking != 0.0) out.field("banking", node.banking);
        if (node.grip != 1.0) out.field("grip", node.grip);
    });
    writeObjects(out, "routes", doc.routes, [&](const Route& route) {
        out.field("name", route.name);
        out.field("closed", route.closed);
        out.array("nodes", route.nodes, [&](std::uint32_t index) { out.elementValue(index); });
        writeAttachment(out, "fork", route.fork);
        writeAttachment(out, "join", route.join);
    });
    writeObjects(out, "lines", doc.lines, [&](const Line& line) {
        out.field("name", line.name);
        out.field("route", line.route);
        if (!line.vehicleClass.empty()) out.field("vehicle_class", line.vehicleClass);
        out.array("offsets", line.offsets, [&](double offset) { out.elementValue(offset); });
    });
    writeObjects(out, "vehicle_classes", doc.vehicleClasses, [&](const VehicleClass& v) { detail::writeVehicleClassFields(out, v); });
    writeObjects(out, "markers", doc.markers, [&](const Marker& marker) {
        out.field("kind", marker.kind);
        out.field("node", marker.node);
        if (!marker.label.empty()) out.field("label", marker.label);
    });
    // Written only when the designer made some, so a file without them keeps its bytes.
    if (!doc.zones.empty())
        writeObjects(out, "zones", doc.zones, [&](const Zone& zone) {
            out.field("kind", zone.kind);
            out.field("from", zone.from);
            out.field("to", zone.to);
            if (!zone.sides.empty()) out.field("sides", zone.sides);
        });
    if (doc.race)
        out.object("race", [&] {
            out.field("yield_side", doc.race->yieldSide);
            out.object("grid", [&] { gridFields(out, doc.race->grid); });
            out.field("pit_stop_time", doc.race->pitStopTime);
        });
    out.object("editor", [&] {
        if (doc.editor.backdrop) out.object("backdrop", [&] { backdropFields(out, *doc.editor.backdrop); });
        if (const auto& mesh = doc.editor.levelMesh)
            out.object("level_mesh", [&] {
                levelMeshFields(out, *mesh);
                if (!mesh->roadMaterials.empty()) out.array("road_materials", mesh->roadMaterials, [&](const std::string& p) { out.elementValue(p); });
            });
    });
    out.field("crossing_clearance", doc.crossingClearance);
}

} // namespace

namespace detail {

Diagnostic errorDiagnostic(std::string code, std::string message, std::string jsonPath) {
    Diagnostic d;
    d.severity = Severity::Error;
    d.code = std::move(code);
    d.message = std::move(message);
    d.jsonPath = std::move(jsonPath);
    return d;
}

} // namespace detail

std::optional<Diagnostic> parseJsonText(std::string_view text, rapidjson::Document& dom) {
    // A byte-order mark (some editors on Windows write one) is not JSON but says nothing wrong.
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    if (auto notText = recogniseNonText(text)) return notText;
    std::string tamed(text);
    if (auto numberError = tameNumberLiterals(tamed)) return numberError;
    text = tamed;
    if (auto structureError = detail::checkJsonStructure(text)) return structureError;
    // JSON is UTF-8; a name in another encoding (a Latin-1 "é") would pass through every tool
    // and reach a game's UI as garbage, so it is refused where it enters.
    if (const std::optional<std::size_t> bad = firstInvalidUtf8(text)) {
        const auto [line, column] = lineAndColumn(text, *bad);
        Diagnostic d = makeError("not-utf8", "line " + std::to_string(line) + ", column " + std::to_string(column) +
            ": a byte that is not UTF-8 (a name saved in Latin-1 or another encoding?): save the file as UTF-8");
        d.line = line;
        d.column = column;
        return d;
    }
    dom.Parse<kParseFlags>(text.data(), text.size());
    if (dom.HasParseError()) {
        const auto [line, column] = lineAndColumn(text, dom.GetErrorOffset());
        Diagnostic d = makeError("json-syntax",
            std::string("malformed JSON at line ") + std::to_string(line) + ", column " + std::to_string(column) +
                ": " + rapidjson::GetParseError_En(dom.GetParseError()));
        d.line = line;
        d.column = column;
        return d;
    }
    return std::nullopt;
}

TrackLoadResult parseTrackJson(std::string_view text) {
    TrackLoadResult result;
    // One parse: the envelope and every field are read from this document.
    rapidjson::Document dom;
    if (auto syntaxError = parseJsonText(text, dom)) {
        result.diagnostics.push_back(std::move(*syntaxError));
        return result;
    }
    if (auto envelopeError = checkEnvelope(dom)) {
        result.diagnostics.push_back(std::move(*envelopeError));
        return result;
    }
    try {
        std::vector<std::string> unknownKeys;
        result.document = readDocument(dom, unknownKeys, result.fileSchema);
        for (const std::string& key : unknownKeys) {
            const std::string name = key.substr(key.find_last_of('.') == std::string::npos ? 0 : key.find_last_of('.') + 1);
            Diagnostic unknown = makeError("unknown-key", "\"" + name + "\" is not a field Trackwright reads here: it is ignored, and saving the "
                                                          "file drops it. Check its spelling (docs/formats.md lists every field) or remove it", key);
            unknown.severity = Severity::Warning;
            result.diagnostics.push_back(std::move(unknown));
        }
    } catch (const JsonStructureError& e) {
        result.diagnostics.push_back(makeError(e.code, e.what(), e.path));
    }
    return result;
}

TrackLoadResult loadTrackFile(const std::filesystem::path& path) {
    std::string error;
    const std::optional<std::string> text = readWholeFile(path, error);
    if (!text) {
        TrackLoadResult result;
        result.ioError = true;
        result.diagnostics.push_back(makeError("io-read", error));
        return result;
    }
    return parseTrackJson(*text);
}

std::string writeTrackJson(const TrackDocument& document) {
    std::ostringstream stream;
    {
        cereal::JSONOutputArchive archive(stream, cereal::JSONOutputArchive::Options(
            rapidjson::Writer<rapidjson::OStreamWrapper>::kDefaultMaxDecimalPlaces,
            cereal::JSONOutputArchive::Options::IndentChar::space, 2));
        writeDocument(archive, document);
    }
    stream << '\n';
    return stream.str();
}

} // namespace formats
