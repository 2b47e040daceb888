// Turns a failed parse (CLI11) into one line that names the wrong word and what was probably
// meant: an unknown command or option gets the nearest known ones (store/near_match.h), a
// command group given no subcommand lists its subcommands. Anything else keeps CLI11's own
// message. Called by main() and `arenastore help`. Host-only; reads the parser's declarations,
// never its parse state (which a failed parse leaves half-filled).
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace arenastore::cli {

struct UsageProblem {
  std::string verb;  // the command it concerns as typed, e.g. "alias set"; empty: arenastore
  std::string message;
};

// `args`: the command line without the program name.
UsageProblem DescribeParseError(const CLI::App& app, const CLI::ParseError& error,
                                const std::vector<std::string>& args);

// The command that `words` name ("alias", "set"), or a problem naming the first word that is
// not one, with the nearest commands.
struct CommandLookup {
  const CLI::App* command = nullptr;
  UsageProblem problem;
};
CommandLookup FindCommand(const CLI::App& app, const std::vector<std::string>& words);

}  // namespace arenastore::cli
