// The rows a model version brings into the store (artifact, blob, operators, pools, model name,
// alias), found or written inside a transaction the caller owns. Called by push (new versions)
// and import (versions pulled from a remote), so both write them the same way.
// The metadata must come from ReadArtifactMetadata over exactly these bytes. Errors: kStore.
// Heap OK.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <utility>

#include "base/result.h"
#include "store/artifact_metadata.h"
#include "store/database.h"

namespace arenastore::store {

// The stored artifact with these bytes, inserting it if new. Returns {id, inserted}.
Result<std::pair<int64_t, bool>> FindOrInsertArtifact(Database& db, std::span<const uint8_t> bytes,
                                                      const ArtifactMetadata& metadata);

Result<int64_t> FindOrInsertModel(Database& db, const std::string& name);

// Points `alias` at `version` of the model, creating it or moving it (journaled by triggers).
Status SetAliasRow(Database& db, int64_t model_id, const std::string& alias, int64_t version);

}  // namespace arenastore::store
