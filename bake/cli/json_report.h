#pragma once

#include "trackwright/traffic/driver_mistakes.h"

#include <cereal/archives/json.hpp>

#include <optional>
#include <ostream>
#include <sstream>
#include <string>

namespace bake::cli {

/// A JSON report for standard output, written through Cereal. Cereal writes NaN and Infinity as
/// bare words (the .twtrack format reads them back), which no JSON parser accepts: the report is
/// buffered and, when this object goes, sent to `out` with each of them replaced by null.
class JsonReport {
public:
    explicit JsonReport(std::ostream& out, int indent = 2);
    ~JsonReport();
    JsonReport(const JsonReport&) = delete;
    JsonReport& operator=(const JsonReport&) = delete;

    cereal::JSONOutputArchive& archive() { return *m_archive; }

private:
    std::ostream& m_out;
    std::ostringstream m_buffer;
    std::optional<cereal::JSONOutputArchive> m_archive;
};

/// `tally` as an object named `name`: a count per mistake kind, by the kinds' names
/// (traffic/driver_mistakes.h), as laps and race JSON write them.
void writeMistakeTally(cereal::JSONOutputArchive& archive, const char* name, const trackwright::MistakeTally& tally);

/// `json` with every NaN, Infinity and -Infinity outside string literals replaced by null.
std::string withNonFiniteAsNull(const std::string& json);

} // namespace bake::cli
