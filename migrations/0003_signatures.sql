-- 0003: Ed25519 signatures, the public keys this store trusts, and store settings (the
-- signature policy). A signature covers a canonical manifest naming the artifact's digest and
-- size and the model version it was made for, so it is a row pointing at both: signing never
-- changes an artifact, and removing a version removes the signatures made for it.

CREATE TABLE trusted_keys (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 128),
  public_key BLOB NOT NULL UNIQUE CHECK (length(public_key) = 32),
  trusted_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE TABLE signatures (
  id INTEGER PRIMARY KEY,
  artifact_id INTEGER NOT NULL REFERENCES artifacts (id) ON DELETE CASCADE,
  model_id INTEGER NOT NULL,
  version INTEGER NOT NULL,
  public_key BLOB NOT NULL CHECK (length(public_key) = 32),
  signature BLOB NOT NULL CHECK (length(signature) = 64),
  signed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (model_id, version, public_key),
  FOREIGN KEY (model_id, version) REFERENCES versions (model_id, version) ON DELETE CASCADE
) STRICT;
CREATE INDEX signatures_by_artifact ON signatures (artifact_id);

CREATE TABLE settings (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT, WITHOUT ROWID;

INSERT INTO settings (name, value) VALUES ('require_signature', 'off');
