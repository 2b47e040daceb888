#include "store/aliases.h"

#include "store/names.h"
#include "store/reference.h"
#include "store/rollback_policy.h"
#include "store/transaction.h"

namespace arenastore::store {
namespace {

// The version the alias points at now, 0 when it does not exist.
Result<int64_t> CurrentTarget(Database& db, int64_t model_id, const std::string& alias) {
  ARENASTORE_ASSIGN_OR_RETURN(Statement current,
                              db.Prepare("SELECT version FROM aliases WHERE model_id = ? AND "
                                         "alias = ?"));
  ARENASTORE_RETURN_IF_ERROR(current.BindAll(model_id, alias));
  ARENASTORE_ASSIGN_OR_RETURN(const bool found, current.Step());
  return found ? current.ColumnInt(0) : int64_t{0};
}

}  // namespace

Result<AliasChange> SetAlias(Registry& registry, const std::string& model, const std::string& alias,
                             int64_t version, bool allow_rollback) {
  ARENASTORE_RETURN_IF_ERROR(ValidateAlias(alias));
  Database& db = registry.db();
  ARENASTORE_ASSIGN_OR_RETURN(Transaction transaction, Transaction::Begin(db));
  Reference target;
  target.kind = Reference::Kind::kVersion;
  target.model = model;
  target.version = version;
  ARENASTORE_ASSIGN_OR_RETURN(const ResolvedVersion resolved, Resolve(registry, target));
  AliasChange change{model, alias, 0, version};
  ARENASTORE_ASSIGN_OR_RETURN(change.old_version, CurrentTarget(db, resolved.model_id, alias));
  ARENASTORE_ASSIGN_OR_RETURN(
      change.rolled_back_past,
      MoveAliasUnderPolicy(registry, {resolved.model_id, model, alias, version, allow_rollback,
                                      AliasMover::kAliasSet}));
  ARENASTORE_RETURN_IF_ERROR(transaction.Commit());
  return change;
}

Result<AliasChange> RemoveAlias(Registry& registry, const std::string& model,
                                const std::string& alias) {
  Database& db = registry.db();
  ARENASTORE_ASSIGN_OR_RETURN(Transaction transaction, Transaction::Begin(db));
  ARENASTORE_ASSIGN_OR_RETURN(const int64_t model_id, FindModelId(registry, model));
  AliasChange change{model, alias, 0, 0};
  ARENASTORE_ASSIGN_OR_RETURN(change.old_version, CurrentTarget(db, model_id, alias));
  if (change.old_version == 0) {
    Reference missing;
    missing.kind = Reference::Kind::kAlias;
    missing.model = model;
    missing.alias = alias;
    return Resolve(registry, missing).status();  // explains which aliases exist
  }
  ARENASTORE_ASSIGN_OR_RETURN(Statement remove,
                              db.Prepare("DELETE FROM aliases WHERE model_id = ? AND alias = ?"));
  ARENASTORE_RETURN_IF_ERROR(remove.BindAll(model_id, alias));
  ARENASTORE_RETURN_IF_ERROR(remove.Run());
  ARENASTORE_RETURN_IF_ERROR(transaction.Commit());
  return change;
}

}  // namespace arenastore::store
