#include "tools/artifact_source.h"

#include "store/sha256.h"

namespace arenastore::cli {

Result<LoadedArtifact> LoadArtifact(const std::string& source) {
  LoadedArtifact artifact;
  artifact.source = source;
  ARENASTORE_ASSIGN_OR_RETURN(artifact.bytes, ReadFileAligned(source));
  artifact.sha256 = store::Sha256Hex(artifact.bytes.span());
  return artifact;
}

Result<runtime::ArtifactView> OpenView(const LoadedArtifact& artifact) {
  auto view = runtime::ArtifactView::Create(artifact.bytes.span());
  if (!view.ok()) {
    Status status = view.status();
    status.WithContext("%s is not a valid artifact", artifact.source.c_str());
    return Status::Error(status.code(), "%s; re-create it with `arenastore compile`",
                         status.message());
  }
  return view;
}

}  // namespace arenastore::cli
