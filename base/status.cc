#include "base/status.h"

#include "base/format.h"

namespace arenastore {

Status::Status(const Status& other) { *this = other; }

Status& Status::operator=(const Status& other) {
  if (this == &other) return *this;
  code_ = other.code_;
  field_ = other.field_;
  op_index_ = other.op_index_;
  tensor_index_ = other.tensor_index_;
  pool_index_ = other.pool_index_;
  size_t i = 0;
  while (i + 1 < kMessageBytes && other.message_[i] != '\0') {
    message_[i] = other.message_[i];
    ++i;
  }
  message_[i] = '\0';
  return *this;
}

const char* ToString(ErrorCode code) {
  switch (code) {
    case ErrorCode::kOk:
      return "ok";
    case ErrorCode::kInvalidArgument:
      return "invalid_argument";
    case ErrorCode::kNotFound:
      return "not_found";
    case ErrorCode::kIo:
      return "io";
    case ErrorCode::kInvalidInput:
      return "invalid_input";
    case ErrorCode::kFormatTooSmall:
      return "format_too_small";
    case ErrorCode::kFormatMisaligned:
      return "format_misaligned";
    case ErrorCode::kFormatBadIdentifier:
      return "format_bad_identifier";
    case ErrorCode::kFormatUnsupportedVersion:
      return "format_unsupported_version";
    case ErrorCode::kFormatVerifierFailed:
      return "format_verifier_failed";
    case ErrorCode::kFormatInvalidField:
      return "format_invalid_field";
    case ErrorCode::kGateRejected:
      return "gate_rejected";
    case ErrorCode::kArenaTooSmall:
      return "arena_too_small";
    case ErrorCode::kArenaMisaligned:
      return "arena_misaligned";
    case ErrorCode::kArenaMissingPool:
      return "arena_missing_pool";
    case ErrorCode::kKernelScratchTooSmall:
      return "kernel_scratch_too_small";
    case ErrorCode::kKernelUnsupported:
      return "kernel_unsupported";
    case ErrorCode::kKernelInvalidParams:
      return "kernel_invalid_params";
    case ErrorCode::kPlanInvalidGraph:
      return "plan_invalid_graph";
    case ErrorCode::kPlanDoesNotFit:
      return "plan_does_not_fit";
    case ErrorCode::kPlanInvalid:
      return "plan_invalid";
    case ErrorCode::kImportMalformed:
      return "import_malformed";
    case ErrorCode::kImportUnsupported:
      return "import_unsupported";
    case ErrorCode::kStore:
      return "store";
    case ErrorCode::kStoreBusy:
      return "store_busy";
    case ErrorCode::kStoreSchemaTooNew:
      return "store_schema_too_new";
    case ErrorCode::kStoreNeedsMigration:
      return "store_needs_migration";
    case ErrorCode::kStoreForeignDatabase:
      return "store_foreign_database";
    case ErrorCode::kStoreConflict:
      return "store_conflict";
    case ErrorCode::kIntegrity:
      return "integrity";
    case ErrorCode::kSignature:
      return "signature";
    case ErrorCode::kRemote:
      return "remote";
    case ErrorCode::kRemoteUnreachable:
      return "remote_unreachable";
    case ErrorCode::kRemoteAuth:
      return "remote_auth";
    case ErrorCode::kRemoteConflict:
      return "remote_conflict";
  }
  return "unknown";
}

Status Status::ErrorV(ErrorCode code, const char* format, va_list args) {
  Status status;
  status.code_ = code;
  FormatV(status.message_, kMessageBytes, format, args);
  return status;
}

void Status::SetError(ErrorCode code, const char* static_field, const char* format, va_list args) {
  code_ = code;
  field_ = static_field;
  op_index_ = tensor_index_ = pool_index_ = -1;
  FormatV(message_, kMessageBytes, format, args);
}

Status Status::Error(ErrorCode code, const char* format, ...) {
  va_list args;
  va_start(args, format);
  Status status = ErrorV(code, format, args);
  va_end(args);
  return status;
}

Status& Status::WithContext(const char* format, ...) {
  char prefixed[kMessageBytes];
  va_list args;
  va_start(args, format);
  size_t length = FormatV(prefixed, kMessageBytes, format, args);
  va_end(args);
  Format(prefixed + length, kMessageBytes - length, ": %s", message_);
  for (size_t i = 0; i < kMessageBytes; ++i) {
    message_[i] = prefixed[i];
    if (prefixed[i] == '\0') break;
  }
  message_[kMessageBytes - 1] = '\0';
  return *this;
}

}  // namespace arenastore
