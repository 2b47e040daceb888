// Where CLI verbs get artifacts from: a file path today (store references join with the
// registry). Loads the bytes 16-byte aligned, computes the digest, and opens the runtime's
// verified view, adding the path and a next step to any error. Host-only.
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

Result<LoadedArtifact> LoadArtifact(const std::string& source);

// The view refers to `artifact.bytes`, which must outlive it.
Result<runtime::ArtifactView> OpenView(const LoadedArtifact& artifact);

}  // namespace arenastore::cli
