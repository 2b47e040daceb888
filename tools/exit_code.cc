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
    // Bytes that claim to be an artifact and are not: as damaged as a corrupt store blob.
    case ErrorCode::kFormatTooSmall:
    case ErrorCode::kFormatMisaligned:
    case ErrorCode::kFormatBadIdentifier:
    case ErrorCode::kFormatVerifierFailed:
    case ErrorCode::kFormatInvalidField:
    case ErrorCode::kIntegrity:
    case ErrorCode::kSignature:
      return kExitIntegrity;
    // A newer format is not damage: this arenastore is too old for it.
    case ErrorCode::kFormatUnsupportedVersion:
    case ErrorCode::kNotFound:
    case ErrorCode::kIo:
    case ErrorCode::kInvalidInput:
    case ErrorCode::kArenaTooSmall:
    case ErrorCode::kArenaMisaligned:
    case ErrorCode::kArenaMissingPool:
    case ErrorCode::kKernelScratchTooSmall:
    case ErrorCode::kKernelUnsupported:
    case ErrorCode::kKernelInvalidParams:
    case ErrorCode::kPlanInvalidGraph:
    case ErrorCode::kPlanDoesNotFit:
    case ErrorCode::kPlanInvalid:
    case ErrorCode::kImportMalformed:
    case ErrorCode::kImportUnsupported:
    case ErrorCode::kStore:
    case ErrorCode::kStoreBusy:
    case ErrorCode::kStoreSchemaTooNew:
    case ErrorCode::kStoreNeedsMigration:
    case ErrorCode::kStoreForeignDatabase:
    case ErrorCode::kStoreConflict:
    // A remote that refused, could not be reached, wanted other credentials or holds other bytes
    // under a version tag: an error, not damage (bytes that fail their digest are kIntegrity).
    case ErrorCode::kRemote:
    case ErrorCode::kRemoteUnreachable:
    case ErrorCode::kRemoteAuth:
    case ErrorCode::kRemoteConflict:
      return kExitError;
  }
  return kExitError;  // a code added to base/status.h without a decision here
}

ExitCode ExitCodeForParse(const CLI::ParseError& error) {
  return error.get_exit_code() == static_cast<int>(CLI::ExitCodes::Success) ? kExitOk : kExitUsage;
}

}  // namespace arenastore::cli
