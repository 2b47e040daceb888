// What this binary is, for `arenastore --version` and bug reports: arenastore's version, the
// kernel library it carries and the git commit it was built from (read when CMake configured the
// build; "unknown" outside a git checkout). Host-only; pure.
#pragma once

#include <string>

namespace arenastore::cli {

// "arenastore 0.1.0 (kernel library 1.4.0, commit 4522377c0f1e)".
std::string VersionText();

}  // namespace arenastore::cli
