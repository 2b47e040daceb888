// arenastore: the command-line edge. Parses flags (CLI11), runs one verb, prints its errors
// and maps the outcome to an exit code in one place (exit_code.cc).
#include <fmt/core.h>
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>

#include "tools/exit_code.h"
#include "tools/export_command.h"
#include "tools/fleet_verbs.h"
#include "tools/registry_verbs.h"
#include "tools/replan_command.h"
#include "tools/verb.h"

namespace {

using arenastore::Status;
using namespace arenastore::cli;

void PrintError(const CLI::App& verb, const Status& status, bool json) {
  if (json) {
    nlohmann::json error = {{"code", arenastore::ToString(status.code())},
                            {"message", status.message()}};
    if (status.op_index() >= 0) error["op_index"] = status.op_index();
    if (status.field() != nullptr) error["field"] = status.field();
    std::fputs((nlohmann::json{{"error", error}}.dump(2) + "\n").c_str(), stdout);
    return;
  }
  fmt::print(stderr, "arenastore {}: error: {}\n", verb.get_name(), status.message());
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"arenastore: compile, store, check and run int8 models with planned memory"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "arenastore 0.1.0");
  app.footer("Run `arenastore VERB --help` for a verb's options and an example.");
  std::vector<Verb> verbs = {SetupCompile(app), SetupInspect(app), SetupCheck(app), SetupRun(app),
                             SetupKernels(app), SetupOps(app)};
  for (Verb& verb : SetupRegistryVerbs(app)) verbs.push_back(std::move(verb));
  verbs.push_back(SetupExport(app));
  verbs.push_back(SetupReplan(app));
  verbs.push_back(SetupFleet(app));
  verbs.push_back(SetupAudit(app));
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    const int code = app.exit(error);
    return code == 0 ? kExitOk : kExitUsage;
  }
  for (const Verb& verb : verbs) {
    if (!verb.command->parsed()) continue;
    const Status status = verb.run();
    if (!status.ok() && status.code() != arenastore::ErrorCode::kGateRejected) {
      PrintError(*verb.command, status, verb.json && *verb.json);
    }
    return ExitCodeFor(status);
  }
  return kExitUsage;
}
