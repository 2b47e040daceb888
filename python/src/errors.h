// Status -> Python exception, at the Python edge only: the class is chosen by the CLI's one
// exit-code mapping (tools/exit_code.h), and the message is the one the CLI prints, so
// `except GateRejected` catches exactly what exits 3. The classes live in arenastore/errors.py.
// Called by every binding that gets a Status or Result back; needs the GIL.
#pragma once

#include <string>

#include "base/result.h"

namespace arenastore::python {

// Raises the arenastore.errors class for `status`'s exit code; `details_json` (a verdict, for a
// gate rejection) rides along as the exception's details.
[[noreturn]] void Raise(const Status& status, const std::string& details_json = "");

inline void ThrowIfError(const Status& status) {
  if (!status.ok()) Raise(status);
}

template <typename T>
T ValueOrThrow(Result<T> result) {
  if (!result.ok()) Raise(result.status());
  return std::move(result.value());
}

}  // namespace arenastore::python
