#include "store/push.h"

#include "store/names.h"
#include "store/transaction.h"
#include "store/version_rows.h"

namespace arenastore::store {
namespace {

// The model's latest version if it already holds this artifact, else 0.
Result<int64_t> LatestVersionHolding(Database& db, int64_t model_id, int64_t artifact_id) {
  ARENASTORE_ASSIGN_OR_RETURN(Statement latest,
                              db.Prepare("SELECT version, artifact_id FROM versions WHERE "
                                         "model_id = ? ORDER BY version DESC LIMIT 1"));
  ARENASTORE_RETURN_IF_ERROR(latest.Bind(1, model_id));
  ARENASTORE_ASSIGN_OR_RETURN(const bool found, latest.Step());
  return found && latest.ColumnInt(1) == artifact_id ? latest.ColumnInt(0) : int64_t{0};
}

Result<int64_t> InsertVersion(Database& db, int64_t model_id, int64_t artifact_id,
                              const PushRequest& request) {
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement next, db.Prepare("UPDATE models SET last_version = last_version + 1 WHERE id = ? "
                                 "RETURNING last_version"));
  ARENASTORE_RETURN_IF_ERROR(next.Bind(1, model_id));
  ARENASTORE_ASSIGN_OR_RETURN(const bool updated, next.Step());
  ARENASTORE_CHECK_OR_RETURN(updated, ErrorCode::kStore, "model row vanished during push");
  const int64_t version = next.ColumnInt(0);
  ARENASTORE_RETURN_IF_ERROR(next.Run());
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement insert, db.Prepare("INSERT INTO versions (model_id, version, artifact_id, note, "
                                   "derived_from_sha256) VALUES (?, ?, ?, ?, ?)"));
  ARENASTORE_RETURN_IF_ERROR(insert.BindAll(model_id, version, artifact_id, request.note));
  if (request.derived_from_sha256.empty()) {
    ARENASTORE_RETURN_IF_ERROR(insert.BindNull(5));
  } else {
    ARENASTORE_RETURN_IF_ERROR(insert.Bind(5, request.derived_from_sha256));
  }
  ARENASTORE_RETURN_IF_ERROR(insert.Run());
  return version;
}

// The note `version` of the model was pushed with.
Result<std::string> StoredNote(Database& db, int64_t model_id, int64_t version) {
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement note,
      db.Prepare("SELECT coalesce(note, '') FROM versions WHERE model_id = ? AND version = ?"));
  ARENASTORE_RETURN_IF_ERROR(note.BindAll(model_id, version));
  ARENASTORE_ASSIGN_OR_RETURN(const bool found, note.Step());
  ARENASTORE_CHECK_OR_RETURN(found, ErrorCode::kStore, "version row vanished during push");
  return note.ColumnText(0);
}

Status ValidateRequest(const PushRequest& request) {
  ARENASTORE_RETURN_IF_ERROR(ValidateModelName(request.model));
  if (!request.alias.empty()) ARENASTORE_RETURN_IF_ERROR(ValidateAlias(request.alias));
  return Status::Ok();
}

}  // namespace

Result<PushResult> Push(Registry& registry, std::span<const uint8_t> bytes,
                        const PushRequest& request) {
  ARENASTORE_RETURN_IF_ERROR(ValidateRequest(request));
  auto metadata = ReadArtifactMetadata(bytes);
  if (!metadata.ok()) {
    Status status = metadata.status();
    return status.WithContext("push %s: not a valid artifact, nothing stored",
                              request.model.c_str());
  }
  return PushVerified(registry, bytes, *metadata, request);
}

namespace {

// The writes of one push, inside a transaction the caller owns.
Result<PushResult> PushInTransaction(Database& db, const PushItem& item) {
  const PushRequest& request = item.request;
  PushResult result;
  result.model = request.model;
  result.sha256 = item.metadata->sha256;
  result.size_bytes = item.metadata->size_bytes;
  result.alias = request.alias;
  ARENASTORE_ASSIGN_OR_RETURN(const auto artifact,
                              FindOrInsertArtifact(db, item.bytes, *item.metadata));
  result.new_artifact = artifact.second;
  ARENASTORE_ASSIGN_OR_RETURN(const int64_t model_id, FindOrInsertModel(db, request.model));
  ARENASTORE_ASSIGN_OR_RETURN(result.version, LatestVersionHolding(db, model_id, artifact.first));
  result.new_version = result.version == 0;
  if (result.new_version) {
    ARENASTORE_ASSIGN_OR_RETURN(result.version,
                                InsertVersion(db, model_id, artifact.first, request));
  } else if (!request.note.empty()) {
    ARENASTORE_ASSIGN_OR_RETURN(result.stored_note, StoredNote(db, model_id, result.version));
    result.note_not_recorded = result.stored_note != request.note;
  }
  if (!request.alias.empty()) {
    ARENASTORE_RETURN_IF_ERROR(SetAliasRow(db, model_id, request.alias, result.version));
  }
  return result;
}

}  // namespace

Result<PushResult> PushVerified(Registry& registry, std::span<const uint8_t> bytes,
                                const ArtifactMetadata& metadata, const PushRequest& request) {
  const PushItem item{bytes, &metadata, request};
  ARENASTORE_ASSIGN_OR_RETURN(std::vector<PushResult> results, PushMany(registry, {&item, 1}));
  return results.front();
}

Result<std::vector<PushResult>> PushMany(Registry& registry, std::span<const PushItem> items) {
  for (const PushItem& item : items) ARENASTORE_RETURN_IF_ERROR(ValidateRequest(item.request));
  Database& db = registry.db();
  ARENASTORE_ASSIGN_OR_RETURN(Transaction transaction, Transaction::Begin(db));
  std::vector<PushResult> results;
  for (const PushItem& item : items) {
    auto result = PushInTransaction(db, item);
    if (!result.ok()) {
      Status status = result.status();
      return status.WithContext("push %s", item.request.model.c_str());
    }
    results.push_back(std::move(result.value()));
  }
  ARENASTORE_RETURN_IF_ERROR(transaction.Commit());
  return results;
}

}  // namespace arenastore::store
