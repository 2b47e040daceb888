// arenastore: the command-line edge. Parses flags (CLI11), runs one verb, reports its outcome
// (tools/error_report.h: one JSON document under --json) and maps it to an exit code in one
// place (tools/exit_code.cc). CLI11's exceptions stop here.
#include <fmt/core.h>
#include <CLI/CLI.hpp>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <new>
#include <sstream>
#include <string>
#include <vector>

#include "store/interrupt.h"
#include "tools/build_info.h"
#include "tools/error_report.h"
#include "tools/exit_code.h"
#include "tools/export_command.h"
#include "tools/fleet_verbs.h"
#include "tools/json_document.h"
#include "tools/registry_verbs.h"
#include "tools/replan_command.h"
#include "tools/store_access.h"
#include "tools/usage_error.h"
#include "tools/verb.h"

namespace {

using namespace arenastore::cli;

std::vector<Verb> SetupVerbs(CLI::App& app) {
  std::vector<Verb> verbs = {SetupCompile(app), SetupInspect(app), SetupCheck(app),
                             SetupRun(app),     SetupKernels(app), SetupOps(app)};
  for (Verb& verb : SetupRegistryVerbs(app)) verbs.push_back(std::move(verb));
  verbs.push_back(SetupExport(app));
  verbs.push_back(SetupReplan(app));
  verbs.push_back(SetupFleet(app));
  verbs.push_back(SetupAudit(app));
  verbs.push_back(SetupHelp(app));
  return verbs;
}

// --json anywhere before `--`: parse errors and help must then be JSON too.
bool WantsJson(const std::vector<std::string>& args) {
  for (const std::string& arg : args) {
    if (arg == "--") return false;
    if (arg == "--json") return true;
  }
  return false;
}

// Help and version end parsing with an exception; CLI11 prints them for the command asked.
int PrintRequested(CLI::App& app, const CLI::ParseError& request, bool json) {
  std::ostringstream out, err;
  app.exit(request, out, err);
  if (json) {
    fmt::print("{}\n", nlohmann::json{{"help", out.str()}}.dump(2));
  } else {
    fmt::print("{}", out.str());
  }
  return ExitCodeForParse(request);
}

// The CLI is the edge where exceptions stop: the libraries it uses (the standard library,
// CLI11, nlohmann::json, fmt) may throw, and no input may end the process with an uncaught one.
arenastore::Status RunVerb(const Verb& verb) {
  using arenastore::ErrorCode;
  using arenastore::Status;
  try {
    return verb.run();
  } catch (const std::bad_alloc&) {
    return Status::Error(ErrorCode::kInvalidInput,
                         "%s: out of memory; the input asks for more than this machine gives",
                         verb.name().c_str());
  } catch (const std::exception& error) {
    return Status::Error(ErrorCode::kInvalidInput, "%s: %s", verb.name().c_str(), error.what());
  }
}

// A report that did not reach its reader is a failure: stdout is flushed and checked before the
// exit code is made (a full disk, a closed pipe, /dev/full), whatever the verb printed.
int FlushedExit(int code) {
  if (std::fflush(stdout) == 0 && !std::ferror(stdout)) return code;
  const int error = errno;
  fmt::print(stderr, "arenastore: error: the output could not be written: {}\n",
             std::strerror(error));
  return code == kExitOk ? kExitError : code;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"arenastore: compile, store, check and run int8 models with planned memory",
               "arenastore"};
  app.require_subcommand(1);
  app.fallthrough();  // --db and --verbose are accepted after the verb as well as before it
  app.set_version_flag("--version", VersionText());
  app.footer(
      "Run `arenastore help VERB` (or `arenastore VERB --help`) for a verb's options and an "
      "example.");
  AddGlobalOptions(app);
  const std::vector<Verb> verbs = SetupVerbs(app);
  const std::vector<std::string> args(argv + 1, argv + argc);
  const bool json = WantsJson(args);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    if (ExitCodeForParse(error) == kExitOk) {
      return FlushedExit(PrintRequested(app, error, json));
    }
    const UsageProblem problem = DescribeParseError(app, error, args);
    ReportUsageError(problem.verb, problem.message, json);
    return FlushedExit(ExitCodeForParse(error));
  }
  for (const Verb& verb : verbs) {
    if (!verb.command->parsed()) continue;
    const arenastore::Status status = RunVerb(verb);
    try {
      ReportOutcome(verb.name(), status, verb.json && *verb.json, Verbose());
    } catch (const std::exception&) {
      // Only a failed write throws here; FlushedExit below reports it.
    }
    arenastore::store::RaiseDeferredInterrupt();  // an interrupted verb ends as interrupted
    return FlushedExit(ExitCodeFor(status));
  }
  return kExitUsage;
}
