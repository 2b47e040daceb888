// Helpers shared by the artifact validation files: the kFormatInvalidField constructor and
// a bounded shape printer for messages ("[1,8,8,3]"). Internal to runtime/ validation.
// Freestanding, never allocates; every message is truncated to the Status capacity.
#pragma once

#include <cstdarg>

#include "base/status.h"
#include "runtime/schema/artifact_schema.h"

namespace arenastore::runtime {

// kFormatInvalidField with `static_field` (a string literal) as the Status field.
Status InvalidField(const char* static_field, const char* format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

// For chains of checks: writes kFormatInvalidField (with `static_field`) into *status and
// returns a StatusRef to it, so a chain of checks copies no Status on the way out.
StatusRef Reject(Status* status, const char* static_field, const char* format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

struct ShapeText {
  char text[96];
};
// "[1,8,8,3]"; "[]" for a scalar or a missing shape; "...]" when it does not fit.
ShapeText FormatShape(const schema::Tensor& tensor);

}  // namespace arenastore::runtime
