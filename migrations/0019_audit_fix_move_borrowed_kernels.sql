-- 0019: a fix's move records how many ops of the re-plan it moved the devices to run on the
-- kernel their variant borrows from ref (kernels/registry.h, KernelForm::reference_kernel: slower
-- than the variant's own, taken only so the plan fits the class's pools), so `audit show` of its
-- re-audit says "with 3 ops on ref's slower kernels" as audit --fix said when it moved them.
-- Invariant: 0 for a re-plan that borrows none, a pair not moved, or a move recorded before this
-- migration (read back as a re-plan that borrows none); never negative.

ALTER TABLE audit_fix_moves ADD COLUMN replan_reference_kernel_ops INTEGER NOT NULL DEFAULT 0 CHECK (replan_reference_kernel_ops >= 0);
