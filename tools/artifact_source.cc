#include "tools/artifact_source.h"

#include <cstring>
#include <filesystem>

#include "store/artifact_bytes.h"
#include "store/reference.h"
#include "store/sha256.h"
#include "store/signature_policy.h"
#include "tools/store_access.h"

namespace arenastore::cli {

namespace {

Result<LoadedArtifact> LoadFromStore(const std::string& reference, const std::string& db_flag) {
  auto registry = OpenRegistry(db_flag, false);
  if (!registry.ok()) {
    Status status = registry.status();
    return status.WithContext("there is no file %s, and as a store reference", reference.c_str());
  }
  ARENASTORE_ASSIGN_OR_RETURN(const store::ResolvedVersion version,
                              store::Resolve(*registry, reference));
  ARENASTORE_RETURN_IF_ERROR(store::EnforceSignaturePolicy(*registry, version));
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<uint8_t> bytes,
                              store::ReadArtifactBytes(*registry, version));
  LoadedArtifact artifact;
  artifact.source =
      reference == version.Name() ? reference : reference + " (" + version.Name() + ")";
  artifact.bytes = AlignedBytes(bytes.size());
  if (!bytes.empty()) std::memcpy(artifact.bytes.data(), bytes.data(), bytes.size());
  artifact.sha256 = version.sha256;  // ReadArtifactBytes re-hashed the bytes against it
  return artifact;
}

}  // namespace

Result<LoadedArtifact> LoadArtifact(const std::string& source, const std::string& db_flag) {
  std::error_code error;
  if (!std::filesystem::exists(source, error) && store::LooksLikeReference(source)) {
    return LoadFromStore(source, db_flag);
  }
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
