#include "store/store_info.h"

#include "store/schema.h"

namespace arenastore::store {
namespace {

Status Count(Database& db, StoreInfo* info) {
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement counts,
      db.Prepare("SELECT (SELECT count(*) FROM models), (SELECT count(*) FROM versions), "
                 "(SELECT count(*) FROM artifacts), (SELECT coalesce(sum(size_bytes), 0) FROM "
                 "artifacts), (SELECT count(*) FROM artifacts a WHERE NOT EXISTS (SELECT 1 FROM "
                 "versions v WHERE v.artifact_id = a.id)), (SELECT count(*) FROM aliases), "
                 "(SELECT count(*) FROM trusted_keys), (SELECT count(*) FROM signatures), "
                 "(SELECT value = 'on' FROM settings WHERE name = 'require_signature')"));
  ARENASTORE_ASSIGN_OR_RETURN(const bool row, counts.Step());
  if (!row) return Status::Ok();
  info->counted = true;
  info->models = counts.ColumnInt(0);
  info->versions = counts.ColumnInt(1);
  info->artifacts = counts.ColumnInt(2);
  info->artifact_bytes = counts.ColumnInt(3);
  info->unreferenced_artifacts = counts.ColumnInt(4);
  info->aliases = counts.ColumnInt(5);
  info->trusted_keys = counts.ColumnInt(6);
  info->signatures = counts.ColumnInt(7);
  info->require_signature = counts.ColumnInt(8) != 0;
  return Status::Ok();
}

}  // namespace

Result<StoreInfo> ReadStoreInfo(Database& db) {
  StoreInfo info;
  info.path = db.path();
  info.latest_schema_version = LatestSchemaVersion();
  ARENASTORE_ASSIGN_OR_RETURN(const SchemaState state, ReadSchemaState(db));
  info.schema_version = state.version;
  ARENASTORE_ASSIGN_OR_RETURN(Statement mode, db.Prepare("PRAGMA journal_mode"));
  ARENASTORE_ASSIGN_OR_RETURN(const bool has_mode, mode.Step());
  if (has_mode) info.journal_mode = mode.ColumnText(0);
  ARENASTORE_ASSIGN_OR_RETURN(const int64_t page_size, db.QueryInt("PRAGMA page_size"));
  ARENASTORE_ASSIGN_OR_RETURN(const int64_t pages, db.QueryInt("PRAGMA page_count"));
  ARENASTORE_ASSIGN_OR_RETURN(const int64_t free_pages, db.QueryInt("PRAGMA freelist_count"));
  info.file_bytes = page_size * pages;
  info.free_bytes = page_size * free_pages;
  if (state.version == info.latest_schema_version) ARENASTORE_RETURN_IF_ERROR(Count(db, &info));
  return info;
}

}  // namespace arenastore::store
