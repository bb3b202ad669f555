#pragma once

#include "formats/source/diagnostic.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace formats {

/// One data row of a numeric CSV file, with the 1-based line it came from.
struct CsvRow {
    std::uint32_t line = 0;
    std::vector<double> values;
};

/// Numeric rows of a CSV file. A UTF-8 byte-order mark, blank lines and lines starting with '#' are
/// skipped; a first non-comment line with no number in any field is taken as a header and skipped
/// (one with some numbers is data, and a malformed field in it is an error). Fields are separated by
/// commas (whitespace around them ignored). Malformed fields give "csv-syntax" diagnostics naming
/// the line and the column.
struct CsvTable {
    std::vector<CsvRow> rows;
    Diagnostics diagnostics;
};

CsvTable parseNumericCsv(std::string_view text);

} // namespace formats
