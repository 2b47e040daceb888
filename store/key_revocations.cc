#include "store/key_revocations.h"

#include <algorithm>
#include <cctype>
#include <cstring>

#include "store/transaction.h"

namespace arenastore::store {
namespace {

constexpr size_t kShortestFingerprint = 8;
constexpr size_t kLongestReason = 1000;

// A fingerprint as `key ls` prints it (lowercase hex), or "" when `key` cannot be one.
std::string FingerprintPrefix(std::string_view key) {
  if (key.size() < kShortestFingerprint || key.size() > 2 * sizeof(PublicKey)) return "";
  std::string prefix;
  for (const char c : key) {
    if (!std::isxdigit(static_cast<unsigned char>(c))) return "";
    prefix += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return prefix;
}

PublicKey KeyOfColumn(const Statement& row, int column) {
  PublicKey key{};
  const auto raw = row.ColumnBlob(column);
  // The schema's CHECKs hold public keys at 32 bytes.
  if (raw.size() == key.size()) std::memcpy(key.data(), raw.data(), raw.size());
  return key;
}

KeyRevocation RevocationOfRow(const Statement& row) {
  return KeyRevocation{row.ColumnText(0), KeyOfColumn(row, 1), row.ColumnText(2),
                       row.ColumnText(3)};
}

constexpr const char* kRevocationColumns = "SELECT key_name, public_key, reason, revoked_at ";

// The trusted keys `key` names: the one with that name, else those whose fingerprint starts
// with it.
Result<std::vector<KeyRevocation>> TrustedKeysNamed(Database& db, std::string_view key) {
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement rows, db.Prepare("SELECT name, public_key, name = ?1 FROM trusted_keys WHERE "
                                 "name = ?1 OR (?2 <> '' AND lower(hex(public_key)) LIKE ?2 || "
                                 "'%') ORDER BY 3 DESC, name"));
  ARENASTORE_RETURN_IF_ERROR(rows.BindAll(key, FingerprintPrefix(key)));
  std::vector<KeyRevocation> matches;
  while (true) {
    ARENASTORE_ASSIGN_OR_RETURN(const bool row, rows.Step());
    if (!row) return matches;
    const bool by_name = rows.ColumnInt(2) != 0;
    matches.push_back(KeyRevocation{rows.ColumnText(0), KeyOfColumn(rows, 1), "", ""});
    if (by_name) return matches;
  }
}

// Why `key` names no trusted key: it is revoked already (kStoreConflict) or unknown.
Status NoTrustedKey(Database& db, std::string_view key) {
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement revoked,
      db.Prepare(std::string(kRevocationColumns) +
                 "FROM key_revocations WHERE lifted_at IS NULL AND (key_name = ?1 OR (?2 <> '' "
                 "AND lower(hex(public_key)) LIKE ?2 || '%')) ORDER BY revoked_at DESC"));
  const std::string text(key);
  ARENASTORE_RETURN_IF_ERROR(revoked.BindAll(text, FingerprintPrefix(key)));
  ARENASTORE_ASSIGN_OR_RETURN(const bool found, revoked.Step());
  if (found) {
    const KeyRevocation revocation = RevocationOfRow(revoked);
    return Status::Error(ErrorCode::kStoreConflict,
                         "key '%s' (%s) was already revoked at %s%s%.200s",
                         revocation.key_name.c_str(), HexOf(revocation.public_key).c_str(),
                         revocation.revoked_at.c_str(), revocation.reason.empty() ? "" : ": ",
                         revocation.reason.c_str());
  }
  return Status::Error(ErrorCode::kNotFound,
                       "no trusted key is named '%s' or has a fingerprint starting with it; "
                       "`arenastore key ls` lists the trusted keys and their fingerprints",
                       text.c_str());
}

Result<KeyRevocation> TheOneTrustedKey(Database& db, std::string_view key) {
  ARENASTORE_ASSIGN_OR_RETURN(std::vector<KeyRevocation> matches, TrustedKeysNamed(db, key));
  if (matches.empty()) return NoTrustedKey(db, key);
  if (matches.size() == 1) return std::move(matches.front());
  std::string names;
  for (const KeyRevocation& match : matches) names += (names.empty() ? "" : ", ") + match.key_name;
  return Status::Error(ErrorCode::kInvalidArgument,
                       "fingerprint prefix '%s' matches %zu trusted keys (%s); give more of the "
                       "fingerprint or the key's name",
                       std::string(key).c_str(), matches.size(), names.c_str());
}

}  // namespace

