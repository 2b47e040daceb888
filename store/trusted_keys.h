// The public keys a store trusts to sign artifacts (`arenastore key trust PUBKEY --name N`).
// A signature counts only when its key is in this table. A revoked key (key_revocations.h) is
// not, and is trusted again only when the caller says to lift its revocation (`--force`).
// Called by the key verbs and by signature checks. Errors: kStoreConflict (name or key already
// trusted, naming the holder; the key is revoked and kRefuse was asked), kInvalidArgument,
// kStore. Heap OK.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/result.h"
#include "store/ed25519.h"
#include "store/key_revocations.h"
#include "store/registry.h"

namespace arenastore::store {

struct TrustedKey {
  std::string name;
  PublicKey public_key{};
  std::string trusted_at;
};

// What TrustKey does with a key whose revocation is in force.
enum class RevokedKey : uint8_t {
  kRefuse = 0,          // kStoreConflict, naming the revocation and `--force`
  kLiftRevocation = 1,  // lift it (journaled in key_revocations) and trust the key
};

struct TrustOutcome {
  std::optional<KeyRevocation> lifted;  // the revocation lifted to trust the key, if any
};

Result<TrustOutcome> TrustKey(Registry& registry, const std::string& name,
                              const PublicKey& public_key,
                              RevokedKey revoked = RevokedKey::kRefuse);
Result<std::vector<TrustedKey>> ListTrustedKeys(Registry& registry);

}  // namespace arenastore::store
