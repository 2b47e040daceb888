-- 0013: an audit result names the devices it concerns and what each of their memories has left,
-- so the audit page and `audit show` of a recorded run can say which devices of a class run a
-- version and how much room their memories keep, as the run saw them.
--   device_ids: the first ids (ascending, at most store::kAuditDeviceIdsRecorded) of the
--     device_count devices of the class that run the version, comma separated (device ids never
--     hold a comma: 0004's CHECK); device_count says how many more there are.
--   free_bytes: per memory of the class, in the class's order, the bytes the placement leaves
--     free: 'ram=992248;dtcm=65536' (0012's placement says the same for people).
-- Invariant: '' means not recorded: a result recorded before this migration, or, for
-- free_bytes, pools not placed (no memories listed, or a rejected placement).

ALTER TABLE audit_results ADD COLUMN device_ids TEXT NOT NULL DEFAULT '';
ALTER TABLE audit_results ADD COLUMN free_bytes TEXT NOT NULL DEFAULT '';
