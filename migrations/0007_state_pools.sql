-- 0007: pools may be of kind 'state': the variable tensors a recurrent model keeps from one
-- invoke to the next (SVDF, LSTM), planned in a pool of their own that is never shared with
-- activations. SQLite cannot widen a CHECK in place, so the table is rebuilt with its rows.
-- Invariants:
--   1. Every row of pools survives, unchanged; kind is one of 'workspace', 'constant', 'io',
--      'state'.
--   2. pools_by_name still indexes (name, planned_bytes), so "which artifacts need more than N
--      bytes of state" is one index range.

CREATE TABLE pools_0007 (
  artifact_id INTEGER NOT NULL REFERENCES artifacts (id) ON DELETE CASCADE,
  pool_index INTEGER NOT NULL CHECK (pool_index >= 0),
  name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('workspace', 'constant', 'io', 'state')),
  planned_bytes INTEGER NOT NULL CHECK (planned_bytes >= 0),
  alignment INTEGER NOT NULL,
  capacity_bytes INTEGER NOT NULL,     -- 0: the plan was made without a capacity
  PRIMARY KEY (artifact_id, pool_index)
) STRICT, WITHOUT ROWID;
INSERT INTO pools_0007 (artifact_id, pool_index, name, kind, planned_bytes, alignment,
                        capacity_bytes)
  SELECT artifact_id, pool_index, name, kind, planned_bytes, alignment, capacity_bytes FROM pools;
DROP TABLE pools;
ALTER TABLE pools_0007 RENAME TO pools;
CREATE INDEX pools_by_name ON pools (name, planned_bytes);
