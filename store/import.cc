#include "store/import.h"

#include <cctype>

#include "store/names.h"
#include "store/reference.h"
#include "store/rollback_policy.h"
#include "store/signature_policy.h"
#include "store/signatures.h"
#include "store/transaction.h"
#include "store/version_rows.h"

namespace arenastore::store {
namespace {

bool IsLowerHexDigest(const std::string& text) {
  if (text.size() != 64) return false;
  for (char c : text) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  return true;
}

// The store's own timestamp shape, 2026-11-26T10:37:42.123Z; anything else becomes "now".
bool IsStoreTimestamp(const std::string& text) {
  constexpr std::string_view kShape = "dddd-dd-ddTdd:dd:dd.dddZ";
  if (text.size() != kShape.size()) return false;
  for (size_t i = 0; i < kShape.size(); ++i) {
    const bool digit = std::isdigit(static_cast<unsigned char>(text[i])) != 0;
    if (kShape[i] == 'd' ? !digit : text[i] != kShape[i]) return false;
  }
  return true;
}

Status ValidateItem(const ImportItem& item) {
  ARENASTORE_RETURN_IF_ERROR(ValidateModelName(item.model));
  for (const std::string& alias : item.aliases) ARENASTORE_RETURN_IF_ERROR(ValidateAlias(alias));
  ARENASTORE_CHECK_OR_RETURN(item.version >= 1, ErrorCode::kInvalidArgument,
                             "%s@%lld: version numbers start at 1", item.model.c_str(),
                             static_cast<long long>(item.version));
  ARENASTORE_CHECK_OR_RETURN(IsLowerHexDigest(item.sha256), ErrorCode::kInvalidArgument,
                             "%s@%lld: '%s' is not a sha256 digest", item.model.c_str(),
                             static_cast<long long>(item.version), item.sha256.c_str());
  ARENASTORE_CHECK_OR_RETURN(
      item.metadata == nullptr || item.metadata->sha256 == item.sha256, ErrorCode::kIntegrity,
      "%s@%lld: the bytes hash to sha256:%s, not the sha256:%s they were named by",
      item.model.c_str(), static_cast<long long>(item.version),
      item.metadata == nullptr ? "" : item.metadata->sha256.c_str(), item.sha256.c_str());
  return Status::Ok();
}

// The digest of model_id@version here, "" when there is no such version.
Result<std::string> DigestOfVersion(Database& db, int64_t model_id, int64_t version) {
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement query, db.Prepare("SELECT a.sha256 FROM versions v JOIN artifacts a ON a.id = "
                                  "v.artifact_id WHERE v.model_id = ? AND v.version = ?"));
  ARENASTORE_RETURN_IF_ERROR(query.BindAll(model_id, version));
  ARENASTORE_ASSIGN_OR_RETURN(const bool found, query.Step());
  return found ? query.ColumnText(0) : std::string();
}

Status RefuseOtherBytes(const ImportItem& item, const std::string& local_sha256) {
  return Status::Error(ErrorCode::kStoreConflict,
                       "%s@%lld here holds sha256:%.12s, the incoming %s@%lld holds sha256:%.12s; "
                       "versions are immutable, so nothing was imported. Keep this store's "
                       "version, or import into another store (--db)",
                       item.model.c_str(), static_cast<long long>(item.version),
                       local_sha256.c_str(), item.model.c_str(),
                       static_cast<long long>(item.version), item.sha256.c_str());
}

// Invariant 2 of migration 0005, checked here first for a message that says what to do.
Status RefuseReusedNumber(Database& db, int64_t model_id, const ImportItem& item) {
  ARENASTORE_ASSIGN_OR_RETURN(Statement removed,
                              db.Prepare("SELECT coalesce(sha256, '') FROM removed_versions "
                                         "WHERE model_id = ? AND version = ?"));
  ARENASTORE_RETURN_IF_ERROR(removed.BindAll(model_id, item.version));
  ARENASTORE_ASSIGN_OR_RETURN(const bool found, removed.Step());
  if (!found || removed.ColumnText(0) == item.sha256) return Status::Ok();
  return Status::Error(ErrorCode::kStoreConflict,
                       "%s@%lld was used and removed in this store; version numbers are never "
                       "reused, so the incoming %s@%lld (sha256:%.12s) cannot be stored here. "
                       "Import into another store (--db)",
                       item.model.c_str(), static_cast<long long>(item.version), item.model.c_str(),
                       static_cast<long long>(item.version), item.sha256.c_str());
}

Result<int64_t> StoredArtifactId(Database& db, const ImportItem& item, bool* inserted) {
  if (item.metadata != nullptr) {
    ARENASTORE_ASSIGN_OR_RETURN(const auto artifact,
                                FindOrInsertArtifact(db, item.bytes, *item.metadata));
    *inserted = artifact.second;
    return artifact.first;
  }
  ARENASTORE_ASSIGN_OR_RETURN(Statement find,
                              db.Prepare("SELECT id FROM artifacts WHERE sha256 = ?"));
  ARENASTORE_RETURN_IF_ERROR(find.Bind(1, item.sha256));
  ARENASTORE_ASSIGN_OR_RETURN(const bool found, find.Step());
  ARENASTORE_CHECK_OR_RETURN(found, ErrorCode::kInvalidArgument,
                             "%s@%lld: sha256:%.12s is not stored here and no bytes came with it",
                             item.model.c_str(), static_cast<long long>(item.version),
                             item.sha256.c_str());
  *inserted = false;
  return find.ColumnInt(0);
}

// The version row at the item's own number: as the new last_version when above it, else in
// the never-used gap below it (the schema's trigger re-checks both).
Status InsertVersionAtItsNumber(Database& db, int64_t model_id, int64_t artifact_id,
                                const ImportItem& item) {
  ARENASTORE_ASSIGN_OR_RETURN(Statement raise,
                              db.Prepare("UPDATE models SET last_version = ?2 WHERE id = ?1 AND "
                                         "last_version < ?2"));
  ARENASTORE_RETURN_IF_ERROR(raise.BindAll(model_id, item.version));
  ARENASTORE_RETURN_IF_ERROR(raise.Run());
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement insert, db.Prepare("INSERT INTO versions (model_id, version, artifact_id, note, "
                                   "derived_from_sha256) VALUES (?, ?, ?, ?, ?)"));
  ARENASTORE_RETURN_IF_ERROR(insert.BindAll(model_id, item.version, artifact_id, item.note));
  if (IsLowerHexDigest(item.derived_from_sha256)) {
    ARENASTORE_RETURN_IF_ERROR(insert.Bind(5, item.derived_from_sha256));
  } else {
    ARENASTORE_RETURN_IF_ERROR(insert.BindNull(5));
  }
  return insert.Run();
}

