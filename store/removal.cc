#include "store/removal.h"

#include <optional>
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

// Devices running the version would be left running nothing the store knows (the schema's
// trigger refuses it too, in SQLite's words); say which, and what to do.
Status RefuseIfDeployed(Database& db, const ResolvedVersion& version) {
  ARENASTORE_ASSIGN_OR_RETURN(Statement devices,
                              db.Prepare("SELECT count(*), (SELECT group_concat(device_id, ', ') "
                                         "FROM (SELECT device_id FROM deployments WHERE model_id "
                                         "= ?1 AND version = ?2 ORDER BY device_id LIMIT 3)) "
                                         "FROM deployments WHERE model_id = ?1 AND version = ?2"));
  ARENASTORE_RETURN_IF_ERROR(devices.BindAll(version.model_id, version.version));
  ARENASTORE_ASSIGN_OR_RETURN(const bool row, devices.Step());
  const int64_t count = row ? devices.ColumnInt(0) : 0;
  if (count == 0) return Status::Ok();
  return Status::Error(ErrorCode::kStoreConflict,
                       "%s is deployed to %lld device%s (%s%s); deploy another version to them "
                       "first (`arenastore fleet deploy DEVICE... %s@VERSION`)",
                       version.Name().c_str(), static_cast<long long>(count), count == 1 ? "" : "s",
                       devices.ColumnText(1).c_str(), count > 3 ? ", ..." : "",
                       version.model.c_str());
}

}  // namespace

Result<ResolvedVersion> RemoveVersion(Registry& registry, std::string_view reference,
                                      Removal removal) {
  ARENASTORE_ASSIGN_OR_RETURN(const Reference parsed, ParseReference(reference));
  ARENASTORE_CHECK_OR_RETURN(parsed.kind != Reference::Kind::kDigest, ErrorCode::kInvalidArgument,
                             "rm removes a model version (e.g. kws@3), not a digest; unreferenced "
                             "artifacts are removed by `arenastore gc`");
  Database& db = registry.db();
  // A dry run only reads, so it also works on a store the user cannot write.
  std::optional<Transaction> transaction;
  if (removal == Removal::kRemove) {
    ARENASTORE_ASSIGN_OR_RETURN(Transaction begun, Transaction::Begin(db));
    transaction.emplace(std::move(begun));
  }
  ARENASTORE_ASSIGN_OR_RETURN(const ResolvedVersion version, Resolve(registry, parsed));
  ARENASTORE_RETURN_IF_ERROR(RefuseIfAliased(db, version));
  ARENASTORE_RETURN_IF_ERROR(RefuseIfDeployed(db, version));
  if (removal == Removal::kDryRun) return version;
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement remove, db.Prepare("DELETE FROM versions WHERE model_id = ? AND version = ?"));
  ARENASTORE_RETURN_IF_ERROR(remove.BindAll(version.model_id, version.version));
  ARENASTORE_RETURN_IF_ERROR(remove.Run());
  ARENASTORE_RETURN_IF_ERROR(transaction->Commit());
  return version;
}

Result<GarbageReport> CollectGarbage(Registry& registry, Removal removal) {
  Database& db = registry.db();
  std::optional<Transaction> transaction;
  if (removal == Removal::kRemove) {
    ARENASTORE_ASSIGN_OR_RETURN(Transaction begun, Transaction::Begin(db));
    transaction.emplace(std::move(begun));
  }
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
  if (removal == Removal::kDryRun) return report;
  // Blobs, operators, pools and signatures go with their artifact (ON DELETE CASCADE).
  ARENASTORE_RETURN_IF_ERROR(db.Exec(std::string("DELETE ") + kUnreferenced));
  ARENASTORE_RETURN_IF_ERROR(transaction->Commit());
  return report;
}

}  // namespace arenastore::store
