#include "formats/import/torcs_params.h"
#include "formats/source/utf8_text.h"

#include <pugixml.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <numbers>
#include <set>

namespace formats::torcs {
namespace {

/// Maps byte offsets of the parsed text to 1-based line numbers.
class LineIndex {
public:
    explicit LineIndex(std::string_view text) {
        starts_.push_back(0);
        for (std::size_t i = 0; i < text.size(); ++i)
            if (text[i] == '\n') starts_.push_back(i + 1);
    }
    std::uint32_t lineOf(std::ptrdiff_t offset) const {
        if (offset < 0) return 0;
        const auto it = std::upper_bound(starts_.begin(), starts_.end(), static_cast<std::size_t>(offset));
        return static_cast<std::uint32_t>(it - starts_.begin());
    }

private:
    std::vector<std::size_t> starts_;
};

Diagnostic fileError(std::string code, const std::string& fileLabel, std::uint32_t line, const std::string& message) {
    Diagnostic d;
    d.code = std::move(code);
    if (line > 0) d.line = line;
    d.message = fileLabel + (line > 0 ? ":" + std::to_string(line) : std::string()) + ": " + message;
    return d;
}

/// Entity references pugixml leaves in character data ("&default-surfaces;").
void collectEntityReferences(std::string_view text, std::vector<std::string>& out) {
    for (std::size_t at = text.find('&'); at != std::string_view::npos; at = text.find('&', at + 1)) {
        const std::size_t end = text.find(';', at);
        if (end == std::string_view::npos) return;
        const std::string_view name = text.substr(at + 1, end - at - 1);
        if (!name.empty() && name.front() != '#') out.emplace_back(name);
    }
}

/// Deeper than any TORCS file nests its sections (the track files use five levels, car files four):
/// beyond it a file is refused rather than read by a recursion as deep as the file is long.
constexpr std::uint32_t kMaxSectionDepth = 32;

class SectionReader {
public:
    SectionReader(const LineIndex& lines, const std::string& fileLabel, Diagnostics& out)
        : lines_(lines), fileLabel_(fileLabel), out_(out) {}

    /// False when the nesting passes kMaxSectionDepth (the error is reported once, reading stops).
    bool readChildren(const pugi::xml_node& element, ParamSection& section, const std::string& path, std::uint32_t depth = 0) {
        std::set<std::string> seenSections;
        for (const pugi::xml_node& child : element.children()) {
            if (child.type() == pugi::node_pcdata || child.type() == pugi::node_cdata) {
                collectEntityReferences(child.value(), section.entityReferences);
                continue;
            }
            if (child.type() != pugi::node_element) continue;
            const std::string_view tag = child.name();
            const std::uint32_t line = lines_.lineOf(child.offset_debug());
            if (tag == "section") {
                ParamSection nested;
                nested.name = child.attribute("name").value();
                nested.line = line;
                const std::string nestedPath = path.empty() ? nested.name : path + "/" + nested.name;
                if (!seenSections.insert(nested.name).second) {
                    // TORCS refuses the whole file ("duplicate section"), so do we.
                    out_.push_back(fileError("torcs-duplicate-section", fileLabel_, line,
                        "section \"" + nestedPath + "\" appears twice; TORCS refuses such a file. Rename or merge one of them"));
                    continue;
                }
                if (depth + 1 >= kMaxSectionDepth) {
                    out_.push_back(fileError("torcs-too-deep", fileLabel_, line,
                        "sections nest more than " + std::to_string(kMaxSectionDepth) + " levels deep here; TORCS files nest at most a "
                        "handful: the file is damaged or not a TORCS file. Remove the extra <section> levels"));
                    return false;
                }
                if (!readChildren(child, nested, nestedPath, depth + 1)) return false;
                section.sections.push_back(std::move(nested));
            } else if (tag == "attnum") {
                readNumber(child, section, path, line);
            } else if (tag == "attstr") {
                section.strings.emplace_back(child.attribute("name").value(), child.attribute("val").value());
            }
            // Anything else (scenery elements, unknown tags) is ignored by TORCS's loader too.
        }
        return true;
    }

private:
    void readNumber(const pugi::xml_node& element, ParamSection& section, const std::string& path, std::uint32_t line) {
        const std::string name = element.attribute("name").value();
        const std::string_view text = element.attribute("val").value();
        const std::optional<double> value = parseParamNumber(text);
        if (!value) {
            out_.push_back(fileError("torcs-bad-number", fileLabel_, line,
                "\"" + path + "/" + name + "\" has val=\"" + std::string(text) + "\", which is not a number; write a number such as val=\"12.5\""));
            return;
        }
        section.numbers.emplace_back(name, toSi(*value, element.attribute("unit").value()));
    }

