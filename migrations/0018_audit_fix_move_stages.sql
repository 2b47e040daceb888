-- 0018: a fix's move records the row stages of the re-plan it moved the devices to
-- (planner/row_stage_search.h), so `audit show` of its re-audit says "with row stages
-- (recomputing 0.41% of its MACs)" as audit --fix said when it moved them: replan_row_stages,
-- how many the re-plan has; replan_extra_macs, the MACs their strips compute again; and
-- replan_model_macs, the whole model's computed once (as 0017 records them for a result).
-- Invariant: all 0 for a re-plan without stages, a pair not moved, or a move recorded before
-- this migration (read back as a re-plan without stages); none is ever negative.

ALTER TABLE audit_fix_moves ADD COLUMN replan_row_stages INTEGER NOT NULL DEFAULT 0 CHECK (replan_row_stages >= 0);
ALTER TABLE audit_fix_moves ADD COLUMN replan_extra_macs INTEGER NOT NULL DEFAULT 0 CHECK (replan_extra_macs >= 0);
ALTER TABLE audit_fix_moves ADD COLUMN replan_model_macs INTEGER NOT NULL DEFAULT 0 CHECK (replan_model_macs >= 0);
