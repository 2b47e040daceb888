-- 0016: an audit result records the deployed version's memory against its tensor-level bound
-- (planner/in_place_summary.h): planned_bytes, its plan's total, and tensor_bound_bytes, the
-- same schedule with every tensor whole; and, for a reject whose pools are too small,
-- replan_bytes: what a re-plan for the class needs when the class's runtime accepts it (the
-- devices would fit the model again). So `audit show` of a recorded run says what operators
-- written over their inputs saved and which classes a re-plan brings back, without the artifacts.
-- Invariant: 0 means not recorded (a result recorded before this migration) or, for
-- replan_bytes, no accepted re-plan.

ALTER TABLE audit_results ADD COLUMN planned_bytes INTEGER NOT NULL DEFAULT 0 CHECK (planned_bytes >= 0);
ALTER TABLE audit_results ADD COLUMN tensor_bound_bytes INTEGER NOT NULL DEFAULT 0 CHECK (tensor_bound_bytes >= 0);
ALTER TABLE audit_results ADD COLUMN replan_bytes INTEGER NOT NULL DEFAULT 0 CHECK (replan_bytes >= 0);