// Stores the signatures that verify over the version's manifest; counts the rest.
Status StoreSignatures(Database& db, const ResolvedVersion& version,
                       const std::vector<ImportedSignature>& signatures, ImportResult* result) {
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement insert,
      db.Prepare("INSERT INTO signatures (artifact_id, model_id, version, public_key, signature, "
                 "signed_at) VALUES (?, ?, ?, ?, ?, coalesce(?, strftime('%Y-%m-%dT%H:%M:%fZ', "
                 "'now'))) ON CONFLICT (model_id, version, public_key) DO NOTHING RETURNING id"));
  const std::string manifest = SignedManifest(version);
  const std::span<const uint8_t> message(reinterpret_cast<const uint8_t*>(manifest.data()),
                                         manifest.size());
  for (const ImportedSignature& signature : signatures) {
    ++result->signatures_found;
    if (!VerifySignature(signature.public_key, message, signature.signature)) {
      ++result->signatures_invalid;
      continue;
    }
    ++result->signatures_verified;
    ARENASTORE_RETURN_IF_ERROR(
        insert.BindAll(version.artifact_id, version.model_id, version.version));
    ARENASTORE_RETURN_IF_ERROR(insert.BindBlob(4, signature.public_key));
    ARENASTORE_RETURN_IF_ERROR(insert.BindBlob(5, signature.signature));
    ARENASTORE_RETURN_IF_ERROR(IsStoreTimestamp(signature.signed_at)
                                   ? insert.Bind(6, signature.signed_at)
                                   : insert.BindNull(6));
    ARENASTORE_ASSIGN_OR_RETURN(const bool inserted, insert.Step());
    if (inserted) ++result->signatures_added;
    ARENASTORE_RETURN_IF_ERROR(insert.Reset());
  }
  return Status::Ok();
}

