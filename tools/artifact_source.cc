#include "tools/artifact_source.h"

#include <sys/stat.h>

#include <cstring>

#include "store/artifact_bytes.h"
#include "store/reference.h"
#include "store/sha256.h"
#include "store/signature_policy.h"
#include "tools/store_access.h"

namespace arenastore::cli {

namespace {

bool Exists(const std::string& path) {
  struct stat info;
  return lstat(path.c_str(), &info) == 0;
}

// A reference the store does not have may be a file's name typed without its extension.
Status WithFileHint(Status status, const std::string& reference) {
  const std::string file = reference + ".arena";
  if (status.code() != ErrorCode::kNotFound || !Exists(file)) return status;
  return Status::Error(status.code(), "%s; or did you mean the file %s?", status.message(),
                       file.c_str());
}

Result<LoadedArtifact> LoadFromStore(const std::string& reference, const std::string& db_flag) {
  auto registry = OpenRegistry(db_flag, StoreAccess::kRead);
  if (!registry.ok()) {
    Status status = registry.status();
    status.WithContext("%s is a store reference (a file would be ./%s)", reference.c_str(),
                       reference.c_str());
    return WithFileHint(status, reference);
  }
  auto resolved = store::Resolve(*registry, reference);
  if (!resolved.ok()) return WithFileHint(resolved.status(), reference);
  const store::ResolvedVersion& version = resolved.value();
  ARENASTORE_RETURN_IF_ERROR(store::EnforceSignaturePolicy(*registry, version));
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<uint8_t> bytes,
                              store::ReadArtifactBytes(*registry, version));
  LoadedArtifact artifact;
  artifact.source =
      reference == version.Name() ? reference : reference + " (" + version.Name() + ")";
  artifact.bytes = AlignedBytes(bytes.size());
  if (!bytes.empty()) std::memcpy(artifact.bytes.data(), bytes.data(), bytes.size());
  artifact.sha256 = version.sha256;  // ReadArtifactBytes re-hashed the bytes against it
  artifact.from_store = true;
  artifact.reference = version.Name();
  return artifact;
}

}  // namespace

Result<SourceKind> ClassifySource(std::string_view source) {
  if (source.starts_with("sha256:")) return SourceKind::kReference;
  if (!store::LooksLikeReference(source)) return SourceKind::kFile;
  const std::string text(source);
  if (Exists(text)) {
    return Status::Error(ErrorCode::kInvalidArgument,
                         "'%s' is both a file here and a store reference; write ./%s for the "
                         "file, or rename the file. A bare name always means the store, so a "
                         "file can never stand in for a stored version",
                         text.c_str(), text.c_str());
  }
  return SourceKind::kReference;
}

Result<LoadedArtifact> LoadArtifact(const std::string& source, const std::string& db_flag) {
  ARENASTORE_ASSIGN_OR_RETURN(const SourceKind kind, ClassifySource(source));
  if (kind == SourceKind::kReference) return LoadFromStore(source, db_flag);
  LoadedArtifact artifact;
  artifact.source = source;
  ARENASTORE_ASSIGN_OR_RETURN(artifact.bytes, ReadFileAligned(source));
  artifact.sha256 = store::Sha256Hex(artifact.bytes.span());
  return artifact;
}

Result<runtime::ArtifactView> OpenView(const LoadedArtifact& artifact) {
  auto view = runtime::ArtifactView::Create(artifact.bytes.span());
  if (view.ok()) return view;
  Status status = view.status();
  if (artifact.source.ends_with(".tflite")) {
    return Status::Error(status.code(),
                         "%s is a TensorFlow Lite model, not an artifact; compile it first: "
                         "`arenastore compile %s -o MODEL.arena`",
                         artifact.source.c_str(), artifact.source.c_str());
  }
  status.WithContext("%s is not a valid artifact", artifact.source.c_str());
  return Status::Error(status.code(), "%s; re-create it with `arenastore compile`",
                       status.message());
}

}  // namespace arenastore::cli
