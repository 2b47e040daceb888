// Reading a key file (PEM) named on the command line: `sign --key`, `key trust` and
// `audit --fix --sign-with` take the same files, read the same way. Host-only.
// Errors: kNotFound when the file cannot be read.
#pragma once

#include <string>

#include "base/result.h"

namespace arenastore::cli {

Result<std::string> ReadKeyFile(const std::string& path);

}  // namespace arenastore::cli
