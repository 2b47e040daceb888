// Signatures: Ed25519 over a small canonical manifest of a model version, stored as rows that
// point at the artifact and the version (signing never changes an artifact). Called by
// `arenastore sign` / `verify-signature` and by the signature policy (signature_policy.h).
// The manifest is rebuilt from the store on every check, never read back from a row, so a
// signature only verifies for exactly the digest, size, model, version, kernel library version
// and ISA it was made for:
//     arenastore-manifest 1\nsha256 <hex>\nsize <bytes>\nmodel <name>\nversion <n>\n
//     kernel <major.minor.patch>\nisa <name>\n
// A revoked key's signatures (key_revocations.h) never count.
// Errors: kInvalidArgument (bad key, digest-only reference), kIntegrity (the stored bytes no
// longer match their digest), kStore. Signing again with the same key keeps one row. Heap OK.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "store/ed25519.h"
#include "store/reference.h"
#include "store/registry.h"
#include "store/signature_state.h"

namespace arenastore::store {

std::string SignedManifest(const ResolvedVersion& version);

// Signs the version `reference` resolves to with `private_pem` and stores the signature.
Result<ResolvedVersion> SignVersion(Registry& registry, std::string_view reference,
                                    std::string_view private_pem);

struct SignatureEntry {
  PublicKey public_key{};
  std::string key_name;           // empty when the key is not trusted by this store
  std::string revoked_as;         // the revoked key's name when it is revoked (then not trusted)
  std::string revocation_reason;  // why it was revoked (`key revoke --reason`), when it is
  bool valid = false;             // the signature verifies over the rebuilt manifest
  std::string signed_at;
  bool counts() const { return valid && !key_name.empty(); }
};

struct SignatureCheck {
  ResolvedVersion version;
  std::vector<SignatureEntry> entries;
  // A valid signature by a trusted key exists.
  bool trusted() const;
  // "signed by release (trusted)", "unsigned", "signed only by untrusted keys", ...
  std::string Summary() const;
  // The same judgement as one word: what the audit reports for a deployed version. A valid
  // signature by a revoked key makes kRevoked (not kUntrusted): the operator revoked that key.
  SignatureState State() const;
  // With kRevoked: the first valid signature by a revoked key (its name and reason); else null.
  const SignatureEntry* RevokedSigner() const;
};

// The signature rows stored for a version, as made (not verified here): what a remote push
// sends along with the version.
struct StoredSignature {
  PublicKey public_key{};
  Signature signature{};
  std::string signed_at;
};
Result<std::vector<StoredSignature>> ListSignatures(Registry& registry,
                                                    const ResolvedVersion& version);

// The versions (model@version, by model and number) with a signature stored by `public_key`,
// as made (`key ls`; verify-signature verifies them).
Result<std::vector<std::string>> VersionsSignedBy(Registry& registry, const PublicKey& public_key);

// Re-hashes the stored bytes first (kIntegrity when they no longer match), then checks every
// signature stored for the version.
Result<SignatureCheck> CheckSignatures(Registry& registry, const ResolvedVersion& version);

// The same check without re-hashing the stored bytes: for a caller that has just read them with
// ReadArtifactBytes (which re-hashes), such as the audit, which reads every artifact once.
Result<SignatureCheck> CheckSignaturesOfVerifiedBytes(Registry& registry,
                                                      const ResolvedVersion& version);

}  // namespace arenastore::store
