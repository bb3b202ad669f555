#include "bake/cli/json_report.h"

#include <cstring>

namespace bake::cli {

JsonReport::JsonReport(std::ostream& out, int indent) : m_out(out) {
    m_archive.emplace(m_buffer, cereal::JSONOutputArchive::Options(rapidjson::Writer<rapidjson::OStreamWrapper>::kDefaultMaxDecimalPlaces,
                                                                   cereal::JSONOutputArchive::Options::IndentChar::space,
                                                                   static_cast<unsigned>(indent)));
}

JsonReport::~JsonReport() {
    m_archive.reset();  // closes the document
    m_out << withNonFiniteAsNull(m_buffer.str());
}

std::string withNonFiniteAsNull(const std::string& json) {
    std::string result;
    result.reserve(json.size());
    bool inString = false;
    for (std::size_t i = 0; i < json.size(); ++i) {
        const char c = json[i];
        if (inString) {
            result += c;
            if (c == '\\' && i + 1 < json.size()) result += json[++i];
            else if (c == '"') inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
            result += c;
            continue;
        }
        bool replaced = false;
        for (const char* word : {"-Infinity", "Infinity", "NaN"}) {
            const std::size_t length = std::strlen(word);
            if (json.compare(i, length, word) == 0) {
                result += "null";
                i += length - 1;
                replaced = true;
                break;
            }
        }
        if (!replaced) result += c;
    }
    return result;
}

void writeMistakeTally(cereal::JSONOutputArchive& archive, const char* name, const trackwright::MistakeTally& tally) {
    archive.setNextName(name);
    archive.startNode();
    for (int k = 0; k < trackwright::kMistakeKinds; ++k)
        archive(cereal::make_nvp(std::string(trackwright::mistakeKindName(static_cast<trackwright::MistakeKind>(k))).c_str(), tally.made[k]));
    archive.finishNode();
}

} // namespace bake::cli
