// arenastore: the command-line edge. Parses flags (CLI11), runs one verb, prints its result
// and maps the outcome to an exit code in one place (exit_code.cc).
#include <fmt/core.h>
#include <CLI/CLI.hpp>

#include "tools/exit_code.h"

int main(int argc, char** argv) {
  CLI::App app{"arenastore: compile, store, check and run int8 models with planned memory"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "arenastore 0.1.0");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    return app.exit(error) == 0 ? arenastore::cli::kExitOk : arenastore::cli::kExitUsage;
  }
  return arenastore::cli::kExitOk;
}
