-- 0009: revoking a trusted key (`arenastore key revoke NAME|FINGERPRINT --reason TEXT`). A
-- revocation is a row recording which key, the name it was trusted under, when and why; it
-- removes the key from trusted_keys, so every check that counts signatures by trusted keys
-- (verify-signature, the signature policy, pull, the audit) stops counting that key's.
-- Invariants (constraints and triggers keep them):
--   1. A key with a revocation in force (lifted_at IS NULL) is not in trusted_keys: revoking
--      deletes its row, and trusting it again is refused until the revocation is lifted
--      (`key trust --force`), so no code path trusts a revoked key by accident.
--   2. At most one revocation of a key is in force at a time.
--   3. Revocations are a journal: rows are never deleted, and the only change to a row is
--      lifting it once (setting lifted_at), which keeps when and why it was revoked.

CREATE TABLE key_revocations (
  id INTEGER PRIMARY KEY,
  public_key BLOB NOT NULL CHECK (length(public_key) = 32),
  key_name TEXT NOT NULL CHECK (length(key_name) BETWEEN 1 AND 128),  -- as it was trusted
  reason TEXT NOT NULL DEFAULT '' CHECK (length(reason) <= 1000),
  revoked_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  lifted_at TEXT                       -- NULL: in force; set by `key trust --force`
) STRICT;
CREATE UNIQUE INDEX key_revocations_in_force ON key_revocations (public_key)
  WHERE lifted_at IS NULL;

CREATE TRIGGER key_revocation_untrusts AFTER INSERT ON key_revocations
BEGIN
  DELETE FROM trusted_keys WHERE public_key = NEW.public_key;
END;

CREATE TRIGGER revoked_keys_are_not_trusted BEFORE INSERT ON trusted_keys
WHEN EXISTS (SELECT 1 FROM key_revocations WHERE public_key = NEW.public_key
             AND lifted_at IS NULL)
BEGIN
  SELECT RAISE(ABORT, 'this key is revoked; lift the revocation with `arenastore key trust --force`');
END;

CREATE TRIGGER key_revocations_are_kept BEFORE DELETE ON key_revocations
BEGIN
  SELECT RAISE(ABORT, 'key revocations are a journal and are never deleted');
END;

CREATE TRIGGER key_revocations_are_lifted_once BEFORE UPDATE ON key_revocations
WHEN OLD.lifted_at IS NOT NULL OR NEW.lifted_at IS NULL OR NEW.id IS NOT OLD.id
  OR NEW.public_key IS NOT OLD.public_key OR NEW.key_name IS NOT OLD.key_name
  OR NEW.reason IS NOT OLD.reason OR NEW.revoked_at IS NOT OLD.revoked_at
BEGIN
  SELECT RAISE(ABORT, 'a key revocation is only ever lifted, once');
END;
