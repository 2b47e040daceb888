#include "store/artifact_bytes.h"

#include "store/sha256.h"

namespace arenastore::store {

Result<std::vector<uint8_t>> ReadArtifactBytes(Registry& registry, const ResolvedVersion& version) {
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement blob, registry.db().Prepare("SELECT bytes FROM blobs WHERE artifact_id = ?"));
  ARENASTORE_RETURN_IF_ERROR(blob.Bind(1, version.artifact_id));
  ARENASTORE_ASSIGN_OR_RETURN(const bool found, blob.Step());
  ARENASTORE_CHECK_OR_RETURN(found, ErrorCode::kIntegrity,
                             "%s: the stored bytes of sha256:%s are missing; the store is "
                             "damaged, run `arenastore verify`",
                             version.Name().c_str(), version.sha256.c_str());
  const auto bytes = blob.ColumnBlob(0);
  std::vector<uint8_t> copy(bytes.begin(), bytes.end());
  const std::string actual = Sha256Hex(copy);
  ARENASTORE_CHECK_OR_RETURN(
      actual == version.sha256 && copy.size() == version.size_bytes, ErrorCode::kIntegrity,
      "%s: the stored bytes do not match their digest (recorded sha256:%s, %llu bytes; found "
      "sha256:%s, %zu bytes); the store is damaged: run `arenastore verify` and restore from a "
      "backup or push the artifact again",
      version.Name().c_str(), version.sha256.c_str(),
      static_cast<unsigned long long>(version.size_bytes), actual.c_str(), copy.size());
  return copy;
}

}  // namespace arenastore::store
