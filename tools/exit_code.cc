#include "tools/exit_code.h"

namespace arenastore::cli {

ExitCode ExitCodeFor(const Status& status) {
  switch (status.code()) {
    case ErrorCode::kOk:
      return kExitOk;
    case ErrorCode::kInvalidArgument:
      return kExitUsage;
    case ErrorCode::kGateRejected:
      return kExitRejected;
    case ErrorCode::kIntegrity:
    case ErrorCode::kSignature:
      return kExitIntegrity;
    default:
      return kExitError;
  }
}

}  // namespace arenastore::cli
