#include "formats/import/csv_table.h"

#include <charconv>
#include <string>

namespace formats {
namespace {

std::string_view trim(std::string_view s) {
    const auto notSpace = [](char c) { return c != ' ' && c != '\t' && c != '\r'; };
    while (!s.empty() && !notSpace(s.front())) s.remove_prefix(1);
    while (!s.empty() && !notSpace(s.back())) s.remove_suffix(1);
    return s;
}

enum class NumberField { Number, NotANumber, OutOfRange };

NumberField parseNumber(std::string_view field, double& out) {
    if (field.empty()) return NumberField::NotANumber;
    if (field.front() == '+') field.remove_prefix(1);
    const auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), out);
    if (end != field.data() + field.size()) return NumberField::NotANumber;
    if (ec == std::errc::result_out_of_range) return NumberField::OutOfRange;
    return ec == std::errc() ? NumberField::Number : NumberField::NotANumber;
}

std::vector<std::string_view> splitFields(std::string_view line) {
    std::vector<std::string_view> fields;
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = line.find(',', start);
        fields.push_back(trim(line.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start)));
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    return fields;
}

/// A header names its columns: not one of its fields is a number. A first row with one mistyped
/// number among numbers ("1.O877,2.3") is data with an error, not a header to skip.
bool isHeader(const std::vector<std::string_view>& fields) {
    for (std::string_view field : fields) {
        double value = 0.0;
        if (parseNumber(field, value) != NumberField::NotANumber) return false;
    }
    return true;
}

} // namespace

CsvTable parseNumericCsv(std::string_view text) {
    CsvTable table;
    // A UTF-8 byte-order mark (spreadsheets write one) is not part of the first field.
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    std::uint32_t lineNumber = 0;
    bool seenContent = false;
    std::size_t position = 0;
    while (position <= text.size()) {
        const std::size_t newline = text.find('\n', position);
        const std::string_view rawLine = text.substr(position, newline == std::string_view::npos ? std::string_view::npos : newline - position);
        position = newline == std::string_view::npos ? text.size() + 1 : newline + 1;
        ++lineNumber;
        const std::string_view line = trim(rawLine);
        if (line.empty() || line.front() == '#') continue;

        const std::vector<std::string_view> fields = splitFields(line);
        CsvRow row{lineNumber, {}};
        row.values.reserve(fields.size());
        std::size_t badColumn = 0;
        NumberField bad = NumberField::Number;
        for (std::size_t i = 0; i < fields.size(); ++i) {
            double value = 0.0;
            if ((bad = parseNumber(fields[i], value)) != NumberField::Number) {
                badColumn = i + 1;
                break;
            }
            row.values.push_back(value);
        }
        if (badColumn == 0) {
            table.rows.push_back(std::move(row));
        } else if (!seenContent && isHeader(fields)) {
            // A leading line of names such as "x,y,z".
        } else {
            Diagnostic d;
            // As the JSON reader says it: a number too large or too small for a double is not a typo.
            const bool outOfRange = bad == NumberField::OutOfRange;
            d.code = outOfRange ? "number-out-of-range" : "csv-syntax";
            d.line = lineNumber;
            d.column = static_cast<std::uint32_t>(badColumn);
            d.message = "line " + std::to_string(lineNumber) + ", field " + std::to_string(badColumn) + ": \"" +
                std::string(fields[badColumn - 1]) +
                (outOfRange ? "\" is beyond a double's range (non-zero below 4.9e-324 or above 1.8e308): write it as 0 or a smaller number"
                            : "\" is not a number");
            table.diagnostics.push_back(std::move(d));
        }
        seenContent = true;
    }
    return table;
}

} // namespace formats
