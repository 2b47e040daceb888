-- 0020: audits record how many ops run on a slower kernel of their variant's own
-- (kernels/exec_form.h, FormSpeed::kOwnSlower: the Cortex-M55's pixel walks and held rows, slower
-- than its whole kernels, taken only so a plan fits its pools), beside 0019's ops on ref's
-- borrowed kernels. An audit result records its deployed version's (own_slower_kernel_ops), so
-- `audit show` says "runs 8 ops on the target's own slower kernels" without the artifacts; a
-- fix's move records the re-plan's (replan_own_slower_kernel_ops).
-- Invariant: 0 for a version or re-plan that runs none, a pair not moved, or a row recorded
-- before this migration (read back as running none); never negative.

ALTER TABLE audit_results ADD COLUMN own_slower_kernel_ops INTEGER NOT NULL DEFAULT 0 CHECK (own_slower_kernel_ops >= 0);
ALTER TABLE audit_fix_moves ADD COLUMN replan_own_slower_kernel_ops INTEGER NOT NULL DEFAULT 0 CHECK (replan_own_slower_kernel_ops >= 0);
