#include "store/listing.h"

#include <map>
#include <utility>

#include "store/reference.h"

namespace arenastore::store {
namespace {

using AliasMap = std::map<std::pair<int64_t, int64_t>, std::vector<std::string>>;

// Aliases are few; reading them once beats a correlated subquery per listed version.
Result<AliasMap> ReadAliases(Database& db, int64_t model_id) {
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement query,
      db.Prepare(std::string("SELECT model_id, version, alias FROM aliases") +
                 (model_id != 0 ? " WHERE model_id = ?" : "") + " ORDER BY alias"));
  if (model_id != 0) ARENASTORE_RETURN_IF_ERROR(query.Bind(1, model_id));
  AliasMap aliases;
  while (true) {
    ARENASTORE_ASSIGN_OR_RETURN(const bool row, query.Step());
    if (!row) return aliases;
    aliases[{query.ColumnInt(0), query.ColumnInt(1)}].push_back(query.ColumnText(2));
  }
}

// The WHERE clause of the filters in use (bound as ?1 model, ?2 kernel version, ?3 ISA); only
// those appear, so the planner walks the versions primary key (model_id, version) backwards.
std::string WhereClause(const ListFilter& filter, int64_t model_id) {
  std::string where = " WHERE 1";
  if (model_id != 0) where += " AND v.model_id = ?1";
  if (!filter.kernel_version.empty()) {
    where += " AND (a.kernel_version = ?2 OR a.kernel_version LIKE ?2 || '.%')";
  }
  if (!filter.isa.empty()) where += " AND a.target_isa = ?3";
  return where;
}

Status BindFilter(Statement& query, const ListFilter& filter, int64_t model_id) {
  if (model_id != 0) ARENASTORE_RETURN_IF_ERROR(query.Bind(1, model_id));
  if (!filter.kernel_version.empty()) {
    ARENASTORE_RETURN_IF_ERROR(query.Bind(2, filter.kernel_version));
  }
  if (!filter.isa.empty()) ARENASTORE_RETURN_IF_ERROR(query.Bind(3, filter.isa));
  return Status::Ok();
}

Result<int64_t> CountVersions(Database& db, const ListFilter& filter, int64_t model_id) {
  // Without artifact filters the count is a walk of the versions key alone, no join.
  const bool needs_artifacts = !filter.kernel_version.empty() || !filter.isa.empty();
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement count,
      db.Prepare(std::string("SELECT count(*) FROM versions v") +
                 (needs_artifacts ? " JOIN artifacts a ON a.id = v.artifact_id" : "") +
                 WhereClause(filter, model_id)));
  ARENASTORE_RETURN_IF_ERROR(BindFilter(count, filter, model_id));
  ARENASTORE_ASSIGN_OR_RETURN(const bool row, count.Step());
  return row ? count.ColumnInt(0) : int64_t{0};
}

Result<VersionList> ReadVersions(Database& db, const ListFilter& filter, int64_t model_id) {
  ARENASTORE_ASSIGN_OR_RETURN(const AliasMap aliases, ReadAliases(db, model_id));
  std::string sql =
      "SELECT m.name, v.version, a.sha256, a.size_bytes, a.kernel_version, a.target_isa, "
      "a.planned_bytes, v.pushed_at, v.note, v.model_id FROM versions v JOIN models m ON m.id = "
      "v.model_id JOIN artifacts a ON a.id = v.artifact_id" +
      WhereClause(filter, model_id);
  // Newest first: within one model that is its version order (the primary key, walked backwards);
  // across models it is the push time, ties going to the later model and version.
  sql += model_id != 0 ? " ORDER BY v.version DESC"
                       : " ORDER BY v.pushed_at DESC, v.model_id DESC, v.version DESC";
  if (filter.limit > 0) sql += " LIMIT " + std::to_string(filter.limit);
  ARENASTORE_ASSIGN_OR_RETURN(Statement query, db.Prepare(sql));
  ARENASTORE_RETURN_IF_ERROR(BindFilter(query, filter, model_id));
  VersionList list;
  while (true) {
    ARENASTORE_ASSIGN_OR_RETURN(const bool more, query.Step());
    if (!more) break;
    VersionRow& row = list.rows.emplace_back();
    row.model = query.ColumnText(0);
    row.version = query.ColumnInt(1);
    row.sha256 = query.ColumnText(2);
    row.size_bytes = static_cast<uint64_t>(query.ColumnInt(3));
    row.kernel_version = query.ColumnText(4);
    row.target_isa = query.ColumnText(5);
    row.planned_bytes = static_cast<uint64_t>(query.ColumnInt(6));
    row.pushed_at = query.ColumnText(7);
    row.note = query.ColumnText(8);
    const auto found = aliases.find({query.ColumnInt(9), row.version});
    if (found != aliases.end()) row.aliases = found->second;
  }
  list.total = static_cast<int64_t>(list.rows.size());
  // Only a full page can hide more rows; count them only then.
  if (filter.limit > 0 && list.total == filter.limit) {
    ARENASTORE_ASSIGN_OR_RETURN(list.total, CountVersions(db, filter, model_id));
  }
  return list;
}

}  // namespace

Result<VersionList> ListVersions(Registry& registry, const ListFilter& filter) {
  int64_t model_id = 0;
  if (!filter.model.empty()) {
    ARENASTORE_ASSIGN_OR_RETURN(model_id, FindModelId(registry, filter.model));
  }
  // One read transaction: aliases, versions and the count come from the same snapshot.
  Database& db = registry.db();
  ARENASTORE_RETURN_IF_ERROR(db.Exec("BEGIN"));
  auto list = ReadVersions(db, filter, model_id);
  const Status ended = db.Exec(list.ok() ? "COMMIT" : "ROLLBACK");
  if (!list.ok()) return list.status();
  ARENASTORE_RETURN_IF_ERROR(ended);
  return list;
}

}  // namespace arenastore::store
