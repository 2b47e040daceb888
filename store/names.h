// Validation of the names users give the store: model names and aliases. Called by push,
// alias set and reference parsing so a bad name fails with a message saying what is allowed
// (kInvalidArgument) before any SQL runs; the schema's CHECK constraints enforce the same
// rules as a last line. Heap OK.
#pragma once

#include <string_view>

#include "base/status.h"

namespace arenastore::store {

// 1-128 of [A-Za-z0-9._-], starting with a letter or digit.
Status ValidateModelName(std::string_view name);
// 1-64 of [A-Za-z0-9._-], starting with a letter (so `kws@3` is always a version number),
// and not "latest" (`kws@latest` is the newest version).
Status ValidateAlias(std::string_view alias);

}  // namespace arenastore::store
