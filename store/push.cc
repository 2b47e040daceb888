#include "store/push.h"

#include "store/names.h"
#include "store/transaction.h"

namespace arenastore::store {
namespace {

Status InsertOperatorsAndPools(Database& db, int64_t artifact_id,
                               const ArtifactMetadata& metadata) {
  ARENASTORE_ASSIGN_OR_RETURN(Statement op, db.Prepare("INSERT INTO operators (artifact_id, "
                                                       "op_index, kind, scratch_bytes) VALUES "
                                                       "(?, ?, ?, ?)"));
  for (const OperatorRecord& record : metadata.operators) {
    ARENASTORE_RETURN_IF_ERROR(op.BindAll(artifact_id, int64_t{record.index}, record.kind,
                                          static_cast<int64_t>(record.scratch_bytes)));
    ARENASTORE_RETURN_IF_ERROR(op.Run());
    ARENASTORE_RETURN_IF_ERROR(op.Reset());
  }
  ARENASTORE_ASSIGN_OR_RETURN(Statement pool,
                              db.Prepare("INSERT INTO pools (artifact_id, pool_index, name, kind, "
                                         "planned_bytes, alignment, capacity_bytes) VALUES "
                                         "(?, ?, ?, ?, ?, ?, ?)"));
  for (const PoolRecord& record : metadata.pools) {
    ARENASTORE_RETURN_IF_ERROR(pool.BindAll(artifact_id, int64_t{record.index}, record.name,
                                            record.kind, static_cast<int64_t>(record.planned_bytes),
                                            static_cast<int64_t>(record.alignment),
                                            static_cast<int64_t>(record.capacity_bytes)));
    ARENASTORE_RETURN_IF_ERROR(pool.Run());
    ARENASTORE_RETURN_IF_ERROR(pool.Reset());
  }
  return Status::Ok();
}

Result<int64_t> InsertArtifact(Database& db, std::span<const uint8_t> bytes,
                               const ArtifactMetadata& m) {
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement artifact,
      db.Prepare("INSERT INTO artifacts (sha256, size_bytes, format_major, format_minor, "
                 "producer, model_name, source_model_name, source_model_sha256, kernel_major, "
                 "kernel_minor, kernel_patch, kernel_version, target_isa, target_cpu, "
                 "operator_count, pool_count, planned_bytes, scratch_bytes, plan_algorithm, "
                 "lower_bound_bytes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                 "?, ?, ?)"));
  ARENASTORE_RETURN_IF_ERROR(artifact.BindAll(
      m.sha256, static_cast<int64_t>(m.size_bytes), int64_t{m.format_major},
      int64_t{m.format_minor}, m.producer, m.model_name, m.source_model_name, m.source_model_sha256,
      int64_t{m.kernel_major}, int64_t{m.kernel_minor}, int64_t{m.kernel_patch}, m.kernel_version,
      m.target_isa, m.target_cpu, static_cast<int64_t>(m.operators.size()),
      static_cast<int64_t>(m.pools.size()), static_cast<int64_t>(m.planned_bytes),
      static_cast<int64_t>(m.scratch_bytes), m.plan_algorithm,
      static_cast<int64_t>(m.lower_bound_bytes)));
  ARENASTORE_RETURN_IF_ERROR(artifact.Run());
  const int64_t artifact_id = db.LastInsertRowId();
  ARENASTORE_ASSIGN_OR_RETURN(Statement blob,
                              db.Prepare("INSERT INTO blobs (artifact_id, bytes) VALUES (?, ?)"));
  ARENASTORE_RETURN_IF_ERROR(blob.Bind(1, artifact_id));
  ARENASTORE_RETURN_IF_ERROR(blob.BindBlobStatic(2, bytes));
  ARENASTORE_RETURN_IF_ERROR(blob.Run());
  ARENASTORE_RETURN_IF_ERROR(InsertOperatorsAndPools(db, artifact_id, m));
  return artifact_id;
}

// The stored artifact with these bytes, inserting it if new. Returns {id, inserted}.
Result<std::pair<int64_t, bool>> FindOrInsertArtifact(Database& db, std::span<const uint8_t> bytes,
                                                      const ArtifactMetadata& metadata) {
  ARENASTORE_ASSIGN_OR_RETURN(Statement find,
                              db.Prepare("SELECT id FROM artifacts WHERE sha256 = ?"));
  ARENASTORE_RETURN_IF_ERROR(find.Bind(1, metadata.sha256));
  ARENASTORE_ASSIGN_OR_RETURN(const bool found, find.Step());
  if (found) return std::make_pair(find.ColumnInt(0), false);
  ARENASTORE_ASSIGN_OR_RETURN(const int64_t id, InsertArtifact(db, bytes, metadata));
  return std::make_pair(id, true);
}

Result<int64_t> FindOrInsertModel(Database& db, const std::string& name) {
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement insert, db.Prepare("INSERT INTO models (name) VALUES (?) ON CONFLICT (name) DO "
                                   "NOTHING"));
  ARENASTORE_RETURN_IF_ERROR(insert.Bind(1, name));
  ARENASTORE_RETURN_IF_ERROR(insert.Run());
  ARENASTORE_ASSIGN_OR_RETURN(Statement find, db.Prepare("SELECT id FROM models WHERE name = ?"));
  ARENASTORE_RETURN_IF_ERROR(find.Bind(1, name));
  ARENASTORE_ASSIGN_OR_RETURN(const bool found, find.Step());
  ARENASTORE_CHECK_OR_RETURN(found, ErrorCode::kStore, "model %s vanished during push",
                             name.c_str());
  return find.ColumnInt(0);
}

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
  }
  if (!request.alias.empty()) {
    ARENASTORE_ASSIGN_OR_RETURN(
        Statement alias,
        db.Prepare("INSERT INTO aliases (model_id, alias, version) VALUES (?, ?, ?) ON CONFLICT "
                   "(model_id, alias) DO UPDATE SET version = excluded.version, updated_at = "
                   "excluded.updated_at"));
    ARENASTORE_RETURN_IF_ERROR(alias.BindAll(model_id, request.alias, result.version));
    ARENASTORE_RETURN_IF_ERROR(alias.Run());
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
