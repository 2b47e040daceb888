// Import: store model versions that were numbered elsewhere (pulled from a remote), keeping
// their numbers, with their signatures and aliases. Called by the remote pull; tests.
// Contract: everything (artifacts, versions, signatures, aliases) is written in ONE IMMEDIATE
// transaction, and the store's signature policy is enforced on every imported version before
// it commits, so a refused or failed import leaves the store exactly as it was.
// A version this store already holds with the same bytes is kept (its new signatures and
// aliases still arrive); with other bytes it is refused (kStoreConflict: versions are
// immutable), as is a number this store used and removed (migration 0005). A signature that
// does not verify over the version's signed manifest (store/signatures.h) is not stored.
// Aliases move under the store's rollback policy (store/rollback_policy.h): a pull never moves
// one below the newest version it has pointed at under allow-rollback off unless
// allow_rollback is passed (journaled as via "pull").
// Errors: kStoreConflict, kSignature (policies), kIntegrity, kInvalidArgument (names),
// kStoreBusy, kStore.
// Heap OK.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "base/result.h"
#include "store/artifact_metadata.h"
#include "store/ed25519.h"
#include "store/registry.h"

namespace arenastore::store {

struct ImportedSignature {
  PublicKey public_key{};
  Signature signature{};
  std::string signed_at;  // kept when it looks like the store's own timestamps, else now
};

struct ImportItem {
  std::string model;
  int64_t version = 0;
  std::string sha256;  // the artifact's digest (lowercase hex)
  // The verified bytes and their metadata (ReadArtifactMetadata); may be empty/null when the
  // store already holds `sha256` (the caller skipped the download).
  std::span<const uint8_t> bytes;
  const ArtifactMetadata* metadata = nullptr;
  std::string note;
  std::string derived_from_sha256;
  std::vector<ImportedSignature> signatures;
  std::vector<std::string> aliases;  // set (or moved) to this version
};

struct ImportResult {
  std::string model;
  int64_t version = 0;
  std::string sha256;
  bool new_artifact = false;
  bool new_version = false;         // false: the store already held this version with these bytes
  int32_t signatures_found = 0;     // offered with the version (e.g. a remote's referrers)
  int32_t signatures_verified = 0;  // of those, verified over the version (new or already kept)
  int32_t signatures_added = 0;     // of those, new to this store
  int32_t signatures_invalid = 0;   // did not verify; not stored
  std::vector<std::string> aliases;
  // alias -> the newest version it had pointed at, for aliases --allow-rollback moved below it
  std::vector<std::pair<std::string, int64_t>> rolled_back;
};

Result<std::vector<ImportResult>> ImportVersions(Registry& registry,
                                                 std::span<const ImportItem> items,
                                                 bool allow_rollback = false);

// The bytes-free part of an import: whether the store holds `model`@`version`, and its digest
// ("" when it does not), so a caller can skip downloading what is already here.
Result<std::string> LocalVersionDigest(Registry& registry, const std::string& model,
                                       int64_t version);

}  // namespace arenastore::store
