// How the CLI's verbs plug into main(): each command group's Setup<Verb>() declares its
// subcommand and options (CLI11) and returns a Verb whose run() executes it after parsing.
// run() prints results to stdout and returns a Status; main() prints errors and maps the
// Status to an exit code (exit_code.cc). Verbs never throw and never call exit().
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <memory>
#include <vector>

#include "base/status.h"

namespace arenastore::cli {

struct Verb {
  CLI::App* command = nullptr;
  std::function<Status()> run;
  std::shared_ptr<bool> json;  // the verb's --json flag, for error formatting
};

Verb SetupCompile(CLI::App& app);
Verb SetupInspect(CLI::App& app);
Verb SetupCheck(CLI::App& app);
Verb SetupRun(CLI::App& app);
Verb SetupKernels(CLI::App& app);
Verb SetupOps(CLI::App& app);

}  // namespace arenastore::cli
