#include "store/trusted_keys.h"

#include <cstring>

#include "store/transaction.h"

namespace arenastore::store {

namespace {

// kStoreConflict when the name or the key is trusted already, naming the holder.
Status RefuseTrustedAlready(Database& db, const std::string& name, const PublicKey& public_key) {
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement existing,
      db.Prepare("SELECT name, public_key = ?2 FROM trusted_keys WHERE name = ?1 OR public_key "
                 "= ?2"));
  ARENASTORE_RETURN_IF_ERROR(existing.Bind(1, name));
  ARENASTORE_RETURN_IF_ERROR(existing.BindBlob(2, public_key));
  ARENASTORE_ASSIGN_OR_RETURN(const bool found, existing.Step());
  if (!found) return Status::Ok();
  return Status::Error(ErrorCode::kStoreConflict,
                       existing.ColumnInt(1) != 0 ? "this key is already trusted as '%s'"
                                                  : "a different key is already trusted as "
                                                    "'%s'; choose another --name",
                       existing.ColumnText(0).c_str());
}

// The revocation in force that trusting the key lifts; kStoreConflict unless asked to lift it.
Result<std::optional<KeyRevocation>> RevocationToLift(Database& db, const PublicKey& public_key,
                                                      RevokedKey revoked) {
  ARENASTORE_ASSIGN_OR_RETURN(std::optional<KeyRevocation> revocation,
                              RevocationInForce(db, public_key));
  if (!revocation.has_value()) return revocation;
  switch (revoked) {
    case RevokedKey::kLiftRevocation:
      ARENASTORE_RETURN_IF_ERROR(LiftRevocation(db, public_key));
      return revocation;
    case RevokedKey::kRefuse:
      break;
  }
  return Status::Error(ErrorCode::kStoreConflict,
                       "this key was revoked as '%s' at %s%s%.200s; its signatures do not count. "
                       "Trust it again only if the reason no longer holds: `arenastore key "
                       "trust ... --force` lifts the revocation (the store keeps a record)",
                       revocation->key_name.c_str(), revocation->revoked_at.c_str(),
                       revocation->reason.empty() ? "" : " (reason: ",
                       revocation->reason.empty() ? "" : (revocation->reason + ")").c_str());
}

}  // namespace

Result<TrustOutcome> TrustKey(Registry& registry, const std::string& name,
                              const PublicKey& public_key, RevokedKey revoked) {
  ARENASTORE_CHECK_OR_RETURN(!name.empty() && name.size() <= 128, ErrorCode::kInvalidArgument,
                             "a trusted key needs a name of 1-128 characters (--name)");
  Database& db = registry.db();
  ARENASTORE_ASSIGN_OR_RETURN(Transaction transaction, Transaction::Begin(db));
  ARENASTORE_RETURN_IF_ERROR(RefuseTrustedAlready(db, name, public_key));
  TrustOutcome outcome;
  ARENASTORE_ASSIGN_OR_RETURN(outcome.lifted, RevocationToLift(db, public_key, revoked));
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement insert, db.Prepare("INSERT INTO trusted_keys (name, public_key) VALUES (?, ?)"));
  ARENASTORE_RETURN_IF_ERROR(insert.Bind(1, name));
  ARENASTORE_RETURN_IF_ERROR(insert.BindBlob(2, public_key));
  ARENASTORE_RETURN_IF_ERROR(insert.Run());
  ARENASTORE_RETURN_IF_ERROR(transaction.Commit());
  return outcome;
}

Result<std::vector<TrustedKey>> ListTrustedKeys(Registry& registry) {
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement rows,
      registry.db().Prepare("SELECT name, public_key, trusted_at FROM trusted_keys ORDER BY name"));
  std::vector<TrustedKey> keys;
  while (true) {
    ARENASTORE_ASSIGN_OR_RETURN(const bool row, rows.Step());
    if (!row) return keys;
    TrustedKey key;
    key.name = rows.ColumnText(0);
    const auto raw = rows.ColumnBlob(1);
    if (raw.size() == key.public_key.size())
      std::memcpy(key.public_key.data(), raw.data(), raw.size());
    key.trusted_at = rows.ColumnText(2);
    keys.push_back(std::move(key));
  }
}

}  // namespace arenastore::store
