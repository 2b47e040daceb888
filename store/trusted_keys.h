// The public keys a store trusts to sign artifacts (`arenastore key trust PUBKEY --name N`).
// A signature counts only when its key is in this table. Called by the key verbs and by
// signature checks. Errors: kStoreConflict (name or key already trusted, naming the holder),
// kInvalidArgument, kStore. Heap OK.
#pragma once

#include <string>
#include <vector>

#include "base/result.h"
#include "store/ed25519.h"
#include "store/registry.h"

namespace arenastore::store {

struct TrustedKey {
  std::string name;
  PublicKey public_key{};
  std::string trusted_at;
};

Status TrustKey(Registry& registry, const std::string& name, const PublicKey& public_key);
Result<std::vector<TrustedKey>> ListTrustedKeys(Registry& registry);

}  // namespace arenastore::store
