// The store's rollback policy (`arenastore policy set allow-rollback on|off`), kept in the
// settings table (on while the store has no row; migration 0010). Every alias move that can
// go backwards calls MoveAliasUnderPolicy: `alias set` and the remote pull (ImportVersions).
// Invariant: under off, an alias never points at a version older than the newest it has ever
// pointed at (its high-water mark in the alias_moves journal) unless the caller passed
// --allow-rollback, and every move that went below the mark by --allow-rollback is a row of
// alias_rollbacks. Errors: kSignature (a refused move: a policy refusal, as the signature
// policy's, exit 4), kIntegrity (a damaged setting), kStore. Heap OK.
#pragma once

#include <cstdint>
#include <string>

#include "base/result.h"
#include "store/registry.h"

namespace arenastore::store {

Status SetAllowRollback(Registry& registry, bool allowed);
Result<bool> AllowRollback(Registry& registry);

// The newest version `alias` of the model has ever pointed at; 0 if it never existed.
Result<int64_t> AliasHighWater(Database& db, int64_t model_id, const std::string& alias);

enum class AliasMover { kAliasSet, kPull };

struct PolicedAliasMove {
  int64_t model_id = 0;
  std::string model;
  std::string alias;
  int64_t version = 0;
  bool allow_rollback = false;  // --allow-rollback: move below the mark, journaled
  AliasMover mover = AliasMover::kAliasSet;
};

// 0 when the move went no lower than the mark; else the mark it went below (the override is
// journaled). Runs inside the caller's transaction, so a refusal later rolls the journal back too.
Result<int64_t> MoveAliasUnderPolicy(Registry& registry, const PolicedAliasMove& move);

}  // namespace arenastore::store
