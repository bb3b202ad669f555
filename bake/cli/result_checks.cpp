#include "bake/cli/result_checks.h"

#include "bake/cli/exit_codes.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace bake::cli {

namespace {

struct Operator {
    const char* text;
    FailCondition::Compare compare;
};
// Two-character operators first: "<=" is not "<" followed by "=1".
constexpr Operator kOperators[] = {{"<=", FailCondition::Compare::LessOrEqual},
                                   {">=", FailCondition::Compare::GreaterOrEqual},
                                   {"<", FailCondition::Compare::Less},
                                   {">", FailCondition::Compare::Greater}};

const char* operatorText(FailCondition::Compare compare) {
    for (const Operator& o : kOperators)
        if (o.compare == compare) return o.text;
    return "?";
}

bool meets(const FailCondition& c, double figure) {
    switch (c.compare) {
    case FailCondition::Compare::Less: return figure < c.value;
    case FailCondition::Compare::LessOrEqual: return figure <= c.value;
    case FailCondition::Compare::Greater: return figure > c.value;
    case FailCondition::Compare::GreaterOrEqual: return figure >= c.value;
    }
    return false;
}

std::string known(std::span<const char* const> figures) {
    std::string list;
    for (const char* f : figures) list += (list.empty() ? "" : ", ") + std::string(f);
    return list;
}

} // namespace

std::optional<FailCondition> parseFailCondition(const std::string& text, std::span<const char* const> figures, std::string& error) {
    for (const Operator& o : kOperators) {
        const std::size_t at = text.find(o.text);
        if (at == std::string::npos) continue;
        FailCondition c;
        c.figure = text.substr(0, at);
        c.compare = o.compare;
        const std::string number = text.substr(at + std::string(o.text).size());
        const char* end = number.data() + number.size();
        const auto [stop, failed] = std::from_chars(number.data(), end, c.value);
        if (number.empty() || failed != std::errc() || stop != end || !std::isfinite(c.value)) {
            error = "--fail-if " + text + ": '" + number + "' is not a finite number";
            return std::nullopt;
        }
        bool found = false;
        for (const char* f : figures) found |= c.figure == f;
        if (!found) {
            error = "--fail-if " + text + ": no figure '" + c.figure + "'; the figures are " + known(figures);
            return std::nullopt;
        }
        return c;
    }
    error = "--fail-if " + text + ": write FIGURE<NUMBER, <=, > or >= (say completed_pct<80); the figures are " + known(figures);
    return std::nullopt;
}

int parseFailConditions(std::span<const std::string> texts, std::span<const char* const> known, const char* command,
                        std::vector<FailCondition>& conditions, std::ostream& err) {
    for (const std::string& text : texts) {
        std::string error;
        const std::optional<FailCondition> condition = parseFailCondition(text, known, error);
        if (!condition) {
            err << command << ": " << error << '\n';
            return kExitUsage;
        }
        conditions.push_back(*condition);
    }
    return kExitOk;
}

std::vector<std::string> failedConditions(std::span<const FailCondition> conditions, const Figures& figures) {
    std::vector<std::string> failed;
    for (const FailCondition& c : conditions)
        for (const auto& [name, value] : figures) {
            if (name != c.figure || !meets(c, value)) continue;
            char line[160];
            std::snprintf(line, sizeof line, "%s %g %s %g", name.c_str(), value, operatorText(c.compare), c.value);
            failed.emplace_back(line);
        }
    return failed;
}

} // namespace bake::cli
