// StoreInfo: what `arenastore db info` reports — schema version (and whether it needs
// `db migrate`), counts of models, versions, artifacts, aliases, keys and signatures, stored
// bytes, file size and the signature policy. Works on a store at any schema version this
// binary knows (counts only at the latest schema), so it can say what a migration would do.
// Errors: kStoreForeignDatabase, kStore. Heap OK.
#pragma once

#include <cstdint>
#include <string>

#include "base/result.h"
#include "store/database.h"

namespace arenastore::store {

struct StoreInfo {
  std::string path;
  int32_t schema_version = 0;
  int32_t latest_schema_version = 0;
  std::string journal_mode;
  int64_t file_bytes = 0;  // page_size * page_count
  int64_t free_bytes = 0;  // pages on the freelist, reusable without growing the file
  bool counted = false;    // false when the schema is not the latest (counts left at 0)
  int64_t models = 0;
  int64_t versions = 0;
  int64_t artifacts = 0;
  int64_t artifact_bytes = 0;
  int64_t unreferenced_artifacts = 0;
  int64_t aliases = 0;
  int64_t trusted_keys = 0;
  int64_t signatures = 0;
  bool require_signature = false;
};

Result<StoreInfo> ReadStoreInfo(Database& db);

}  // namespace arenastore::store
