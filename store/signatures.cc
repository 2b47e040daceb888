#include "store/signatures.h"

#include <cstring>

#include "store/artifact_bytes.h"
#include "store/transaction.h"

namespace arenastore::store {
namespace {

std::span<const uint8_t> Bytes(const std::string& text) {
  return {reinterpret_cast<const uint8_t*>(text.data()), text.size()};
}

Status StoreSignature(Database& db, const ResolvedVersion& version, const PublicKey& key,
                      const Signature& signature) {
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement insert,
      db.Prepare("INSERT INTO signatures (artifact_id, model_id, version, public_key, signature) "
                 "VALUES (?, ?, ?, ?, ?) ON CONFLICT (model_id, version, public_key) DO NOTHING"));
  ARENASTORE_RETURN_IF_ERROR(
      insert.BindAll(version.artifact_id, version.model_id, version.version));
  ARENASTORE_RETURN_IF_ERROR(insert.BindBlob(4, key));
  ARENASTORE_RETURN_IF_ERROR(insert.BindBlob(5, signature));
  return insert.Run();
}

}  // namespace

std::string SignedManifest(const ResolvedVersion& version) {
  return "arenastore-manifest 1\nsha256 " + version.sha256 + "\nsize " +
         std::to_string(version.size_bytes) + "\nmodel " + version.model + "\nversion " +
         std::to_string(version.version) + "\nkernel " + version.kernel_version + "\nisa " +
         version.target_isa + "\n";
}

Result<ResolvedVersion> SignVersion(Registry& registry, std::string_view reference,
                                    std::string_view private_pem) {
  ARENASTORE_ASSIGN_OR_RETURN(const PublicKey key, PublicKeyOfPrivate(private_pem));
  Database& db = registry.db();
  ARENASTORE_ASSIGN_OR_RETURN(Transaction transaction, Transaction::Begin(db));
  ARENASTORE_ASSIGN_OR_RETURN(const ResolvedVersion version, Resolve(registry, reference));
  ARENASTORE_CHECK_OR_RETURN(version.model_id != 0, ErrorCode::kInvalidArgument,
                             "%s belongs to no model version; a signature names a model "
                             "version, so push it to a model first",
                             version.Name().c_str());
  // Never sign bytes that no longer match the digest the manifest will vouch for.
  ARENASTORE_RETURN_IF_ERROR(ReadArtifactBytes(registry, version).status());
  ARENASTORE_ASSIGN_OR_RETURN(const Signature signature,
                              Sign(private_pem, Bytes(SignedManifest(version))));
  ARENASTORE_RETURN_IF_ERROR(StoreSignature(db, version, key, signature));
  ARENASTORE_RETURN_IF_ERROR(transaction.Commit());
  return version;
}

bool SignatureCheck::trusted() const {
  for (const SignatureEntry& entry : entries) {
    if (entry.counts()) return true;
  }
  return false;
}

std::string SignatureCheck::Summary() const {
  if (entries.empty()) return "unsigned";
  std::string trusted_names;
  std::string revoked_names;
  int invalid = 0;
  for (const SignatureEntry& entry : entries) {
    if (entry.counts()) trusted_names += (trusted_names.empty() ? "" : ", ") + entry.key_name;
    if (entry.valid && !entry.revoked_as.empty()) {
      revoked_names += (revoked_names.empty() ? "" : ", ") + entry.revoked_as;
    }
    if (!entry.valid) ++invalid;
  }
  if (!trusted_names.empty()) return "signed by " + trusted_names + " (trusted)";
  if (invalid > 0) return std::to_string(invalid) + " signature(s) do not verify";
  if (!revoked_names.empty()) return "signed only by revoked key(s) " + revoked_names;
  return "signed only by keys this store does not trust";
}

SignatureState SignatureCheck::State() const {
  if (trusted()) return SignatureState::kTrusted;
  if (entries.empty()) return SignatureState::kUnsigned;
  for (const SignatureEntry& entry : entries) {
    if (!entry.valid) return SignatureState::kInvalid;
  }
  return RevokedSigner() != nullptr ? SignatureState::kRevoked : SignatureState::kUntrusted;
}

