// The one place where outcomes become process exit codes (design: CLI conventions). Called by
// main() after parsing and after a verb returns; verbs never call exit() themselves. An
// interrupted verb ends with its signal instead (store/interrupt.h; the shell reports 130).
#pragma once

#include <CLI/CLI.hpp>

#include "base/status.h"

namespace arenastore::cli {

enum ExitCode : int {
  kExitOk = 0,         // success, warnings included; help and version
  kExitError = 1,      // any error not listed below
  kExitUsage = 2,      // wrong verb, flags or arguments
  kExitRejected = 3,   // the gate rejected, or an audit found rejections
  kExitIntegrity = 4,  // integrity or signature failure: a corrupt artifact file or store blob
};

ExitCode ExitCodeFor(const Status& status);

// Help and version requests end parsing too: they succeed. Anything else is a usage error.
ExitCode ExitCodeForParse(const CLI::ParseError& error);

}  // namespace arenastore::cli
