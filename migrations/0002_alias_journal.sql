-- 0002: a journal of alias moves, so "which version was prod, and since when" has an answer
-- after the alias has moved on. Triggers write it, so no code path can move an alias without
-- a record. Aliases that exist when this runs get their current position as the first entry
-- (old_version NULL: where they pointed before was not recorded by schema 1).

CREATE TABLE alias_moves (
  id INTEGER PRIMARY KEY,
  model_id INTEGER NOT NULL REFERENCES models (id),
  alias TEXT NOT NULL,
  old_version INTEGER,                 -- NULL: the alias was created
  new_version INTEGER,                 -- NULL: the alias was removed
  moved_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  CHECK (old_version IS NOT NULL OR new_version IS NOT NULL)
) STRICT;
CREATE INDEX alias_moves_by_alias ON alias_moves (model_id, alias, id);

INSERT INTO alias_moves (model_id, alias, old_version, new_version, moved_at)
  SELECT model_id, alias, NULL, version, updated_at FROM aliases
  ORDER BY updated_at, model_id, alias;

CREATE TRIGGER alias_created_journal AFTER INSERT ON aliases
BEGIN
  INSERT INTO alias_moves (model_id, alias, old_version, new_version)
    VALUES (NEW.model_id, NEW.alias, NULL, NEW.version);
END;

CREATE TRIGGER alias_moved_journal AFTER UPDATE OF version ON aliases
WHEN OLD.version IS NOT NEW.version
BEGIN
  INSERT INTO alias_moves (model_id, alias, old_version, new_version)
    VALUES (NEW.model_id, NEW.alias, OLD.version, NEW.version);
END;

CREATE TRIGGER alias_removed_journal AFTER DELETE ON aliases
BEGIN
  INSERT INTO alias_moves (model_id, alias, old_version, new_version)
    VALUES (OLD.model_id, OLD.alias, OLD.version, NULL);
END;
