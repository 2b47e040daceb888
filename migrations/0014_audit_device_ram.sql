-- 0014: an audit result records the device RAM the deployed version needs on the class's
-- devices, in all: its planned pools (state included) plus the runtime's own memory for it
-- (prepared operators, the executor) with the object sizes of the class's ISA
-- (runtime::DeviceRamOf(view, class ISA).total_bytes(); the figure `inspect --json` gives as
-- device_ram.total_bytes when the class's ISA runs on the same kind of device as the artifact's).
-- So `audit show` of a recorded run says how much RAM each class had to reserve, as the run
-- judged it, without the artifacts.
-- Invariant: 0 means not recorded: a result recorded before this migration (the executor
-- alone makes a recorded figure non-zero).

ALTER TABLE audit_results ADD COLUMN device_ram_bytes INTEGER NOT NULL DEFAULT 0 CHECK (device_ram_bytes >= 0);
