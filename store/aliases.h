// Aliases: movable names for model versions (`kws@prod`). Called by `arenastore alias set/rm`
// and push --alias. Every change is journaled by triggers (migration 0002) with the old and
// new version and the time, so history survives the move. Each call is one transaction.
// SetAlias moves under the store's rollback policy (store/rollback_policy.h).
// Errors: kInvalidArgument (bad alias), kNotFound (unknown model or version, with what exists),
// kSignature (a move back under allow-rollback off), kStoreBusy, kStore. Heap OK.
#pragma once

#include <cstdint>
#include <string>

#include "base/result.h"
#include "store/registry.h"

namespace arenastore::store {

struct AliasChange {
  std::string model;
  std::string alias;
  int64_t old_version = 0;  // 0: the alias is new
  int64_t new_version = 0;  // 0: the alias was removed
  int64_t rolled_back_past = 0;  // > 0: --allow-rollback moved it below this version (journaled)
};

// allow_rollback: move below the alias's newest version even under allow-rollback off.
Result<AliasChange> SetAlias(Registry& registry, const std::string& model, const std::string& alias,
                             int64_t version, bool allow_rollback = false);
Result<AliasChange> RemoveAlias(Registry& registry, const std::string& model,
                                const std::string& alias);

}  // namespace arenastore::store