Result<ResolvedVersion> ResolveVersion(Registry& registry, const std::string& model,
                                       int64_t version) {
  Reference reference;
  reference.kind = Reference::Kind::kVersion;
  reference.model = model;
  reference.version = version;
  return Resolve(registry, reference);
}

Result<ImportResult> ImportOne(Registry& registry, const ImportItem& item, bool allow_rollback) {
  Database& db = registry.db();
  ImportResult result{item.model, item.version, item.sha256, false, false, 0, 0, 0,
                      0,          item.aliases, {}};
  ARENASTORE_ASSIGN_OR_RETURN(const int64_t model_id, FindOrInsertModel(db, item.model));
  ARENASTORE_ASSIGN_OR_RETURN(const std::string local, DigestOfVersion(db, model_id, item.version));
  if (!local.empty() && local != item.sha256) return RefuseOtherBytes(item, local);
  if (local.empty()) {
    ARENASTORE_RETURN_IF_ERROR(RefuseReusedNumber(db, model_id, item));
    ARENASTORE_ASSIGN_OR_RETURN(const int64_t artifact_id,
                                StoredArtifactId(db, item, &result.new_artifact));
    ARENASTORE_RETURN_IF_ERROR(InsertVersionAtItsNumber(db, model_id, artifact_id, item));
    result.new_version = true;
  }
  ARENASTORE_ASSIGN_OR_RETURN(const ResolvedVersion version,
                              ResolveVersion(registry, item.model, item.version));
  ARENASTORE_RETURN_IF_ERROR(StoreSignatures(db, version, item.signatures, &result));
  for (const std::string& alias : item.aliases) {
    ARENASTORE_ASSIGN_OR_RETURN(
        const int64_t past,
        MoveAliasUnderPolicy(registry, {model_id, item.model, alias, item.version, allow_rollback,
                                        AliasMover::kPull}));
    if (past > 0) result.rolled_back.emplace_back(alias, past);
  }
  return result;
}

}  // namespace

Result<std::vector<ImportResult>> ImportVersions(Registry& registry,
                                                 std::span<const ImportItem> items,
                                                 bool allow_rollback) {
  for (const ImportItem& item : items) ARENASTORE_RETURN_IF_ERROR(ValidateItem(item));
  ARENASTORE_ASSIGN_OR_RETURN(Transaction transaction, Transaction::Begin(registry.db()));
  std::vector<ImportResult> results;
  for (const ImportItem& item : items) {
    auto result = ImportOne(registry, item, allow_rollback);
    if (!result.ok()) {
      Status status = result.status();
      return status.WithContext("import %s@%lld", item.model.c_str(),
                                static_cast<long long>(item.version));
    }
    results.push_back(std::move(result.value()));
  }
  // The policy reads what this transaction wrote; a refusal rolls all of it back.
  for (const ImportResult& result : results) {
    ARENASTORE_ASSIGN_OR_RETURN(const ResolvedVersion version,
                                ResolveVersion(registry, result.model, result.version));
    ARENASTORE_RETURN_IF_ERROR(EnforceSignaturePolicy(registry, version));
  }
  ARENASTORE_RETURN_IF_ERROR(transaction.Commit());
  return results;
}

Result<std::string> LocalVersionDigest(Registry& registry, const std::string& model,
                                       int64_t version) {
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement query,
      registry.db().Prepare("SELECT a.sha256 FROM versions v JOIN models m ON m.id = v.model_id "
                            "JOIN artifacts a ON a.id = v.artifact_id WHERE m.name = ? AND "
                            "v.version = ?"));
  ARENASTORE_RETURN_IF_ERROR(query.BindAll(model, version));
  ARENASTORE_ASSIGN_OR_RETURN(const bool found, query.Step());
  return found ? query.ColumnText(0) : std::string();
}

}  // namespace arenastore::store
