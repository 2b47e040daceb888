// How the CLI's verbs plug into main(): each command group's Setup<Verb>() declares its
// subcommand and options (CLI11) and returns a Verb whose run() executes it after parsing.
// run() prints results to stdout and returns a Status; main() prints errors and maps the
// Status to an exit code (exit_code.cc). Verbs never throw and never call exit().
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "base/status.h"

namespace arenastore::cli {

struct Verb {
  CLI::App* command = nullptr;
  std::function<Status()> run;
  std::shared_ptr<bool> json;  // the verb's --json flag, for error formatting

  // As typed: "check", or "alias set" when a group's subcommand ran.
  std::string name() const {
    std::string text = command->get_name();
    for (const CLI::App* chosen = command; !chosen->get_subcommands().empty();) {
      chosen = chosen->get_subcommands().front();
      text += " " + chosen->get_name();
    }
    return text;
  }
};

Verb SetupCompile(CLI::App& app);
Verb SetupInspect(CLI::App& app);
Verb SetupCheck(CLI::App& app);
Verb SetupRun(CLI::App& app);
Verb SetupKernels(CLI::App& app);
Verb SetupOps(CLI::App& app);
Verb SetupHelp(CLI::App& app);

}  // namespace arenastore::cli
