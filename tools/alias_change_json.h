// One alias move as `alias set|rm --json` reports it (model, alias, old and new version, the
// version rolled back past). Called by the alias verb and the Python module's Store.alias, so
// both report a move alike. Host-only.
#pragma once

#include <nlohmann/json.hpp>

#include "store/aliases.h"

namespace arenastore::cli {

nlohmann::json AliasChangeJson(const store::AliasChange& change);

}  // namespace arenastore::cli
