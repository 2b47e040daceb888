#include "store/listing.h"

#include "store/reference.h"

namespace arenastore::store {
namespace {

std::vector<std::string> SplitAliases(const std::string& text) {
  std::vector<std::string> aliases;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find(',', start);
    if (end == std::string::npos) end = text.size();
    aliases.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return aliases;
}

}  // namespace

Result<std::vector<VersionRow>> ListVersions(Registry& registry, const ListFilter& filter) {
  int64_t model_id = 0;
  if (!filter.model.empty()) {
    ARENASTORE_ASSIGN_OR_RETURN(model_id, FindModelId(registry, filter.model));
  }
  // Only the filters in use appear in the SQL, so the planner can walk the versions index.
  std::string sql =
      "SELECT m.name, v.version, a.sha256, a.size_bytes, a.kernel_version, a.target_isa, "
      "a.planned_bytes, v.pushed_at, v.note, (SELECT group_concat(alias, ',') FROM (SELECT "
      "alias FROM aliases al WHERE al.model_id = v.model_id AND al.version = v.version ORDER BY "
      "alias)) FROM versions v JOIN models m ON m.id = v.model_id JOIN artifacts a ON a.id = "
      "v.artifact_id WHERE 1";
  if (model_id != 0) sql += " AND v.model_id = ?1";
  if (!filter.kernel_version.empty()) {
    sql += " AND (a.kernel_version = ?2 OR a.kernel_version LIKE ?2 || '.%')";
  }
  if (!filter.isa.empty()) sql += " AND a.target_isa = ?3";
  sql += " ORDER BY m.name, v.version DESC";
  if (filter.limit > 0) sql += " LIMIT " + std::to_string(filter.limit);
  ARENASTORE_ASSIGN_OR_RETURN(Statement query, registry.db().Prepare(sql));
  if (model_id != 0) ARENASTORE_RETURN_IF_ERROR(query.Bind(1, model_id));
  if (!filter.kernel_version.empty()) {
    ARENASTORE_RETURN_IF_ERROR(query.Bind(2, filter.kernel_version));
  }
  if (!filter.isa.empty()) ARENASTORE_RETURN_IF_ERROR(query.Bind(3, filter.isa));
  std::vector<VersionRow> rows;
  while (true) {
    ARENASTORE_ASSIGN_OR_RETURN(const bool more, query.Step());
    if (!more) return rows;
    VersionRow row;
    row.model = query.ColumnText(0);
    row.version = query.ColumnInt(1);
    row.sha256 = query.ColumnText(2);
    row.size_bytes = static_cast<uint64_t>(query.ColumnInt(3));
    row.kernel_version = query.ColumnText(4);
    row.target_isa = query.ColumnText(5);
    row.planned_bytes = static_cast<uint64_t>(query.ColumnInt(6));
    row.pushed_at = query.ColumnText(7);
    row.note = query.ColumnText(8);
    row.aliases = SplitAliases(query.ColumnText(9));
    rows.push_back(std::move(row));
  }
}

}  // namespace arenastore::store
