#include "formats/source/json_structure.h"

// cereal's JSON archive configures RapidJSON (full-precision numbers, NaN/Infinity) for every
// RapidJSON include that follows: include it first, as the other readers of formats do.
#include <cereal/archives/json.hpp>
#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>

#include <string>
#include <unordered_map>
#include <vector>

namespace formats::detail {
namespace {

/// A path cut to its first 60 characters at an element boundary, for a nesting 64 levels deep.
std::string abbreviated(const std::string& path) {
    constexpr std::size_t kShown = 60;
    if (path.size() <= kShown) return path;
    const std::size_t cut = path.find_last_of("[.", kShown);
    return path.substr(0, cut == std::string::npos || cut == 0 ? kShown : cut) + "…";
}

std::string at(std::string_view text, std::size_t offset) {
    const auto [line, column] = lineAndColumn(text, offset);
    return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

/// One open object or array: its part of the JSON path and, for an object, the keys seen so far
/// with the offset each was read at.
struct Frame {
    bool array = false;
    std::size_t nextIndex = 0;
    std::string pendingKey;  ///< object: the key whose value comes next
    std::unordered_map<std::string, std::size_t> keys;
};

class StructureHandler : public rapidjson::BaseReaderHandler<rapidjson::UTF8<>, StructureHandler> {
public:
    StructureHandler(std::string_view text, const rapidjson::MemoryStream& stream) : m_text(text), m_stream(stream) {}

    bool Default() { return value(); }
    bool StartObject() { return open(false); }
    bool StartArray() { return open(true); }
    bool EndObject(rapidjson::SizeType) { return close(); }
    bool EndArray(rapidjson::SizeType) { return close(); }

    bool Key(const char* name, rapidjson::SizeType length, bool) {
        Frame& frame = m_frames.back();
        std::string key(name, length);
        // Tell() is just past the key's closing quote: step back to its opening one.
        const std::size_t offset = m_stream.Tell() >= length + 2 ? m_stream.Tell() - length - 2 : m_stream.Tell();
        const auto [seen, inserted] = frame.keys.emplace(key, offset);
        if (!inserted) {
            const std::string path = pathWith(key);
            m_found = Diagnostic{};
            m_found->severity = Severity::Error;
            m_found->code = "duplicate-key";
            m_found->jsonPath = path;
            m_found->message = "the key \"" + key + "\" appears twice in the same object (first at " + at(m_text, seen->second) +
                               "): readers disagree on which value counts, so delete the one you did not mean";
            const auto [line, column] = lineAndColumn(m_text, offset);
            m_found->line = line;
            m_found->column = column;
            return false;
        }
        frame.pendingKey = std::move(key);
        return true;
    }

    const std::optional<Diagnostic>& found() const { return m_found; }

private:
    /// A scalar value ends an array element or an object member.
    bool value() {
        if (!m_frames.empty() && m_frames.back().array) ++m_frames.back().nextIndex;
        return true;
    }

    bool open(bool array) {
        const std::string here = currentPath();
        if (!m_frames.empty() && m_frames.back().array) ++m_frames.back().nextIndex;
        m_pathParts.push_back(here);
        if (m_frames.size() + 1 > kMaxJsonDepth) {
            m_found = Diagnostic{};
            m_found->severity = Severity::Error;
            m_found->code = "json-too-deep";
            m_found->jsonPath = abbreviated(here.empty() ? "$" : here);
            const std::size_t offset = m_stream.Tell() > 0 ? m_stream.Tell() - 1 : 0;
            m_found->message = "objects and arrays nest more than " + std::to_string(kMaxJsonDepth) +
                               " levels deep here: a track needs five, so this is not a track file or it is damaged";
            const auto [line, column] = lineAndColumn(m_text, offset);
            m_found->line = line;
            m_found->column = column;
            return false;
        }
        Frame frame;
        frame.array = array;
        m_frames.push_back(std::move(frame));
        return true;
    }

    bool close() {
        m_frames.pop_back();
        m_pathParts.pop_back();
        return true;
    }

    /// The JSON path of the value about to be read, e.g. "nodes[3].left".
    std::string currentPath() const {
        if (m_frames.empty()) return {};
        const Frame& frame = m_frames.back();
        const std::string& parent = m_pathParts.back();
        if (frame.array) return parent + "[" + std::to_string(frame.nextIndex) + "]";
        return parent.empty() ? frame.pendingKey : parent + "." + frame.pendingKey;
    }

    std::string pathWith(const std::string& key) const {
        const std::string& parent = m_pathParts.back();
        return parent.empty() ? key : parent + "." + key;
    }

    std::string_view m_text;
    const rapidjson::MemoryStream& m_stream;
    std::vector<Frame> m_frames;
    std::vector<std::string> m_pathParts;  ///< the path of each open frame
    std::optional<Diagnostic> m_found;
};

} // namespace

std::pair<std::uint32_t, std::uint32_t> lineAndColumn(std::string_view text, std::size_t offset) {
    std::uint32_t line = 1, column = 1;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return {line, column};
}

std::optional<Diagnostic> checkJsonStructure(std::string_view text) {
    rapidjson::MemoryStream stream(text.data(), text.size());  // reads in place: no copy of a large file
    StructureHandler handler(text, stream);
    rapidjson::Reader reader;
    constexpr unsigned kFlags = rapidjson::kParseIterativeFlag | rapidjson::kParseFullPrecisionFlag | rapidjson::kParseNanAndInfFlag;
    reader.Parse<kFlags>(stream, handler);
    return handler.found();
}

} // namespace formats::detail
