// Revoking a trusted key (`arenastore key revoke NAME|FINGERPRINT --reason TEXT`) and reading
// revocations back (`key ls`, `verify-signature`, `key trust --force`). Revoking removes the key
// from trusted_keys in the same transaction and records when and why (migration 0009), so every
// check that counts signatures by trusted keys stops counting the key's signatures. A revoked
// key is trusted again only through TrustKey with RevokedKey::kLiftRevocation, which lifts the
// revocation (the row keeps its history, with lifted_at set).
// Called by the key verbs and TrustKey (trusted_keys.h).
// Errors: kNotFound (no trusted key by that name or fingerprint), kInvalidArgument (a
// fingerprint prefix shared by several keys, a reason over 1000 characters), kStoreConflict
// (the key is already revoked), kStore. Heap OK.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "store/database.h"
#include "store/ed25519.h"
#include "store/registry.h"

namespace arenastore::store {

struct KeyRevocation {
  std::string key_name;  // the name the key was trusted under
  PublicKey public_key{};
  std::string reason;
  std::string revoked_at;
};

// `key` is a trusted key's name, or its fingerprint (the public key's hex, `key ls`) or a
// prefix of at least 8 hex digits of it that only one trusted key has.
Result<KeyRevocation> RevokeKey(Registry& registry, std::string_view key,
                                const std::string& reason);

// The revocations in force (not lifted), by name.
Result<std::vector<KeyRevocation>> ListRevokedKeys(Registry& registry);

// The revocation of `public_key` in force, if there is one.
Result<std::optional<KeyRevocation>> RevocationInForce(Database& db, const PublicKey& public_key);

// Lifts the revocation of `public_key` in force (run inside the caller's transaction).
Status LiftRevocation(Database& db, const PublicKey& public_key);

}  // namespace arenastore::store
