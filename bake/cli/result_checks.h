#pragma once

#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace bake::cli {

/// One `--fail-if` condition (issue 51: thresholds that set a CI's exit code): a figure of a result,
/// named as in the command's JSON, compared with a number — `contacts_per_race>1`,
/// `completed_pct<80`, `ideal_ratio<=0.95`.
struct FailCondition {
    enum class Compare { Less, LessOrEqual, Greater, GreaterOrEqual };
    std::string figure;
    Compare compare = Compare::Greater;
    double value = 0.0;
};

/// The figures of one result by name, as its JSON names them.
using Figures = std::vector<std::pair<std::string, double>>;

/// Parses `text` (FIGURE then <, <=, > or >= then a finite number); nullopt with `error` saying
/// what is wrong and which figures `known` has otherwise.
std::optional<FailCondition> parseFailCondition(const std::string& text, std::span<const char* const> known, std::string& error);

/// Every `--fail-if` of a command parsed into `conditions`; on a bad one prints why ("`command`: …")
/// and returns kExitUsage, else 0.
int parseFailConditions(std::span<const std::string> texts, std::span<const char* const> known, const char* command,
                        std::vector<FailCondition>& conditions, std::ostream& err);

/// The conditions `figures` meet, each written as "completed_pct 72 < 80"; empty: the result passes.
std::vector<std::string> failedConditions(std::span<const FailCondition> conditions, const Figures& figures);

} // namespace bake::cli
