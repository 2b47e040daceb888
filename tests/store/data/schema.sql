-- application_id=1095914324
-- user_version=20
CREATE TABLE alias_moves (
  id INTEGER PRIMARY KEY,
  model_id INTEGER NOT NULL REFERENCES models (id),
  alias TEXT NOT NULL,
  old_version INTEGER,                 -- NULL: the alias was created
  new_version INTEGER,                 -- NULL: the alias was removed
  moved_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  CHECK (old_version IS NOT NULL OR new_version IS NOT NULL)
) STRICT;
CREATE TABLE alias_rollbacks (
  id INTEGER PRIMARY KEY,
  move_id INTEGER NOT NULL UNIQUE REFERENCES alias_moves (id),
  model_id INTEGER NOT NULL REFERENCES models (id),
  alias TEXT NOT NULL,
  from_version INTEGER,                -- NULL: the alias did not exist (it was removed before)
  to_version INTEGER NOT NULL,
  newest_version INTEGER NOT NULL,     -- the high-water mark the move went below
  via TEXT NOT NULL CHECK (via IN ('alias', 'pull')),
  allowed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  CHECK (to_version < newest_version)
) STRICT;
CREATE TABLE aliases (
  model_id INTEGER NOT NULL,
  alias TEXT NOT NULL
    CHECK (length(alias) BETWEEN 1 AND 64 AND alias GLOB '[A-Za-z]*'
           AND alias NOT GLOB '*[^A-Za-z0-9._-]*'),
  version INTEGER NOT NULL,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (model_id, alias),
  FOREIGN KEY (model_id, version) REFERENCES versions (model_id, version)
) STRICT, WITHOUT ROWID;
CREATE TABLE artifacts (
  id INTEGER PRIMARY KEY,
  sha256 TEXT NOT NULL UNIQUE
    CHECK (length(sha256) = 64 AND sha256 NOT GLOB '*[^0-9a-f]*'),
  size_bytes INTEGER NOT NULL CHECK (size_bytes > 0),
  format_major INTEGER NOT NULL,
  format_minor INTEGER NOT NULL,
  producer TEXT NOT NULL,
  model_name TEXT NOT NULL,            -- the name recorded inside the artifact
  source_model_name TEXT NOT NULL,
  source_model_sha256 TEXT NOT NULL,   -- empty for built-in examples
  kernel_major INTEGER NOT NULL,
  kernel_minor INTEGER NOT NULL,
  kernel_patch INTEGER NOT NULL,
  kernel_version TEXT NOT NULL,        -- 'major.minor.patch', for filters
  target_isa TEXT NOT NULL,            -- kernels::IsaName, e.g. 'arm_mve'
  target_cpu TEXT NOT NULL,
  operator_count INTEGER NOT NULL CHECK (operator_count >= 0),
  pool_count INTEGER NOT NULL CHECK (pool_count >= 0),
  planned_bytes INTEGER NOT NULL,      -- sum of the pools' planned bytes
  scratch_bytes INTEGER NOT NULL,      -- sum of the operators' planned scratch
  plan_algorithm TEXT NOT NULL,
  lower_bound_bytes INTEGER NOT NULL,
  stored_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;
CREATE TABLE "audit_findings" (
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
    REFERENCES "audit_results" (run_id, class_key, model, version) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
CREATE TABLE audit_fix_moves (
  run_id INTEGER NOT NULL,
  seq INTEGER NOT NULL CHECK (seq >= 0),
  class_key TEXT NOT NULL,
  model TEXT NOT NULL,
  version INTEGER NOT NULL,
  fixed INTEGER NOT NULL CHECK (fixed IN (0, 1)),
  replanned_reference TEXT NOT NULL,  -- model@version the devices now run; '' when not fixed
  replanned_sha256 TEXT NOT NULL CHECK (replanned_sha256 = '' OR length(replanned_sha256) = 64),
  signed INTEGER NOT NULL CHECK (signed IN (0, 1)),  -- the fix signed the re-plan
  devices_moved INTEGER NOT NULL CHECK (devices_moved >= 0),
  before_bytes INTEGER NOT NULL CHECK (before_bytes >= 0),  -- planned, original
  after_bytes INTEGER NOT NULL CHECK (after_bytes >= 0),    -- planned, re-plan
  error TEXT NOT NULL, replan_row_stages INTEGER NOT NULL DEFAULT 0 CHECK (replan_row_stages >= 0), replan_extra_macs INTEGER NOT NULL DEFAULT 0 CHECK (replan_extra_macs >= 0), replan_model_macs INTEGER NOT NULL DEFAULT 0 CHECK (replan_model_macs >= 0), replan_reference_kernel_ops INTEGER NOT NULL DEFAULT 0 CHECK (replan_reference_kernel_ops >= 0), replan_own_slower_kernel_ops INTEGER NOT NULL DEFAULT 0 CHECK (replan_own_slower_kernel_ops >= 0),                -- why not fixed; '' when fixed
  CHECK ((fixed = 1 AND replanned_reference <> '' AND error = '')
         OR (fixed = 0 AND error <> '')),
  PRIMARY KEY (run_id, seq),
  FOREIGN KEY (run_id, class_key, model, version)
    REFERENCES audit_results (run_id, class_key, model, version) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
CREATE TABLE "audit_results" (
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
  reasons TEXT NOT NULL,
  reclaimable_bytes INTEGER NOT NULL CHECK (reclaimable_bytes >= 0),  -- per device
  curable INTEGER NOT NULL CHECK (curable IN (0, 1)),
  ops TEXT NOT NULL DEFAULT '',
  signature TEXT NOT NULL DEFAULT 'unknown'
    CHECK (signature IN ('trusted', 'unsigned', 'untrusted', 'revoked', 'invalid', 'unknown')),
  revoked_key TEXT NOT NULL DEFAULT '',        -- the revoked key's name, as it was trusted
  revocation_reason TEXT NOT NULL DEFAULT '', placement TEXT NOT NULL DEFAULT '', device_ids TEXT NOT NULL DEFAULT '', free_bytes TEXT NOT NULL DEFAULT '', device_ram_bytes INTEGER NOT NULL DEFAULT 0 CHECK (device_ram_bytes >= 0), planned_bytes INTEGER NOT NULL DEFAULT 0 CHECK (planned_bytes >= 0), tensor_bound_bytes INTEGER NOT NULL DEFAULT 0 CHECK (tensor_bound_bytes >= 0), replan_bytes INTEGER NOT NULL DEFAULT 0 CHECK (replan_bytes >= 0), row_stages INTEGER NOT NULL DEFAULT 0 CHECK (row_stages >= 0), extra_macs INTEGER NOT NULL DEFAULT 0 CHECK (extra_macs >= 0), model_macs INTEGER NOT NULL DEFAULT 0 CHECK (model_macs >= 0), reference_kernel_ops INTEGER NOT NULL DEFAULT 0 CHECK (reference_kernel_ops >= 0), own_slower_kernel_ops INTEGER NOT NULL DEFAULT 0 CHECK (own_slower_kernel_ops >= 0),  -- as `key revoke --reason` recorded it
  PRIMARY KEY (run_id, class_key, model, version),
  CHECK (revoked_key = '' OR signature = 'revoked')
) STRICT, WITHOUT ROWID;
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
, require_signature INTEGER NOT NULL DEFAULT 0
  CHECK (require_signature IN (0, 1)), fix_of_run INTEGER REFERENCES audit_runs (id)
  CHECK (fix_of_run IS NULL OR fix_of_run < id)) STRICT;
CREATE TABLE blobs (
  artifact_id INTEGER PRIMARY KEY REFERENCES artifacts (id) ON DELETE CASCADE,
  bytes BLOB NOT NULL
) STRICT;
CREATE TABLE deployments (
  device_id TEXT PRIMARY KEY REFERENCES devices (id) ON DELETE CASCADE,
  model_id INTEGER NOT NULL,
  version INTEGER NOT NULL,
  deployed_by TEXT NOT NULL DEFAULT '',  -- 'fleet deploy', 'fleet import', 'audit --fix (run 4)'
  deployed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  FOREIGN KEY (model_id, version) REFERENCES versions (model_id, version)
) STRICT, WITHOUT ROWID;
CREATE TABLE device_class_pools (
  class_id INTEGER NOT NULL REFERENCES device_classes (id) ON DELETE CASCADE,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
  capacity_bytes INTEGER NOT NULL CHECK (capacity_bytes > 0),
  PRIMARY KEY (class_id, name)
) STRICT, WITHOUT ROWID;
CREATE TABLE device_classes (
  id INTEGER PRIMARY KEY,
  class_key TEXT NOT NULL UNIQUE
    CHECK (length(class_key) = 12 AND class_key NOT GLOB '*[^0-9a-f]*'),
  hardware TEXT NOT NULL CHECK (length(hardware) BETWEEN 1 AND 128),
  isa TEXT NOT NULL,                   -- kernels::IsaName of the runtime build the devices run
  kernel_version TEXT NOT NULL,        -- of the runtime the devices run now, 'major.minor.patch'
  pools TEXT NOT NULL                  -- canonical 'dtcm=65536;sram=262144' (by name, bytes)
, ops TEXT NOT NULL DEFAULT ''
  CHECK (ops NOT GLOB '*[^a-z0-9_,]*')) STRICT;
CREATE TABLE devices (
  id TEXT PRIMARY KEY
    CHECK (length(id) BETWEEN 1 AND 128 AND id NOT GLOB '*[^A-Za-z0-9._:-]*'),
  class_id INTEGER NOT NULL REFERENCES device_classes (id),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT, WITHOUT ROWID;
CREATE TABLE key_revocations (
  id INTEGER PRIMARY KEY,
  public_key BLOB NOT NULL CHECK (length(public_key) = 32),
  key_name TEXT NOT NULL CHECK (length(key_name) BETWEEN 1 AND 128),  -- as it was trusted
  reason TEXT NOT NULL DEFAULT '' CHECK (length(reason) <= 1000),
  revoked_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  lifted_at TEXT                       -- NULL: in force; set by `key trust --force`
) STRICT;
CREATE TABLE models (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE
    CHECK (length(name) BETWEEN 1 AND 128 AND name GLOB '[A-Za-z0-9]*'
           AND name NOT GLOB '*[^A-Za-z0-9._-]*'),
  last_version INTEGER NOT NULL DEFAULT 0 CHECK (last_version >= 0),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;
CREATE TABLE operators (
  artifact_id INTEGER NOT NULL REFERENCES artifacts (id) ON DELETE CASCADE,
  op_index INTEGER NOT NULL CHECK (op_index >= 0),
  kind TEXT NOT NULL,                  -- kernels::OpKindName, e.g. 'conv2d'
  scratch_bytes INTEGER NOT NULL CHECK (scratch_bytes >= 0),
  PRIMARY KEY (artifact_id, op_index)
) STRICT, WITHOUT ROWID;
CREATE TABLE "pools" (
  artifact_id INTEGER NOT NULL REFERENCES artifacts (id) ON DELETE CASCADE,
  pool_index INTEGER NOT NULL CHECK (pool_index >= 0),
  name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('workspace', 'constant', 'io', 'state')),
  planned_bytes INTEGER NOT NULL CHECK (planned_bytes >= 0),
  alignment INTEGER NOT NULL,
  capacity_bytes INTEGER NOT NULL,     -- 0: the plan was made without a capacity
  PRIMARY KEY (artifact_id, pool_index)
) STRICT, WITHOUT ROWID;
CREATE TABLE remotes (
  name TEXT PRIMARY KEY
    CHECK (length(name) BETWEEN 1 AND 64 AND name GLOB '[A-Za-z]*'
           AND name NOT GLOB '*[^A-Za-z0-9._-]*'),
  url TEXT NOT NULL CHECK (url GLOB 'http://?*' OR url GLOB 'https://?*'),
  ca_file TEXT NOT NULL DEFAULT '',    -- '' = the system's certificate authorities
  insecure INTEGER NOT NULL DEFAULT 0 CHECK (insecure IN (0, 1)),  -- 1: plain HTTP allowed
  added_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT, WITHOUT ROWID;
CREATE TABLE removed_versions (
  model_id INTEGER NOT NULL REFERENCES models (id),
  version INTEGER NOT NULL CHECK (version >= 1),
  sha256 TEXT CHECK (sha256 IS NULL OR length(sha256) = 64),  -- NULL: removed before 0005
  removed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (model_id, version)
) STRICT, WITHOUT ROWID;
CREATE TABLE settings (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT, WITHOUT ROWID;
CREATE TABLE signatures (
  id INTEGER PRIMARY KEY,
  artifact_id INTEGER NOT NULL REFERENCES artifacts (id) ON DELETE CASCADE,
  model_id INTEGER NOT NULL,
  version INTEGER NOT NULL,
  public_key BLOB NOT NULL CHECK (length(public_key) = 32),
  signature BLOB NOT NULL CHECK (length(signature) = 64),
  signed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (model_id, version, public_key),
  FOREIGN KEY (model_id, version) REFERENCES versions (model_id, version) ON DELETE CASCADE
) STRICT;
CREATE TABLE trusted_keys (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 128),
  public_key BLOB NOT NULL UNIQUE CHECK (length(public_key) = 32),
  trusted_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;
CREATE TABLE versions (
  model_id INTEGER NOT NULL REFERENCES models (id),
  version INTEGER NOT NULL CHECK (version >= 1),
  artifact_id INTEGER NOT NULL REFERENCES artifacts (id),
  note TEXT NOT NULL DEFAULT '',
  derived_from_sha256 TEXT              -- lineage: the artifact this one was re-planned from
    CHECK (derived_from_sha256 IS NULL OR length(derived_from_sha256) = 64),
  pushed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (model_id, version)
) STRICT, WITHOUT ROWID;
CREATE INDEX alias_moves_by_alias ON alias_moves (model_id, alias, id);
CREATE INDEX aliases_by_version ON aliases (model_id, version);
CREATE INDEX artifacts_by_isa ON artifacts (target_isa);
CREATE INDEX artifacts_by_target ON artifacts (kernel_version, target_isa);
CREATE INDEX audit_results_by_verdict ON audit_results (run_id, verdict);
CREATE INDEX deployments_by_version ON deployments (model_id, version);
CREATE INDEX devices_by_class ON devices (class_id);
CREATE UNIQUE INDEX key_revocations_in_force ON key_revocations (public_key)
  WHERE lifted_at IS NULL;
CREATE INDEX operators_by_kind ON operators (kind, scratch_bytes);
CREATE INDEX pools_by_name ON pools (name, planned_bytes);
CREATE INDEX signatures_by_artifact ON signatures (artifact_id);
CREATE INDEX versions_by_artifact ON versions (artifact_id);
CREATE TRIGGER alias_created_journal AFTER INSERT ON aliases
BEGIN
  INSERT INTO alias_moves (model_id, alias, old_version, new_version)
    VALUES (NEW.model_id, NEW.alias, NULL, NEW.version);
END;
CREATE TRIGGER alias_moved_journal AFTER UPDATE OF version ON aliases
WHEN OLD.version IS NOT NEW.version
BEGIN
  INSERT INTO alias_moves (model_id, alias, old_version, new_version)
    VALUES (NEW.model_id, NEW.alias, OLD.version, NEW.version);
END;
CREATE TRIGGER alias_removed_journal AFTER DELETE ON aliases
BEGIN
  INSERT INTO alias_moves (model_id, alias, old_version, new_version)
    VALUES (OLD.model_id, OLD.alias, OLD.version, NULL);
END;
CREATE TRIGGER alias_rollbacks_are_immutable BEFORE UPDATE ON alias_rollbacks
BEGIN
  SELECT RAISE(ABORT, 'alias rollback overrides are a journal and are never changed');
END;
CREATE TRIGGER alias_rollbacks_are_kept BEFORE DELETE ON alias_rollbacks
BEGIN
  SELECT RAISE(ABORT, 'alias rollback overrides are a journal and are never deleted');
END;
CREATE TRIGGER artifacts_are_immutable BEFORE UPDATE ON artifacts
BEGIN
  SELECT RAISE(ABORT, 'artifacts are immutable; push new bytes instead');
END;
CREATE TRIGGER audit_fix_moves_are_immutable BEFORE UPDATE ON audit_fix_moves
BEGIN
  SELECT RAISE(ABORT, 'audit --fix moves are records; run a new audit instead');
END;
CREATE TRIGGER audit_results_are_immutable BEFORE UPDATE ON audit_results
BEGIN
  SELECT RAISE(ABORT, 'audit results are records; run a new audit instead');
END;
CREATE TRIGGER audit_runs_are_immutable BEFORE UPDATE ON audit_runs
BEGIN
  SELECT RAISE(ABORT, 'audit runs are records; run a new audit instead');
END;
CREATE TRIGGER blobs_are_immutable BEFORE UPDATE ON blobs
BEGIN
  SELECT RAISE(ABORT, 'artifact blobs are immutable; push new bytes instead');
END;
CREATE TRIGGER deployed_versions_stay BEFORE DELETE ON versions
WHEN EXISTS (SELECT 1 FROM deployments WHERE model_id = OLD.model_id AND version = OLD.version)
BEGIN
  SELECT RAISE(ABORT, 'the version is deployed to devices; deploy another version to them first (`arenastore fleet deploy`)');
END;
CREATE TRIGGER key_revocation_untrusts AFTER INSERT ON key_revocations
BEGIN
  DELETE FROM trusted_keys WHERE public_key = NEW.public_key;
END;
CREATE TRIGGER key_revocations_are_kept BEFORE DELETE ON key_revocations
BEGIN
  SELECT RAISE(ABORT, 'key revocations are a journal and are never deleted');
END;
CREATE TRIGGER key_revocations_are_lifted_once BEFORE UPDATE ON key_revocations
WHEN OLD.lifted_at IS NOT NULL OR NEW.lifted_at IS NULL OR NEW.id IS NOT OLD.id
  OR NEW.public_key IS NOT OLD.public_key OR NEW.key_name IS NOT OLD.key_name
  OR NEW.reason IS NOT OLD.reason OR NEW.revoked_at IS NOT OLD.revoked_at
BEGIN
  SELECT RAISE(ABORT, 'a key revocation is only ever lifted, once');
END;
CREATE TRIGGER removed_versions_are_recorded AFTER DELETE ON versions
BEGIN
  INSERT INTO removed_versions (model_id, version, sha256)
    VALUES (OLD.model_id, OLD.version,
            (SELECT sha256 FROM artifacts WHERE id = OLD.artifact_id))
    ON CONFLICT (model_id, version) DO UPDATE SET sha256 = excluded.sha256,
                                                  removed_at = excluded.removed_at;
END;
CREATE TRIGGER revoked_keys_are_not_trusted BEFORE INSERT ON trusted_keys
WHEN EXISTS (SELECT 1 FROM key_revocations WHERE public_key = NEW.public_key
             AND lifted_at IS NULL)
BEGIN
  SELECT RAISE(ABORT, 'this key is revoked; lift the revocation with `arenastore key trust --force`');
END;
CREATE TRIGGER versions_are_immutable BEFORE UPDATE ON versions
BEGIN
  SELECT RAISE(ABORT, 'model versions are immutable; push a new version instead');
END;
CREATE TRIGGER versions_take_the_next_or_a_never_used_number BEFORE INSERT ON versions
WHEN NEW.version IS NOT (SELECT last_version FROM models WHERE id = NEW.model_id)
BEGIN
  SELECT RAISE(ABORT, 'a new version must take its model''s next number')
  WHERE NEW.version > (SELECT last_version FROM models WHERE id = NEW.model_id);
  SELECT RAISE(ABORT, 'this version number was used and removed in this store; numbers are never reused')
  WHERE EXISTS (SELECT 1 FROM removed_versions r WHERE r.model_id = NEW.model_id
                AND r.version = NEW.version
                AND (r.sha256 IS NULL
                     OR r.sha256 IS NOT (SELECT sha256 FROM artifacts WHERE id = NEW.artifact_id)));
END;
