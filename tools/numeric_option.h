// Validators for the numbers people type into options and arguments (seeds, limits, counts,
// run ids, versions, the row-stage budget): a negative or zero value is refused in one line that
// names the option and what it takes ("--limit: -5 is negative; give 0 or more"); CLI11's own
// range check printed the largest double in full. Called by the verbs' Setup functions.
// Host-only.
#pragma once

#include <optional>
#include <string>

#include <CLI/CLI.hpp>

namespace arenastore::cli {

CLI::Validator NonNegative();  // 0, 1, 2, ...
CLI::Validator Positive();     // 1, 2, 3, ...

// `--max-recompute PERCENT` as compile, replan and audit take it: a share of the model's MACs
// from 0 to 1000 (anything else is a usage error naming the flag); unset when not given.
CLI::Option* AddMaxRecomputeOption(CLI::App* command, std::optional<double>* percent,
                                   const std::string& description);

}  // namespace arenastore::cli
