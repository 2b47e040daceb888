-- 0004: the fleet (devices, their device classes, deployments) and recorded audits.
-- Invariants (constraints and triggers keep them):
--   1. Devices with identical compatibility attributes (hardware, ISA, runtime kernel version,
--      pool capacities) share one device class, keyed by a hash of those attributes, so an
--      audit costs classes x artifacts, not devices x artifacts.
--   2. A deployment points at an existing model version; a deployed version cannot be removed.
--   3. An audit run and its results are never changed; they copy every class attribute and the
--      artifact's digest, so a run stays readable after devices, classes or versions are gone.

CREATE TABLE device_classes (
  id INTEGER PRIMARY KEY,
  class_key TEXT NOT NULL UNIQUE
    CHECK (length(class_key) = 12 AND class_key NOT GLOB '*[^0-9a-f]*'),
  hardware TEXT NOT NULL CHECK (length(hardware) BETWEEN 1 AND 128),
  isa TEXT NOT NULL,                   -- kernels::IsaName of the runtime build the devices run
  kernel_version TEXT NOT NULL,        -- of the runtime the devices run now, 'major.minor.patch'
  pools TEXT NOT NULL                  -- canonical 'dtcm=65536;sram=262144' (by name, bytes)
) STRICT;

CREATE TABLE device_class_pools (
  class_id INTEGER NOT NULL REFERENCES device_classes (id) ON DELETE CASCADE,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
  capacity_bytes INTEGER NOT NULL CHECK (capacity_bytes > 0),
  PRIMARY KEY (class_id, name)
) STRICT, WITHOUT ROWID;

CREATE TABLE devices (
  id TEXT PRIMARY KEY
    CHECK (length(id) BETWEEN 1 AND 128 AND id NOT GLOB '*[^A-Za-z0-9._:-]*'),
  class_id INTEGER NOT NULL REFERENCES device_classes (id),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT, WITHOUT ROWID;
CREATE INDEX devices_by_class ON devices (class_id);

CREATE TABLE deployments (
  device_id TEXT PRIMARY KEY REFERENCES devices (id) ON DELETE CASCADE,
  model_id INTEGER NOT NULL,
  version INTEGER NOT NULL,
  deployed_by TEXT NOT NULL DEFAULT '',  -- 'fleet deploy', 'fleet import', 'audit --fix (run 4)'
  deployed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  FOREIGN KEY (model_id, version) REFERENCES versions (model_id, version)
) STRICT, WITHOUT ROWID;
CREATE INDEX deployments_by_version ON deployments (model_id, version);

CREATE TRIGGER deployed_versions_stay BEFORE DELETE ON versions
WHEN EXISTS (SELECT 1 FROM deployments WHERE model_id = OLD.model_id AND version = OLD.version)
BEGIN
  SELECT RAISE(ABORT, 'the version is deployed to devices; deploy another version to them first (`arenastore fleet deploy`)');
END;

CREATE TABLE audit_runs (
  id INTEGER PRIMARY KEY,
  started_at TEXT NOT NULL,
  elapsed_ms INTEGER NOT NULL CHECK (elapsed_ms >= 0),
  runtime_kernel_version TEXT NOT NULL,  -- the kernel library of the binary that judged
  policy TEXT NOT NULL CHECK (policy IN ('default', 'strict', 'fallback')),
  isas TEXT NOT NULL,                    -- ISAs audited, comma separated ('' = every one)
  note TEXT NOT NULL DEFAULT '',
  device_count INTEGER NOT NULL,         -- devices in the audited classes
  undeployed_devices INTEGER NOT NULL,
  class_count INTEGER NOT NULL,
  artifact_count INTEGER NOT NULL,
  evaluation_count INTEGER NOT NULL      -- distinct (class, artifact) pairs gated
) STRICT;

CREATE TABLE audit_results (
  run_id INTEGER NOT NULL REFERENCES audit_runs (id) ON DELETE CASCADE,
  class_key TEXT NOT NULL,
  hardware TEXT NOT NULL,
  isa TEXT NOT NULL,
  device_kernel_version TEXT NOT NULL,
  pools TEXT NOT NULL,
  model TEXT NOT NULL,
  version INTEGER NOT NULL,
  sha256 TEXT NOT NULL CHECK (length(sha256) = 64),
  device_count INTEGER NOT NULL CHECK (device_count > 0),
  verdict TEXT NOT NULL CHECK (verdict IN ('ok', 'warn', 'reject')),
  reasons TEXT NOT NULL,                 -- e.g. 'scratch_short op 4 (average_pool2d) by 16 B'
  reclaimable_bytes INTEGER NOT NULL CHECK (reclaimable_bytes >= 0),  -- per device
  curable INTEGER NOT NULL CHECK (curable IN (0, 1)),  -- a reject a re-plan may cure
  PRIMARY KEY (run_id, class_key, model, version)
) STRICT, WITHOUT ROWID;
CREATE INDEX audit_results_by_verdict ON audit_results (run_id, verdict);

CREATE TABLE audit_findings (
  run_id INTEGER NOT NULL,
  class_key TEXT NOT NULL,
  model TEXT NOT NULL,
  version INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  kind TEXT NOT NULL,                    -- runtime::FindingKindName
  rejects INTEGER NOT NULL CHECK (rejects IN (0, 1)),
  op_index INTEGER NOT NULL,             -- -1 when not about one operator
  op_kind TEXT NOT NULL,
  pool TEXT NOT NULL,
  planned_bytes INTEGER NOT NULL,
  required_bytes INTEGER NOT NULL,
  message TEXT NOT NULL,                 -- runtime::FormatFinding
  PRIMARY KEY (run_id, class_key, model, version, seq),
  FOREIGN KEY (run_id, class_key, model, version)
    REFERENCES audit_results (run_id, class_key, model, version) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;

CREATE TRIGGER audit_runs_are_immutable BEFORE UPDATE ON audit_runs
BEGIN
  SELECT RAISE(ABORT, 'audit runs are records; run a new audit instead');
END;

CREATE TRIGGER audit_results_are_immutable BEFORE UPDATE ON audit_results
BEGIN
  SELECT RAISE(ABORT, 'audit results are records; run a new audit instead');
END;
