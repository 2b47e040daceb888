#include "store/show.h"

namespace arenastore::store {
namespace {

Status ReadArtifactRow(Database& db, VersionDetails* details) {
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement row,
      db.Prepare("SELECT format_major, format_minor, producer, model_name, source_model_name, "
                 "source_model_sha256, kernel_major, kernel_minor, kernel_patch, target_cpu, "
                 "planned_bytes, scratch_bytes, plan_algorithm, lower_bound_bytes, stored_at "
                 "FROM artifacts WHERE id = ?"));
  ARENASTORE_RETURN_IF_ERROR(row.Bind(1, details->version.artifact_id));
  ARENASTORE_ASSIGN_OR_RETURN(const bool found, row.Step());
  ARENASTORE_CHECK_OR_RETURN(found, ErrorCode::kNotFound, "artifact %s vanished",
                             details->version.sha256.c_str());
  ArtifactMetadata& m = details->metadata;
  m.sha256 = details->version.sha256;
  m.size_bytes = details->version.size_bytes;
  m.kernel_version = details->version.kernel_version;
  m.target_isa = details->version.target_isa;
  m.format_major = static_cast<uint32_t>(row.ColumnInt(0));
  m.format_minor = static_cast<uint32_t>(row.ColumnInt(1));
  m.producer = row.ColumnText(2);
  m.model_name = row.ColumnText(3);
  m.source_model_name = row.ColumnText(4);
  m.source_model_sha256 = row.ColumnText(5);
  m.kernel_major = static_cast<uint32_t>(row.ColumnInt(6));
  m.kernel_minor = static_cast<uint32_t>(row.ColumnInt(7));
  m.kernel_patch = static_cast<uint32_t>(row.ColumnInt(8));
  m.target_cpu = row.ColumnText(9);
  m.planned_bytes = static_cast<uint64_t>(row.ColumnInt(10));
  m.scratch_bytes = static_cast<uint64_t>(row.ColumnInt(11));
  m.plan_algorithm = row.ColumnText(12);
  m.lower_bound_bytes = static_cast<uint64_t>(row.ColumnInt(13));
  details->stored_at = row.ColumnText(14);
  return Status::Ok();
}

Status ReadOperatorsAndPools(Database& db, VersionDetails* details) {
  ARENASTORE_ASSIGN_OR_RETURN(Statement ops,
                              db.Prepare("SELECT op_index, kind, scratch_bytes FROM operators "
                                         "WHERE artifact_id = ? ORDER BY op_index"));
  ARENASTORE_RETURN_IF_ERROR(ops.Bind(1, details->version.artifact_id));
  while (true) {
    ARENASTORE_ASSIGN_OR_RETURN(const bool row, ops.Step());
    if (!row) break;
    details->metadata.operators.push_back({static_cast<int32_t>(ops.ColumnInt(0)),
                                           ops.ColumnText(1),
                                           static_cast<uint64_t>(ops.ColumnInt(2)), ""});
  }
  ARENASTORE_ASSIGN_OR_RETURN(Statement pools,
                              db.Prepare("SELECT pool_index, name, kind, planned_bytes, alignment, "
                                         "capacity_bytes FROM pools WHERE artifact_id = ? ORDER BY "
                                         "pool_index"));
  ARENASTORE_RETURN_IF_ERROR(pools.Bind(1, details->version.artifact_id));
  while (true) {
    ARENASTORE_ASSIGN_OR_RETURN(const bool row, pools.Step());
    if (!row) return Status::Ok();
    details->metadata.pools.push_back(
        {static_cast<int32_t>(pools.ColumnInt(0)), pools.ColumnText(1), pools.ColumnText(2),
         static_cast<uint64_t>(pools.ColumnInt(3)), static_cast<uint32_t>(pools.ColumnInt(4)),
         static_cast<uint64_t>(pools.ColumnInt(5))});
  }
}

Status ReadVersionRow(Database& db, VersionDetails* details) {
  if (details->version.model_id == 0) return Status::Ok();
  ARENASTORE_ASSIGN_OR_RETURN(Statement row,
                              db.Prepare("SELECT pushed_at, note, coalesce(derived_from_sha256, "
                                         "'') FROM versions WHERE model_id = ? AND version = ?"));
  ARENASTORE_RETURN_IF_ERROR(row.BindAll(details->version.model_id, details->version.version));
  ARENASTORE_ASSIGN_OR_RETURN(const bool found, row.Step());
  if (!found) return Status::Ok();
  details->pushed_at = row.ColumnText(0);
  details->note = row.ColumnText(1);
  details->derived_from_sha256 = row.ColumnText(2);
  return Status::Ok();
}

Status ReadAliases(Database& db, VersionDetails* details) {
  if (details->version.model_id == 0) return Status::Ok();
  ARENASTORE_ASSIGN_OR_RETURN(Statement now,
                              db.Prepare("SELECT alias FROM aliases WHERE model_id = ? AND "
                                         "version = ? ORDER BY alias"));
  ARENASTORE_RETURN_IF_ERROR(now.BindAll(details->version.model_id, details->version.version));
  while (true) {
    ARENASTORE_ASSIGN_OR_RETURN(const bool row, now.Step());
    if (!row) break;
    details->aliases.push_back(now.ColumnText(0));
  }
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement moves,
      db.Prepare("SELECT m.alias, coalesce(m.old_version, 0), coalesce(m.new_version, 0), "
                 "m.moved_at, coalesce(r.newest_version, 0), coalesce(r.via, '') FROM "
                 "alias_moves m LEFT JOIN alias_rollbacks r ON r.move_id = m.id WHERE "
                 "m.model_id = ?1 AND (m.old_version = ?2 OR m.new_version = ?2) ORDER BY m.id"));
  ARENASTORE_RETURN_IF_ERROR(moves.BindAll(details->version.model_id, details->version.version));
  while (true) {
    ARENASTORE_ASSIGN_OR_RETURN(const bool row, moves.Step());
    if (!row) return Status::Ok();
    details->alias_history.push_back({moves.ColumnText(0), moves.ColumnInt(1), moves.ColumnInt(2),
                                      moves.ColumnText(3), moves.ColumnInt(4),
                                      moves.ColumnText(5)});
  }
}

