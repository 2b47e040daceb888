// Validators for the integers people type into options and arguments (seeds, limits, counts,
// run ids, versions): a negative or zero value is refused in one line that names the option and
// what it takes ("--limit: -5 is negative; give 0 or more"); CLI11's own range check printed
// the largest double in full. Host-only.
#pragma once

#include <CLI/CLI.hpp>

namespace arenastore::cli {

CLI::Validator NonNegative();  // 0, 1, 2, ...
CLI::Validator Positive();     // 1, 2, 3, ...

}  // namespace arenastore::cli
