// Where CLI verbs get artifacts from: a file path, or, when no file exists there, a store
// reference (kws, kws@3, kws@prod, sha256:<hex>) resolved in the store named by --db /
// $ARENASTORE_DB. Store bytes are re-hashed on the way out and the store's signature policy is
// enforced (kSignature, exit 4). Loads the bytes 16-byte aligned, computes the digest, and
// opens the runtime's verified view, adding the source and a next step to any error. Host-only.
#pragma once

#include <string>

#include "base/result.h"
#include "runtime/artifact_view.h"
#include "tools/aligned_bytes.h"

namespace arenastore::cli {

struct LoadedArtifact {
  std::string source;  // as the user named it
  AlignedBytes bytes;
  std::string sha256;
};

// `db_flag`: the verb's --db value (empty: $ARENASTORE_DB, else ./arenastore.db).
Result<LoadedArtifact> LoadArtifact(const std::string& source, const std::string& db_flag = "");

// The view refers to `artifact.bytes`, which must outlive it.
Result<runtime::ArtifactView> OpenView(const LoadedArtifact& artifact);

}  // namespace arenastore::cli
