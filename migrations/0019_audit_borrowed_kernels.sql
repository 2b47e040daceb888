-- 0019: audits record how many ops run on the kernel their variant borrows from ref
-- (kernels/registry.h, KernelForm::reference_kernel: slower than the variant's own, taken only so
-- a plan fits its pools). An audit result records its deployed version's (reference_kernel_ops),
-- so `audit show` says "runs 8 ops on ref's slower kernels" without the artifacts; a fix's move
-- records the re-plan it moved the devices to (replan_reference_kernel_ops), so `audit show` of
-- its re-audit says "with 8 ops on ref's slower kernels" as audit --fix said when it moved them.
-- Invariant: 0 for a version or re-plan that borrows none, a pair not moved, or a row recorded
-- before this migration (read back as borrowing none); never negative.

ALTER TABLE audit_results ADD COLUMN reference_kernel_ops INTEGER NOT NULL DEFAULT 0 CHECK (reference_kernel_ops >= 0);
ALTER TABLE audit_fix_moves ADD COLUMN replan_reference_kernel_ops INTEGER NOT NULL DEFAULT 0 CHECK (replan_reference_kernel_ops >= 0);
