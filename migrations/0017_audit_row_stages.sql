-- 0017: an audit result records what the deployed version's row stages (planner/in_place_summary.h:
-- chains of operators run strip by strip, `compile --max-recompute`) pay for the memory they
-- save: row_stages, how many it has; extra_macs, the MACs their strips compute again; and
-- model_macs, the whole model's computed once. So `audit show` of a recorded run says what share
-- of its MACs each version recomputes, without the artifacts.
-- Invariant: 0 means the version has no row stages or the result was recorded before this
-- migration (model_macs then 0 too).

ALTER TABLE audit_results ADD COLUMN row_stages INTEGER NOT NULL DEFAULT 0 CHECK (row_stages >= 0);
ALTER TABLE audit_results ADD COLUMN extra_macs INTEGER NOT NULL DEFAULT 0 CHECK (extra_macs >= 0);
ALTER TABLE audit_results ADD COLUMN model_macs INTEGER NOT NULL DEFAULT 0 CHECK (model_macs >= 0);