    const LineIndex& lines_;
    const std::string& fileLabel_;
    Diagnostics& out_;
};

/// True when the XML declaration names Latin-1 (`encoding="ISO-8859-1"`, as files from old tools
/// and editors say): TORCS's parser (expat) honours it, so the importer does too.
bool declaresLatin1(std::string_view text) {
    if (text.substr(0, 5) != "<?xml") return false;
    const std::string_view declaration = text.substr(0, text.find("?>"));
    const std::size_t key = declaration.find("encoding");
    if (key == std::string_view::npos) return false;
    const std::size_t open = declaration.find_first_of("\"'", key);
    if (open == std::string_view::npos) return false;
    const std::size_t close = declaration.find(declaration[open], open + 1);
    std::string name(declaration.substr(open + 1, close == std::string_view::npos ? 0 : close - open - 1));
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return name == "iso-8859-1" || name == "latin1" || name == "latin-1" || name == "iso_8859-1" || name == "l1";
}

ParamFile parse(std::string_view source, const std::string& fileLabel, bool fragment) {
    ParamFile file;
    // Every name the importer takes goes into a .twtrack, which is UTF-8: a Latin-1 name was copied
    // in as invalid UTF-8 (issue 47). A file in Latin-1 — declared so, or declaring UTF-8 while its
    // bytes are not, as TORCS's own surfaces files are ("Espi\xE9" in their headers), which TORCS
    // reads regardless — is read as Latin-1, the one encoding every byte sequence is valid in.
    const bool latin1 = declaresLatin1(source) || firstInvalidUtf8(source).has_value();
    const std::string converted = latin1 ? latin1ToUtf8(source) : std::string();
    const std::string_view text = latin1 ? std::string_view(converted) : source;
    pugi::xml_document document;
    // Entity expansion and DOCTYPE processing stay off: the internal subset is skipped, an external
    // entity is never fetched, and its reference survives as character data we can see.
    unsigned options = pugi::parse_default;
    if (fragment) options |= pugi::parse_fragment;
    const pugi::xml_parse_result parsed = document.load_buffer(text.data(), text.size(), options, pugi::encoding_utf8);
    const LineIndex lines(text);
    if (!parsed) {
        file.diagnostics.push_back(fileError("torcs-xml-syntax", fileLabel, lines.lineOf(parsed.offset),
            std::string("the XML is malformed (") + parsed.description() + "); the file may be truncated or hand-edited"));
        return file;
    }
    SectionReader reader(lines, fileLabel, file.diagnostics);
    ParamSection root;
    if (fragment) {
        reader.readChildren(document, root, "");
    } else {
        const pugi::xml_node params = document.child("params");
        if (!params) {
            file.diagnostics.push_back(fileError("torcs-not-params", fileLabel, 1,
                "no <params> root element: this is not a TORCS track file"));
            return file;
        }
        root.name = params.attribute("name").value();
        root.line = lines.lineOf(params.offset_debug());
        reader.readChildren(params, root, "");
    }
    if (!hasErrors(file.diagnostics)) file.root = std::move(root);
    return file;
}

struct UnitFactor {
    std::string_view name;
    double factor;
};

/// TORCS's unit table (`params.cpp:evalUnit`). "ft" is 0.304801 there, not 0.3048.
constexpr UnitFactor kUnits[] = {
    {"feet", 0.304801}, {"ft", 0.304801}, {"deg", std::numbers::pi / 180.0},
    {"h", 3600.0}, {"hour", 3600.0}, {"hours", 3600.0}, {"day", 86400.0}, {"days", 86400.0},
    {"km", 1000.0}, {"cm", 0.01}, {"mm", 0.001}, {"in", 0.0254}, {"inch", 0.0254}, {"inches", 0.0254},
    {"lbs", 0.45359237}, {"lb", 0.45359237}, {"lbf", 0.45359237 * 9.80665}, {"slug", 14.59484546}, {"slugs", 14.59484546},
    {"kPa", 1000.0}, {"MPa", 1e6}, {"PSI", 6894.76}, {"psi", 6894.76}, {"rpm", 0.104719755}, {"RPM", 0.104719755},
    {"percent", 0.01}, {"%", 0.01}, {"mph", 0.44704}, {"MPH", 0.44704},
};

double unitFactor(std::string_view token) {
    for (const UnitFactor& unit : kUnits)
        if (unit.name == token) return unit.factor;
    return 1.0;
}

} // namespace

const ParamSection* ParamSection::section(std::string_view childName) const {
    for (const ParamSection& child : sections)
        if (child.name == childName) return &child;
    return nullptr;
}

std::optional<double> ParamSection::number(std::string_view attribute) const {
    for (const auto& [key, value] : numbers)
        if (key == attribute) return value;
    return std::nullopt;
}

std::optional<std::string> ParamSection::string(std::string_view attribute) const {
    for (const auto& [key, value] : strings)
        if (key == attribute) return value.empty() ? std::nullopt : std::optional<std::string>(value);
    return std::nullopt;
}

ParamFile parseParamFile(std::string_view text, const std::string& fileLabel) { return parse(text, fileLabel, false); }

ParamFile parseParamFragment(std::string_view text, const std::string& fileLabel) { return parse(text, fileLabel, true); }

double toSi(double value, std::string_view unit) {
    std::string token;
    bool divide = false;
    const auto apply = [&] {
        const double factor = unitFactor(token);
        value = divide ? value / factor : value * factor;
    };
    for (const char c : unit) {
        if (c == '.') {
            apply();
            token.clear();
        } else if (c == '/') {
            apply();
            token.clear();
            divide = true;
        } else if (c == '2') {
            apply();
            apply();
            token.clear();
        } else {
            token += c;
        }
    }
    apply();
    return value;
}

std::optional<double> parseParamNumber(std::string_view text) {
    std::string buffer(text);
    const char* begin = buffer.c_str();
    while (*begin == ' ' || *begin == '\t' || *begin == '\n' || *begin == '\r') ++begin;
    if (*begin == '\0') return 0.0;
    if (begin[0] == '0' && (begin[1] == 'x' || begin[1] == 'X')) return static_cast<double>(std::strtol(begin, nullptr, 16));
    char* end = nullptr;
    const double value = std::strtod(begin, &end);
    if (end == begin) return std::nullopt;
    return value;
}

} // namespace formats::torcs
