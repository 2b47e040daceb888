-- 0006: a device class records the operators its runtime was built with (a selective build,
-- ARENASTORE_OPS), so an audit judges mixed builds: a model with an op a class's runtime lacks
-- is rejected there, naming the op.
-- Invariants:
--   1. ops is '' (the runtime was built with every op of its kernel library, as every class
--      imported before this migration was) or op names in the operator list's order, comma
--      separated, each once. '' keeps a class's key what it was before this migration.
--   2. Audit results copy the class's ops with its other attributes (0004, invariant 3).

ALTER TABLE device_classes ADD COLUMN ops TEXT NOT NULL DEFAULT ''
  CHECK (ops NOT GLOB '*[^a-z0-9_,]*');

ALTER TABLE audit_results ADD COLUMN ops TEXT NOT NULL DEFAULT '';
