-- 0015: what `audit --fix` moved where is part of the record, so `audit show` of its re-audit
-- (text, JSON, the page) lists each rejected pair, the version it was re-planned to and the
-- devices moved, or why it was not, long after the fix ran.
--   audit_runs.fix_of_run: on the re-audit audit --fix records, the run whose rejects it acted
--     on; NULL on every other run, and on runs recorded before this migration.
--   audit_fix_moves: one row per curable reject the fix acted on, in the order it acted, keyed by
--     that first run; the rejected pair is that run's result (foreign key), so its hardware, ISA,
--     pools, devices and reasons are not copied. Written as each step completes, so an
--     interrupted fix keeps what it did.
-- Invariants: like every audit record (0004), never updated; a move's run is older than a
-- re-audit that names it; a pair moved names the version it moved to, one not moved says why.

ALTER TABLE audit_runs ADD COLUMN fix_of_run INTEGER REFERENCES audit_runs (id)
  CHECK (fix_of_run IS NULL OR fix_of_run < id);

CREATE TABLE audit_fix_moves (
  run_id INTEGER NOT NULL,
  seq INTEGER NOT NULL CHECK (seq >= 0),
  class_key TEXT NOT NULL,
  model TEXT NOT NULL,
  version INTEGER NOT NULL,
  fixed INTEGER NOT NULL CHECK (fixed IN (0, 1)),
  replanned_reference TEXT NOT NULL,  -- model@version the devices now run; '' when not fixed
  replanned_sha256 TEXT NOT NULL CHECK (replanned_sha256 = '' OR length(replanned_sha256) = 64),
  signed INTEGER NOT NULL CHECK (signed IN (0, 1)),  -- the fix signed the re-plan
  devices_moved INTEGER NOT NULL CHECK (devices_moved >= 0),
  before_bytes INTEGER NOT NULL CHECK (before_bytes >= 0),  -- planned, original
  after_bytes INTEGER NOT NULL CHECK (after_bytes >= 0),    -- planned, re-plan
  error TEXT NOT NULL,                -- why not fixed; '' when fixed
  CHECK ((fixed = 1 AND replanned_reference <> '' AND error = '')
         OR (fixed = 0 AND error <> '')),
  PRIMARY KEY (run_id, seq),
  FOREIGN KEY (run_id, class_key, model, version)
    REFERENCES audit_results (run_id, class_key, model, version) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;

CREATE TRIGGER audit_fix_moves_are_immutable BEFORE UPDATE ON audit_fix_moves
BEGIN
  SELECT RAISE(ABORT, 'audit --fix moves are records; run a new audit instead');
END;
