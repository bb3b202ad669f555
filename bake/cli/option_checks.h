#pragma once

#include <CLI/CLI.hpp>

/// Checks for twbake's numeric options. CLI11's own let nonsense through: `Range`, `PositiveNumber`
/// and `NonNegativeNumber` compare with `<`, which NaN always fails, so `--safety nan` passed
/// (issue 47); an unsigned option converts "-5" to 2⁶⁴ − 5.
namespace bake::cli {

/// A floating-point option that is a finite number in [low, high].
CLI::Validator finiteIn(double low, double high);

/// A floating-point option that is a finite number above `low` and at most `high`.
CLI::Validator finiteAbove(double low, double high);

/// An unsigned integer option written without a sign: "-5" is refused, not wrapped.
CLI::Validator unsignedInteger();

} // namespace bake::cli
