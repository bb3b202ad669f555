#pragma once

#include "formats/source/diagnostic.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

/// The XML "params" files TORCS keeps its tracks in, read as TORCS's own reader (`tgf/params.cpp`)
/// reads them: nested `<section name>`s holding `<attnum name val unit>` numbers (converted to SI at
/// read time) and `<attstr name val>` strings. docs/torcs-track-format.md §1 is the specification.
namespace formats::torcs {

/// One `<section>`: its attributes in document order and its subsections.
struct ParamSection {
    std::string name;
    std::uint32_t line = 0;  ///< 1-based line of the opening tag, for diagnostics
    std::vector<std::pair<std::string, double>> numbers;
    std::vector<std::pair<std::string, std::string>> strings;
    std::vector<ParamSection> sections;
    /// Names of the external entities referenced directly inside this section (`&default-surfaces;`).
    std::vector<std::string> entityReferences;

    /// The subsection called `childName`, or null.
    const ParamSection* section(std::string_view childName) const;
    /// The first `attnum` called `attribute` (TORCS returns the first of duplicates), in SI units.
    std::optional<double> number(std::string_view attribute) const;
    double number(std::string_view attribute, double fallback) const { return number(attribute).value_or(fallback); }
    /// The first `attstr` called `attribute`; an empty value counts as absent, as in TORCS.
    std::optional<std::string> string(std::string_view attribute) const;
    std::string string(std::string_view attribute, const std::string& fallback) const { return string(attribute).value_or(fallback); }
};

/// A parsed file: the root `<params>` element as a section (its `name` is the params name).
struct ParamFile {
    std::optional<ParamSection> root;
    Diagnostics diagnostics;
};

/// Parses a track file. External entities are never loaded; their references are recorded on the
/// section they appear in. Errors ("torcs-xml-syntax", "torcs-duplicate-section", "torcs-not-params")
/// name the file and line; `fileLabel` is how the file is called in them.
ParamFile parseParamFile(std::string_view text, const std::string& fileLabel);

/// Parses an external parsed entity such as TORCS's `surfaces.xml`: a text declaration and a sequence
/// of `<section>` elements, returned as the subsections of an unnamed section.
ParamFile parseParamFragment(std::string_view text, const std::string& fileLabel);

/// `value` in `unit` converted to SI as TORCS's `GfParmUnit2SI` does: tokens joined by '.' multiply,
/// everything after '/' divides, a '2' applies the token before it twice; an unknown token is 1.
double toSi(double value, std::string_view unit);

/// A number as TORCS reads `val`: `%g` of the leading characters (trailing text ignored), hexadecimal
/// after "0x", 0 when empty. Nullopt when no number starts the text.
std::optional<double> parseParamNumber(std::string_view text);

} // namespace formats::torcs
