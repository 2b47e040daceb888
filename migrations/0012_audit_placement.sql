-- 0012: an audit result records where the device class's memories took the deployed version's
-- pools and what each memory has left ("ram: sram 55,296 B + state 1,032 B, 992,248 B free"),
-- so a recorded run shows the placement the gate judged (runtime/pool_placement.h).
-- Invariant: '' means not placed: no memories listed, a rejected placement, or a result
-- recorded before this migration.

ALTER TABLE audit_results ADD COLUMN placement TEXT NOT NULL DEFAULT '';
