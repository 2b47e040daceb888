-- 0005: OCI registries shared as remotes, and version numbers that arrive from them.
-- A pulled version keeps the number it has on the remote (signatures cover the number), so a
-- store may now receive kws@3 after kws@7, e.g. when `prod` is rolled back remotely. The rule
-- "a version number is never reused" (0001, invariant 3) stays: a number may be filled in below
-- last_version only when this store never held it. That needs a record of the numbers it held:
-- Invariants (constraints and triggers keep them):
--   1. Every number of 1..last_version a model has no version row for is in removed_versions
--      (written when a version is removed; numbers already missing when this migration runs
--      were removed before it, their bytes unknown, so sha256 is NULL).
--   2. A version is inserted either as the model's new last_version (push; pull above it) or
--      below it at a number that is not in removed_versions, or whose removed bytes were these
--      same bytes (pulling back what was removed is not a reuse).
--   3. Credentials never live in the store: a remote row holds only where and how to connect.

CREATE TABLE remotes (
  name TEXT PRIMARY KEY
    CHECK (length(name) BETWEEN 1 AND 64 AND name GLOB '[A-Za-z]*'
           AND name NOT GLOB '*[^A-Za-z0-9._-]*'),
  url TEXT NOT NULL CHECK (url GLOB 'http://?*' OR url GLOB 'https://?*'),
  ca_file TEXT NOT NULL DEFAULT '',    -- '' = the system's certificate authorities
  insecure INTEGER NOT NULL DEFAULT 0 CHECK (insecure IN (0, 1)),  -- 1: plain HTTP allowed
  added_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT, WITHOUT ROWID;

CREATE TABLE removed_versions (
  model_id INTEGER NOT NULL REFERENCES models (id),
  version INTEGER NOT NULL CHECK (version >= 1),
  sha256 TEXT CHECK (sha256 IS NULL OR length(sha256) = 64),  -- NULL: removed before 0005
  removed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (model_id, version)
) STRICT, WITHOUT ROWID;

INSERT INTO removed_versions (model_id, version, sha256)
  WITH RECURSIVE numbers (model_id, version, last_version) AS (
    SELECT id, 1, last_version FROM models WHERE last_version >= 1
    UNION ALL
    SELECT model_id, version + 1, last_version FROM numbers WHERE version < last_version
  )
  SELECT model_id, version, NULL FROM numbers n
  WHERE NOT EXISTS (SELECT 1 FROM versions v WHERE v.model_id = n.model_id
                    AND v.version = n.version);

CREATE TRIGGER removed_versions_are_recorded AFTER DELETE ON versions
BEGIN
  INSERT INTO removed_versions (model_id, version, sha256)
    VALUES (OLD.model_id, OLD.version,
            (SELECT sha256 FROM artifacts WHERE id = OLD.artifact_id))
    ON CONFLICT (model_id, version) DO UPDATE SET sha256 = excluded.sha256,
                                                  removed_at = excluded.removed_at;
END;

DROP TRIGGER versions_take_the_next_number;

CREATE TRIGGER versions_take_the_next_or_a_never_used_number BEFORE INSERT ON versions
WHEN NEW.version IS NOT (SELECT last_version FROM models WHERE id = NEW.model_id)
BEGIN
  SELECT RAISE(ABORT, 'a new version must take its model''s next number')
  WHERE NEW.version > (SELECT last_version FROM models WHERE id = NEW.model_id);
  SELECT RAISE(ABORT, 'this version number was used and removed in this store; numbers are never reused')
  WHERE EXISTS (SELECT 1 FROM removed_versions r WHERE r.model_id = NEW.model_id
                AND r.version = NEW.version
                AND (r.sha256 IS NULL
                     OR r.sha256 IS NOT (SELECT sha256 FROM artifacts WHERE id = NEW.artifact_id)));
END;
