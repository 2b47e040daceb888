// Status: the one error model of every arenastore layer, from kernels to the CLI.
// Called by everything; freestanding: never allocates, never throws. A Status carries a code
// from ErrorCode, a bounded message (truncated, always NUL-terminated) and where it applies
// (field, operator, tensor, pool). Host layers add context with Status::WithContext().
// Thread-safety: a Status is a plain value.
#pragma once

#include <cstdarg>
#include <cstddef>
#include <cstdint>

#ifndef ARENASTORE_STATUS_MESSAGE_BYTES
#define ARENASTORE_STATUS_MESSAGE_BYTES 512
#endif

namespace arenastore {

// Codes are grouped by area; values are stable (they appear in JSON output).
enum class ErrorCode : uint16_t {
  kOk = 0,
  // usage: the caller passed something wrong
  kInvalidArgument = 100,
  kNotFound = 101,
  kIo = 102,
  kInvalidInput = 103,  // data the caller supplied (not flags) does not fit, e.g. tensor bytes
  // format: bytes that claim to be an artifact or a model are not valid
  kFormatTooSmall = 200,
  kFormatMisaligned = 201,
  kFormatBadIdentifier = 202,
  kFormatUnsupportedVersion = 203,
  kFormatVerifierFailed = 204,
  kFormatInvalidField = 205,
  // gate: the runtime refuses a valid artifact
  kGateRejected = 300,
  // arena: the caller's pool buffers do not fit the plan
  kArenaTooSmall = 400,
  kArenaMisaligned = 401,
  kArenaMissingPool = 402,
  // kernel: a kernel cannot run these parameters
  kKernelScratchTooSmall = 500,
  kKernelUnsupported = 501,
  kKernelInvalidParams = 502,
  // planner: a graph cannot be planned
  kPlanInvalidGraph = 600,
  kPlanDoesNotFit = 601,
  kPlanInvalid = 602,
  // import: a source model cannot be read
  kImportMalformed = 700,
  kImportUnsupported = 701,
  // store: the registry database
  kStore = 800,
  kStoreBusy = 801,
  kStoreSchemaTooNew = 802,
  kStoreNeedsMigration = 803,
  kStoreForeignDatabase = 804,
  kStoreConflict = 805,
  kIntegrity = 806,
  kSignature = 807,
  // remote: an OCI registry used as a remote (integrity failures use kIntegrity)
  kRemote = 900,             // the registry refused the request or broke the protocol
  kRemoteUnreachable = 901,  // no connection, TLS failure, timeout, connection lost
  kRemoteAuth = 902,         // 401 / 403: missing, wrong or insufficient credentials
  kRemoteConflict = 903,     // a version tag there holds other bytes (versions are immutable)
};

// Stable lower_snake name of a code, e.g. "format_invalid_field".
const char* ToString(ErrorCode code);

class Status {
 public:
  static constexpr size_t kMessageBytes = ARENASTORE_STATUS_MESSAGE_BYTES;

  Status() { message_[0] = '\0'; }
  // Copies the code, the location and only the message's used bytes: an error travelling up the
  // layers costs its length, not the full buffer, and a device image needs no memcpy for it.
  Status(const Status& other);
  Status& operator=(const Status& other);
  static Status Ok() { return Status(); }
  // printf-style message; supports %s %c %d %i %u %x and the l, ll, z length modifiers.
  static Status Error(ErrorCode code, const char* format, ...)
#if defined(__GNUC__)
      __attribute__((format(printf, 2, 3)))
#endif
      ;
  static Status ErrorV(ErrorCode code, const char* format, va_list args);
  // This status becomes that error, at `static_field` and no other location (in place: no
  // temporary Status, no copy).
  void SetError(ErrorCode code, const char* static_field, const char* format, va_list args);

  bool ok() const { return code_ == ErrorCode::kOk; }
  ErrorCode code() const { return code_; }
  const char* message() const { return message_; }

  // Where the error applies; -1 / nullptr when it does not.
  const char* field() const { return field_; }
  int32_t op_index() const { return op_index_; }
  int32_t tensor_index() const { return tensor_index_; }
  int32_t pool_index() const { return pool_index_; }

  Status& WithField(const char* static_field_name) {
    field_ = static_field_name;
    return *this;
  }
  Status& WithOp(int32_t op_index) {
    op_index_ = op_index;
    return *this;
  }
  Status& WithTensor(int32_t tensor_index) {
    tensor_index_ = tensor_index;
    return *this;
  }
  Status& WithPool(int32_t pool_index) {
    pool_index_ = pool_index;
    return *this;
  }
  // Prefixes "context: " to the message, keeping code and location.
  Status& WithContext(const char* format, ...)
#if defined(__GNUC__)
      __attribute__((format(printf, 2, 3)))
#endif
      ;

 private:
  ErrorCode code_ = ErrorCode::kOk;
  const char* field_ = nullptr;
  int32_t op_index_ = -1;
  int32_t tensor_index_ = -1;
  int32_t pool_index_ = -1;
  char message_[kMessageBytes];
};

// A check's outcome where a Status must not be copied: the runtime validates and lowers an
// operator through a chain of checks within a device's 2 KiB stack, and a Status holds its
// message. Ok, or the failure itself: the Status the check wrote, which its caller owns and which
// outlives the chain. One pointer, returned in a register; a failure exists only once written.
class [[nodiscard]] StatusRef {
 public:
  static constexpr StatusRef Ok() { return StatusRef(nullptr); }
  // `failed` already holds the error (not ok).
  static StatusRef Failed(const Status& failed) { return StatusRef(&failed); }

  bool ok() const { return failed_ == nullptr; }
  // The error; only when !ok().
  const Status& status() const { return *failed_; }

 private:
  constexpr explicit StatusRef(const Status* failed) : failed_(failed) {}
  const Status* failed_;
};

}  // namespace arenastore

// Returns early from the enclosing function when `expr` yields a failed StatusRef (passing the
// reference on: nothing is copied).
#define ARENASTORE_RETURN_IF_FAILED(expr)                   \
  do {                                                      \
    const ::arenastore::StatusRef arenastore_ref_ = (expr); \
    if (!arenastore_ref_.ok()) return arenastore_ref_;      \
  } while (0)

// Returns early from the enclosing function when `expr` yields a non-ok Status.
#define ARENASTORE_RETURN_IF_ERROR(expr)                     \
  do {                                                       \
    ::arenastore::Status arenastore_status_ = (expr);        \
    if (!arenastore_status_.ok()) return arenastore_status_; \
  } while (0)

// Returns Status::Error(code, ...) when `cond` is false.
#define ARENASTORE_CHECK_OR_RETURN(cond, code, ...)                     \
  do {                                                                  \
    if (!(cond)) return ::arenastore::Status::Error(code, __VA_ARGS__); \
  } while (0)