Status ReadSignatures(Database& db, VersionDetails* details) {
  if (details->version.model_id == 0) return Status::Ok();
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement rows,
      db.Prepare("SELECT s.public_key, coalesce(k.name, ''), s.signed_at, coalesce(r.key_name, "
                 "'') FROM signatures s LEFT JOIN trusted_keys k ON k.public_key = s.public_key "
                 "LEFT JOIN key_revocations r ON r.public_key = s.public_key AND r.lifted_at IS "
                 "NULL WHERE s.model_id = ? AND s.version = ? ORDER BY s.id"));
  ARENASTORE_RETURN_IF_ERROR(rows.BindAll(details->version.model_id, details->version.version));
  while (true) {
    ARENASTORE_ASSIGN_OR_RETURN(const bool row, rows.Step());
    if (!row) return Status::Ok();
    const auto key = rows.ColumnBlob(0);
    details->signatures.push_back(
        {std::vector<uint8_t>(key.begin(), key.end()), rows.ColumnText(1), rows.ColumnText(2),
         rows.ColumnText(3)});
  }
}

Status ReadSameBytes(Database& db, VersionDetails* details) {
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement rows, db.Prepare("SELECT m.name, v.version FROM versions v JOIN models m ON m.id "
                                 "= v.model_id WHERE v.artifact_id = ? ORDER BY m.name, "
                                 "v.version LIMIT 50"));
  ARENASTORE_RETURN_IF_ERROR(rows.Bind(1, details->version.artifact_id));
  while (true) {
    ARENASTORE_ASSIGN_OR_RETURN(const bool row, rows.Step());
    if (!row) return Status::Ok();
    if (rows.ColumnText(0) == details->version.model &&
        rows.ColumnInt(1) == details->version.version) {
      continue;
    }
    details->same_bytes_as.push_back(rows.ColumnText(0) + "@" + std::to_string(rows.ColumnInt(1)));
  }
}

Status ReadDetails(Database& db, VersionDetails* details) {
  ARENASTORE_RETURN_IF_ERROR(ReadArtifactRow(db, details));
  ARENASTORE_RETURN_IF_ERROR(ReadOperatorsAndPools(db, details));
  ARENASTORE_RETURN_IF_ERROR(ReadVersionRow(db, details));
  ARENASTORE_RETURN_IF_ERROR(ReadAliases(db, details));
  ARENASTORE_RETURN_IF_ERROR(ReadSignatures(db, details));
  return ReadSameBytes(db, details);
}

// Resolves (unless already resolved) and reads in one read transaction, so every part
// describes the same snapshot even while other processes push or move aliases.
Result<VersionDetails> ShowInSnapshot(Registry& registry, std::string_view reference,
                                      const ResolvedVersion* resolved) {
  Database& db = registry.db();
  ARENASTORE_RETURN_IF_ERROR(db.Exec("BEGIN"));
  VersionDetails details;
  Status status;
  if (resolved != nullptr) {
    details.version = *resolved;
  } else {
    auto version = Resolve(registry, reference);
    status = version.status();
    if (version.ok()) details.version = *version;
  }
  if (status.ok()) status = ReadDetails(db, &details);
  const Status ended = db.Exec(status.ok() ? "COMMIT" : "ROLLBACK");
  ARENASTORE_RETURN_IF_ERROR(status);
  ARENASTORE_RETURN_IF_ERROR(ended);
  return details;
}

}  // namespace

Result<VersionDetails> Show(Registry& registry, const ResolvedVersion& version) {
  return ShowInSnapshot(registry, "", &version);
}

Result<VersionDetails> Show(Registry& registry, std::string_view reference) {
  return ShowInSnapshot(registry, reference, nullptr);
}

}  // namespace arenastore::store
