// Reading a key file (PEM) named on the command line: `sign --key`, `key trust` and
// `audit --fix --sign-with` take the same files, read the same way. Host-only.
// Errors: kNotFound when the file cannot be read; kInvalidArgument when `key trust` is given a
// private key (a private key handed around to be trusted is a leaked key).
#pragma once

#include <string>

#include "base/result.h"

namespace arenastore::cli {

Result<std::string> ReadKeyFile(const std::string& path);

// The public key text `key trust` was given: the contents of the file `argument` names, or the
// argument itself (64 hex digits). Refuses a private key, saying which file to pass instead.
Result<std::string> ReadPublicKeyArgument(const std::string& argument);

}  // namespace arenastore::cli
