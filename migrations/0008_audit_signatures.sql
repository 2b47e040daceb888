-- 0008: an audit records the signature policy it ran under and, per result, what the deployed
-- version's signatures amount to, so `audit show` and `audit diff` of a recorded run report
-- signatures as the run saw them.
-- Invariants:
--   1. require_signature is 0 or 1; runs recorded before this migration ran without the audit
--      looking at the policy and read back as 0.
--   2. signature is one of 'trusted', 'unsigned', 'untrusted', 'invalid' (store/signature_state.h)
--      or 'unknown' for results recorded before this migration.

ALTER TABLE audit_runs ADD COLUMN require_signature INTEGER NOT NULL DEFAULT 0
  CHECK (require_signature IN (0, 1));

ALTER TABLE audit_results ADD COLUMN signature TEXT NOT NULL DEFAULT 'unknown'
  CHECK (signature IN ('trusted', 'unsigned', 'untrusted', 'invalid', 'unknown'));