const SignatureEntry* SignatureCheck::RevokedSigner() const {
  for (const SignatureEntry& entry : entries) {
    if (entry.valid && !entry.revoked_as.empty()) return &entry;
  }
  return nullptr;
}

Result<SignatureCheck> CheckSignatures(Registry& registry, const ResolvedVersion& version) {
  ARENASTORE_RETURN_IF_ERROR(ReadArtifactBytes(registry, version).status());
  return CheckSignaturesOfVerifiedBytes(registry, version);
}

Result<SignatureCheck> CheckSignaturesOfVerifiedBytes(Registry& registry,
                                                      const ResolvedVersion& version) {
  SignatureCheck check;
  check.version = version;
  if (version.model_id == 0) return check;
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement rows,
      registry.db().Prepare(
          "SELECT s.public_key, s.signature, coalesce(k.name, ''), s.signed_at, "
          "coalesce(r.key_name, ''), coalesce(r.reason, '') FROM signatures s LEFT JOIN "
          "trusted_keys k ON k.public_key = "
          "s.public_key LEFT JOIN key_revocations r ON r.public_key = s.public_key AND "
          "r.lifted_at IS NULL WHERE s.model_id = ? AND s.version = ? ORDER BY s.id"));
  ARENASTORE_RETURN_IF_ERROR(rows.BindAll(version.model_id, version.version));
  const std::string manifest = SignedManifest(version);
  while (true) {
    ARENASTORE_ASSIGN_OR_RETURN(const bool row, rows.Step());
    if (!row) return check;
    SignatureEntry entry;
    const auto key = rows.ColumnBlob(0);
    if (key.size() == entry.public_key.size()) {
      std::memcpy(entry.public_key.data(), key.data(), key.size());
    }
    entry.valid = key.size() == entry.public_key.size() &&
                  VerifySignature(entry.public_key, Bytes(manifest), rows.ColumnBlob(1));
    entry.key_name = rows.ColumnText(2);
    entry.signed_at = rows.ColumnText(3);
    entry.revoked_as = rows.ColumnText(4);
    entry.revocation_reason = rows.ColumnText(5);
    // Never counted, even if a damaged store lists the key as trusted too (0009, invariant 1).
    if (!entry.revoked_as.empty()) entry.key_name.clear();
    check.entries.push_back(std::move(entry));
  }
}

Result<std::vector<std::string>> VersionsSignedBy(Registry& registry, const PublicKey& public_key) {
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement rows,
      registry.db().Prepare("SELECT m.name || '@' || s.version FROM signatures s JOIN models m ON "
                            "m.id = s.model_id WHERE s.public_key = ? ORDER BY m.name, s.version"));
  ARENASTORE_RETURN_IF_ERROR(rows.BindBlob(1, public_key));
  std::vector<std::string> versions;
  while (true) {
    ARENASTORE_ASSIGN_OR_RETURN(const bool row, rows.Step());
    if (!row) return versions;
    versions.push_back(rows.ColumnText(0));
  }
}

Result<std::vector<StoredSignature>> ListSignatures(Registry& registry,
                                                    const ResolvedVersion& version) {
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement rows,
      registry.db().Prepare("SELECT public_key, signature, signed_at FROM signatures WHERE "
                            "model_id = ? AND version = ? ORDER BY id"));
  ARENASTORE_RETURN_IF_ERROR(rows.BindAll(version.model_id, version.version));
  std::vector<StoredSignature> signatures;
  while (true) {
    ARENASTORE_ASSIGN_OR_RETURN(const bool row, rows.Step());
    if (!row) return signatures;
    const auto key = rows.ColumnBlob(0);
    const auto signature = rows.ColumnBlob(1);
    StoredSignature stored;
    // The schema's CHECKs hold these at 32 and 64 bytes.
    if (key.size() != stored.public_key.size() || signature.size() != stored.signature.size()) {
      continue;
    }
    std::memcpy(stored.public_key.data(), key.data(), key.size());
    std::memcpy(stored.signature.data(), signature.data(), signature.size());
    stored.signed_at = rows.ColumnText(2);
    signatures.push_back(std::move(stored));
  }
}

}  // namespace arenastore::store
