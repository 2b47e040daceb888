#include "store/rollback_policy.h"

#include "store/version_rows.h"

namespace arenastore::store {
namespace {

const char* MoverName(AliasMover mover) {
  switch (mover) {
    case AliasMover::kAliasSet:
      return "alias";
    case AliasMover::kPull:
      return "pull";
  }
  return "alias";
}

// Where the alias points now; 0 when it does not exist.
Result<int64_t> CurrentVersion(Database& db, int64_t model_id, const std::string& alias) {
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement query, db.Prepare("SELECT version FROM aliases WHERE model_id = ? AND alias = ?"));
  ARENASTORE_RETURN_IF_ERROR(query.BindAll(model_id, alias));
  ARENASTORE_ASSIGN_OR_RETURN(const bool found, query.Step());
  return found ? query.ColumnInt(0) : int64_t{0};
}

Status RefuseRollback(const PolicedAliasMove& move, int64_t newest) {
  return Status::Error(
      ErrorCode::kSignature,
      "%s@%s would move back to version %lld, older than version %lld, the newest it has "
      "pointed at, and this store refuses rollbacks (policy allow-rollback off). If moving it "
      "back is intended, repeat with --allow-rollback (the override is journaled, see "
      "`arenastore show %s@%lld`)",
      move.model.c_str(), move.alias.c_str(), static_cast<long long>(move.version),
      static_cast<long long>(newest), move.model.c_str(), static_cast<long long>(move.version));
}

// Records the override beside the journal row the move's trigger just wrote (migration 0002).
Status JournalOverride(Database& db, const PolicedAliasMove& move, int64_t from_version,
                       int64_t newest) {
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement insert,
      db.Prepare("INSERT INTO alias_rollbacks (move_id, model_id, alias, from_version, "
                 "to_version, newest_version, via) SELECT max(id), ?1, ?2, nullif(?3, 0), ?4, ?5, "
                 "?6 FROM alias_moves WHERE model_id = ?1 AND alias = ?2"));
  ARENASTORE_RETURN_IF_ERROR(insert.BindAll(move.model_id, move.alias, from_version, move.version,
                                            newest, std::string(MoverName(move.mover))));
  return insert.Run();
}

}  // namespace

Status SetAllowRollback(Registry& registry, bool allowed) {
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement update,
      registry.db().Prepare("INSERT INTO settings (name, value) VALUES ('allow_rollback', ?) "
                            "ON CONFLICT (name) DO UPDATE SET value = excluded.value"));
  ARENASTORE_RETURN_IF_ERROR(update.Bind(1, std::string_view(allowed ? "on" : "off")));
  return update.Run();
}

Result<bool> AllowRollback(Registry& registry) {
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement query,
      registry.db().Prepare("SELECT value FROM settings WHERE name = 'allow_rollback'"));
  ARENASTORE_ASSIGN_OR_RETURN(const bool found, query.Step());
  if (!found) return true;
  const std::string value = query.ColumnText(0);
  if (value == "on") return true;
  if (value == "off") return false;
  // Fail closed, as the signature policy does: a damaged value must not allow rollbacks.
  return Status::Error(ErrorCode::kIntegrity,
                       "%s: the allow-rollback setting holds '%.40s', neither on nor off; no "
                       "alias moves until it is set again (`arenastore policy set "
                       "allow-rollback on|off --db %s`)",
                       registry.path().c_str(), value.c_str(), registry.path().c_str());
}

Result<int64_t> AliasHighWater(Database& db, int64_t model_id, const std::string& alias) {
  ARENASTORE_ASSIGN_OR_RETURN(Statement query,
                              db.Prepare("SELECT coalesce(max(new_version), 0) FROM alias_moves "
                                         "WHERE model_id = ? AND alias = ?"));
  ARENASTORE_RETURN_IF_ERROR(query.BindAll(model_id, alias));
  ARENASTORE_ASSIGN_OR_RETURN(const bool found, query.Step());
  return found ? query.ColumnInt(0) : int64_t{0};
}

Result<int64_t> MoveAliasUnderPolicy(Registry& registry, const PolicedAliasMove& move) {
  Database& db = registry.db();
  ARENASTORE_ASSIGN_OR_RETURN(const int64_t newest, AliasHighWater(db, move.model_id, move.alias));
  ARENASTORE_ASSIGN_OR_RETURN(const int64_t current, CurrentVersion(db, move.model_id, move.alias));
  const bool below_mark = move.version < newest && move.version != current;
  if (below_mark && !move.allow_rollback) {
    ARENASTORE_ASSIGN_OR_RETURN(const bool allowed, AllowRollback(registry));
    if (!allowed) return RefuseRollback(move, newest);
  }
  ARENASTORE_RETURN_IF_ERROR(SetAliasRow(db, move.model_id, move.alias, move.version));
  if (!below_mark || !move.allow_rollback) return int64_t{0};
  ARENASTORE_RETURN_IF_ERROR(JournalOverride(db, move, current, newest));
  return newest;
}

}  // namespace arenastore::store
