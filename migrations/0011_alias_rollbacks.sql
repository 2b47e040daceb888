-- 0011: rollback as a decision (`arenastore policy set allow-rollback on|off`). Under off, an
-- alias never points at a version older than the newest it has pointed at (its high-water
-- mark, read from the alias_moves journal of 0002), locally or through a pull, unless the
-- caller passes --allow-rollback; each such override is a row here, beside the alias_moves
-- row of the move it allowed, so "who moved prod back, when, past which version" has an answer.
-- The setting is the settings row 'allow_rollback' ('on' | 'off'); no row means on, so stores
-- from before behave as they did and this migration changes none of their rows.
-- Invariant: overrides are a journal; rows are never changed or deleted.

CREATE TABLE alias_rollbacks (
  id INTEGER PRIMARY KEY,
  move_id INTEGER NOT NULL UNIQUE REFERENCES alias_moves (id),
  model_id INTEGER NOT NULL REFERENCES models (id),
  alias TEXT NOT NULL,
  from_version INTEGER,                -- NULL: the alias did not exist (it was removed before)
  to_version INTEGER NOT NULL,
  newest_version INTEGER NOT NULL,     -- the high-water mark the move went below
  via TEXT NOT NULL CHECK (via IN ('alias', 'pull')),
  allowed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  CHECK (to_version < newest_version)
) STRICT;

CREATE TRIGGER alias_rollbacks_are_kept BEFORE DELETE ON alias_rollbacks
BEGIN
  SELECT RAISE(ABORT, 'alias rollback overrides are a journal and are never deleted');
END;

CREATE TRIGGER alias_rollbacks_are_immutable BEFORE UPDATE ON alias_rollbacks
BEGIN
  SELECT RAISE(ABORT, 'alias rollback overrides are a journal and are never changed');
END;
