-- 0010: an audit result can say that the deployed version is signed by a key this store
-- revoked ('revoked'), apart from a key it never trusted ('untrusted'), and records that key's
-- name and the revocation's reason as the run saw them. SQLite cannot widen a CHECK in place,
-- so audit_results is rebuilt with its rows; audit_findings, whose foreign key cascades from
-- it, is rebuilt first, so dropping the old table takes no finding with it.
-- Invariants:
--   1. Every row of audit_results and audit_findings survives, unchanged; results recorded
--      before this migration have revoked_key = '' and revocation_reason = ''.
--   2. signature is one of 'trusted', 'unsigned', 'untrusted', 'revoked', 'invalid' or
--      'unknown' (store/signature_state.h); revoked_key is '' unless signature is 'revoked'.
--   3. Results stay immutable records; audit_results_by_verdict indexes (run_id, verdict).

CREATE TABLE audit_results_0010 (
  run_id INTEGER NOT NULL REFERENCES audit_runs (id) ON DELETE CASCADE,
  class_key TEXT NOT NULL,
  hardware TEXT NOT NULL,
  isa TEXT NOT NULL,
  device_kernel_version TEXT NOT NULL,
  pools TEXT NOT NULL,
  model TEXT NOT NULL,
  version INTEGER NOT NULL,
  sha256 TEXT NOT NULL CHECK (length(sha256) = 64),
  device_count INTEGER NOT NULL CHECK (device_count > 0),
  verdict TEXT NOT NULL CHECK (verdict IN ('ok', 'warn', 'reject')),
  reasons TEXT NOT NULL,
  reclaimable_bytes INTEGER NOT NULL CHECK (reclaimable_bytes >= 0),  -- per device
  curable INTEGER NOT NULL CHECK (curable IN (0, 1)),
  ops TEXT NOT NULL DEFAULT '',
  signature TEXT NOT NULL DEFAULT 'unknown'
    CHECK (signature IN ('trusted', 'unsigned', 'untrusted', 'revoked', 'invalid', 'unknown')),
  revoked_key TEXT NOT NULL DEFAULT '',        -- the revoked key's name, as it was trusted
  revocation_reason TEXT NOT NULL DEFAULT '',  -- as `key revoke --reason` recorded it
  PRIMARY KEY (run_id, class_key, model, version),
  CHECK (revoked_key = '' OR signature = 'revoked')
) STRICT, WITHOUT ROWID;
INSERT INTO audit_results_0010 (run_id, class_key, hardware, isa, device_kernel_version, pools,
                                model, version, sha256, device_count, verdict, reasons,
                                reclaimable_bytes, curable, ops, signature)
  SELECT run_id, class_key, hardware, isa, device_kernel_version, pools, model, version, sha256,
         device_count, verdict, reasons, reclaimable_bytes, curable, ops, signature
  FROM audit_results;

CREATE TABLE audit_findings_0010 (
  run_id INTEGER NOT NULL,
  class_key TEXT NOT NULL,
  model TEXT NOT NULL,
  version INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  kind TEXT NOT NULL,                    -- runtime::FindingKindName
  rejects INTEGER NOT NULL CHECK (rejects IN (0, 1)),
  op_index INTEGER NOT NULL,             -- -1 when not about one operator
  op_kind TEXT NOT NULL,
  pool TEXT NOT NULL,
  planned_bytes INTEGER NOT NULL,
  required_bytes INTEGER NOT NULL,
  message TEXT NOT NULL,                 -- runtime::FormatFinding
  PRIMARY KEY (run_id, class_key, model, version, seq),
  FOREIGN KEY (run_id, class_key, model, version)
    REFERENCES audit_results_0010 (run_id, class_key, model, version) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
INSERT INTO audit_findings_0010 SELECT * FROM audit_findings;

DROP TABLE audit_findings;
DROP TABLE audit_results;
-- Renaming rewrites audit_findings_0010's foreign key to name audit_results.
ALTER TABLE audit_results_0010 RENAME TO audit_results;
ALTER TABLE audit_findings_0010 RENAME TO audit_findings;
CREATE INDEX audit_results_by_verdict ON audit_results (run_id, verdict);

CREATE TRIGGER audit_results_are_immutable BEFORE UPDATE ON audit_results
BEGIN
  SELECT RAISE(ABORT, 'audit results are records; run a new audit instead');
END;
