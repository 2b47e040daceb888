#include "store/version_rows.h"

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

}  // namespace

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

Status SetAliasRow(Database& db, int64_t model_id, const std::string& alias, int64_t version) {
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement upsert,
      db.Prepare("INSERT INTO aliases (model_id, alias, version) VALUES (?, ?, ?) ON CONFLICT "
                 "(model_id, alias) DO UPDATE SET version = excluded.version, updated_at = "
                 "excluded.updated_at"));
  ARENASTORE_RETURN_IF_ERROR(upsert.BindAll(model_id, alias, version));
  return upsert.Run();
}

}  // namespace arenastore::store
