// The one place where outcomes become process exit codes (design: CLI conventions).
// Called by main() after a verb returns; verbs never call exit() themselves.
#pragma once

#include "base/status.h"

namespace arenastore::cli {

enum ExitCode : int {
  kExitOk = 0,         // success, warnings included
  kExitError = 1,      // any error not listed below
  kExitUsage = 2,      // wrong flags or arguments
  kExitRejected = 3,   // the gate rejected, or an audit found rejections
  kExitIntegrity = 4,  // integrity or signature failure
};

ExitCode ExitCodeFor(const Status& status);

}  // namespace arenastore::cli
