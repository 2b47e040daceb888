// Show: everything the store knows about one model version, for `arenastore show REF`:
// the artifact's metadata, its per-operator scratch table and pools (from the index tables,
// not the blob), the aliases pointing at it and their journal, its signatures, and lineage
// (source model, the artifact it was re-planned from, other versions holding the same bytes).
// Heap OK; a handful of indexed point queries. Errors: those of Resolve, kStore.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "store/artifact_metadata.h"
#include "store/reference.h"
#include "store/registry.h"

namespace arenastore::store {

struct AliasMove {
  std::string alias;
  int64_t old_version = 0;  // 0: created
  int64_t new_version = 0;  // 0: removed
  std::string moved_at;
  // > 0: a move below this version allowed by --allow-rollback (migration 0010), made by
  // rollback_via ("alias" or "pull")
  int64_t rolled_back_past = 0;
  std::string rollback_via;
};

struct SignatureRow {
  std::vector<uint8_t> public_key;
  std::string key_name;    // the trusted key's name, empty if the key is not trusted
  std::string signed_at;
  std::string revoked_as;  // the key's name when it is revoked (key_revocations.h), else empty
};

struct VersionDetails {
  ResolvedVersion version;
  ArtifactMetadata metadata;  // sha256, size and everything indexed at push
  std::string pushed_at;
  std::string stored_at;
  std::string note;
  std::string derived_from_sha256;
  std::vector<std::string> aliases;        // pointing at this version now
  std::vector<AliasMove> alias_history;    // moves of the model's aliases touching this version
  std::vector<SignatureRow> signatures;    // rows only; see signatures.h to verify them
  std::vector<std::string> same_bytes_as;  // other model@version holding the same artifact
};

Result<VersionDetails> Show(Registry& registry, std::string_view reference);
Result<VersionDetails> Show(Registry& registry, const ResolvedVersion& version);

}  // namespace arenastore::store