Result<KeyRevocation> RevokeKey(Registry& registry, std::string_view key,
                                const std::string& reason) {
  ARENASTORE_CHECK_OR_RETURN(reason.size() <= kLongestReason, ErrorCode::kInvalidArgument,
                             "--reason is %zu characters; keep it to %zu", reason.size(),
                             kLongestReason);
  Database& db = registry.db();
  ARENASTORE_ASSIGN_OR_RETURN(Transaction transaction, Transaction::Begin(db));
  ARENASTORE_ASSIGN_OR_RETURN(KeyRevocation revocation, TheOneTrustedKey(db, key));
  // The schema's trigger removes the key from trusted_keys (0009, invariant 1).
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement insert,
      db.Prepare("INSERT INTO key_revocations (public_key, key_name, reason) VALUES (?, ?, ?) "
                 "RETURNING revoked_at"));
  ARENASTORE_RETURN_IF_ERROR(insert.BindBlob(1, revocation.public_key));
  ARENASTORE_RETURN_IF_ERROR(insert.Bind(2, revocation.key_name));
  ARENASTORE_RETURN_IF_ERROR(insert.Bind(3, reason));
  ARENASTORE_ASSIGN_OR_RETURN(const bool inserted, insert.Step());
  ARENASTORE_CHECK_OR_RETURN(inserted, ErrorCode::kStore, "revoking key '%s' recorded nothing",
                             revocation.key_name.c_str());
  revocation.revoked_at = insert.ColumnText(0);
  revocation.reason = reason;
  ARENASTORE_RETURN_IF_ERROR(insert.Run());
  ARENASTORE_RETURN_IF_ERROR(transaction.Commit());
  return revocation;
}

Result<std::vector<KeyRevocation>> ListRevokedKeys(Registry& registry) {
  ARENASTORE_ASSIGN_OR_RETURN(Statement rows,
                              registry.db().Prepare(std::string(kRevocationColumns) +
                                                    "FROM key_revocations WHERE lifted_at IS NULL "
                                                    "ORDER BY key_name, revoked_at"));
  std::vector<KeyRevocation> revocations;
  while (true) {
    ARENASTORE_ASSIGN_OR_RETURN(const bool row, rows.Step());
    if (!row) return revocations;
    revocations.push_back(RevocationOfRow(rows));
  }
}

Result<std::optional<KeyRevocation>> RevocationInForce(Database& db, const PublicKey& public_key) {
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement query,
      db.Prepare(std::string(kRevocationColumns) +
                 "FROM key_revocations WHERE public_key = ? AND lifted_at IS NULL"));
  ARENASTORE_RETURN_IF_ERROR(query.BindBlob(1, public_key));
  ARENASTORE_ASSIGN_OR_RETURN(const bool found, query.Step());
  if (!found) return std::optional<KeyRevocation>();
  return std::optional<KeyRevocation>(RevocationOfRow(query));
}

Status LiftRevocation(Database& db, const PublicKey& public_key) {
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement update,
      db.Prepare("UPDATE key_revocations SET lifted_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') "
                 "WHERE public_key = ? AND lifted_at IS NULL"));
  ARENASTORE_RETURN_IF_ERROR(update.BindBlob(1, public_key));
  return update.Run();
}

}  // namespace arenastore::store
