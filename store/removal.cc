#include "store/removal.h"

#include <string>

#include "store/transaction.h"

namespace arenastore::store {
namespace {

Status RefuseIfAliased(Database& db, const ResolvedVersion& version) {
  ARENASTORE_ASSIGN_OR_RETURN(Statement aliases,
                              db.Prepare("SELECT group_concat(alias, ', ') FROM (SELECT alias "
                                         "FROM aliases WHERE model_id = ? AND version = ? ORDER "
                                         "BY alias)"));
  ARENASTORE_RETURN_IF_ERROR(aliases.BindAll(version.model_id, version.version));
  ARENASTORE_ASSIGN_OR_RETURN(const bool row, aliases.Step());
  if (!row || aliases.ColumnIsNull(0)) return Status::Ok();
  const std::string names = aliases.ColumnText(0);
  return Status::Error(ErrorCode::kStoreConflict,
                       "%s is still the target of alias(es) %s; move them first (`arenastore "
                       "alias set %s ALIAS VERSION`) or remove them (`arenastore alias rm`)",
                       version.Name().c_str(), names.c_str(), version.model.c_str());
}

}  // namespace

Result<ResolvedVersion> RemoveVersion(Registry& registry, std::string_view reference) {
  ARENASTORE_ASSIGN_OR_RETURN(const Reference parsed, ParseReference(reference));
  ARENASTORE_CHECK_OR_RETURN(parsed.kind != Reference::Kind::kDigest, ErrorCode::kInvalidArgument,
                             "rm removes a model version (e.g. kws@3), not a digest; unreferenced "
                             "artifacts are removed by `arenastore gc`");
  Database& db = registry.db();
  ARENASTORE_ASSIGN_OR_RETURN(Transaction transaction, Transaction::Begin(db));
  ARENASTORE_ASSIGN_OR_RETURN(const ResolvedVersion version, Resolve(registry, parsed));
  ARENASTORE_RETURN_IF_ERROR(RefuseIfAliased(db, version));
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement remove, db.Prepare("DELETE FROM versions WHERE model_id = ? AND version = ?"));
  ARENASTORE_RETURN_IF_ERROR(remove.BindAll(version.model_id, version.version));
  ARENASTORE_RETURN_IF_ERROR(remove.Run());
  ARENASTORE_RETURN_IF_ERROR(transaction.Commit());
  return version;
}

Result<GarbageReport> CollectGarbage(Registry& registry) {
  Database& db = registry.db();
  ARENASTORE_ASSIGN_OR_RETURN(Transaction transaction, Transaction::Begin(db));
  constexpr const char* kUnreferenced =
      "FROM artifacts WHERE NOT EXISTS (SELECT 1 FROM versions v WHERE v.artifact_id = "
      "artifacts.id)";
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement count,
      db.Prepare(std::string("SELECT count(*), coalesce(sum(size_bytes), 0) ") + kUnreferenced));
  ARENASTORE_ASSIGN_OR_RETURN(const bool row, count.Step());
  GarbageReport report;
  if (row) {
    report.artifacts_removed = count.ColumnInt(0);
    report.bytes_freed = static_cast<uint64_t>(count.ColumnInt(1));
  }
  // Blobs, operators, pools and signatures go with their artifact (ON DELETE CASCADE).
  ARENASTORE_RETURN_IF_ERROR(db.Exec(std::string("DELETE ") + kUnreferenced));
  ARENASTORE_RETURN_IF_ERROR(transaction.Commit());
  return report;
}

}  // namespace arenastore::store
