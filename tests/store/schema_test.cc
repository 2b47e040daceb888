#include "store/schema.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <vector>

#include "store/backup.h"
#include "tests/store/store_test_support.h"

namespace arenastore::store {
namespace {

using testing::DumpDatabase;
using testing::DumpSchema;
using testing::IntegrityCheck;
using testing::OpenOrDie;
using testing::QueryText;
using testing::ScratchDir;

const std::string kGoldenSchema =
    std::string(ARENASTORE_SOURCE_DIR) + "/tests/store/data/schema.sql";

// Rows a store at schema `version` could hold, inserted with that schema's SQL only.
void SeedDataValidAt(Database& db, int32_t version) {
  std::string sql =
      "INSERT INTO artifacts (id, sha256, size_bytes, format_major, format_minor, producer, "
      "model_name, source_model_name, source_model_sha256, kernel_major, kernel_minor, "
      "kernel_patch, kernel_version, target_isa, target_cpu, operator_count, pool_count, "
      "planned_bytes, scratch_bytes, plan_algorithm, lower_bound_bytes) VALUES "
      "(1, '" +
      std::string(64, 'a') +
      "', 3, 1, 0, 'p', 'kws', 'kws.tflite', '', 1, 0, 0, "
      "'1.0.0', 'ref', 'generic', 2, 1, 4096, 512, 'greedy_by_size', 4000),"
      "(2, '" +
      std::string(64, 'b') +
      "', 2, 1, 0, 'p', 'kws', 'kws.tflite', '', 1, 1, 0, "
      "'1.1.0', 'arm_mve', 'cortex-m55', 1, 1, 2048, 0, 'greedy_by_size', 2048);"
      "INSERT INTO blobs VALUES (1, x'010203'), (2, x'0405');"
      "INSERT INTO operators VALUES (1, 0, 'conv2d', 512), (1, 1, 'softmax', 0),"
      "  (2, 0, 'fully_connected', 0);"
      "INSERT INTO pools VALUES (1, 0, 'sram', 'workspace', 4096, 16, 0),"
      "  (2, 0, 'sram', 'workspace', 2048, 16, 65536);"
      "INSERT INTO models (id, name) VALUES (1, 'kws'), (2, 'vision');"
      "UPDATE models SET last_version = 1 WHERE id = 1;"
      "INSERT INTO versions (model_id, version, artifact_id, note) VALUES (1, 1, 1, 'first');"
      "UPDATE models SET last_version = 2 WHERE id = 1;"
      "INSERT INTO versions (model_id, version, artifact_id, note) VALUES (1, 2, 2, 'mve');"
      "INSERT INTO aliases (model_id, alias, version) VALUES (1, 'prod', 1), (1, 'canary', 2);"
      // 'gappy' held versions 1 and 3 once (removed); version 2 remains.
      "INSERT INTO models (id, name) VALUES (3, 'gappy');"
      "UPDATE models SET last_version = 2 WHERE id = 3;"
      "INSERT INTO versions (model_id, version, artifact_id) VALUES (3, 2, 1);"
      "UPDATE models SET last_version = 3 WHERE id = 3;";
  if (version >= 2) sql += "UPDATE aliases SET version = 2 WHERE alias = 'prod';";
  if (version >= 3) {
    sql +=
        "INSERT INTO trusted_keys (name, public_key) VALUES ('release', zeroblob(32));"
        "INSERT INTO signatures (artifact_id, model_id, version, public_key, signature) "
        "VALUES (2, 1, 2, zeroblob(32), zeroblob(64));"
        "UPDATE settings SET value = 'on' WHERE name = 'require_signature';";
  }
  if (version >= 4) {
    sql +=
        "INSERT INTO device_classes (id, class_key, hardware, isa, kernel_version, pools) "
        "VALUES (1, '0123456789ab', 'm55', 'arm_mve', '1.1.0', 'sram=262144');"
        "INSERT INTO device_class_pools VALUES (1, 'sram', 262144);"
        "INSERT INTO devices (id, class_id) VALUES ('dev-1', 1), ('dev-2', 1);"
        "INSERT INTO deployments (device_id, model_id, version) VALUES ('dev-1', 1, 2);"
        "INSERT INTO audit_runs (id, started_at, elapsed_ms, runtime_kernel_version, policy, "
        "isas, device_count, undeployed_devices, class_count, artifact_count, "
        "evaluation_count) VALUES (1, '2026-11-23T12:00:00Z', 5, '1.2.0', 'default', '', 2, 1, "
        "1, 1, 1);"
        "INSERT INTO audit_results (run_id, class_key, hardware, isa, device_kernel_version, "
        "pools, model, version, sha256, device_count, verdict, reasons, reclaimable_bytes, "
        "curable) VALUES (1, '0123456789ab', 'm55', 'arm_mve', '1.1.0', 'sram=256K', 'kws', 2, "
        "'" +
        std::string(64, 'b') +
        "', 1, 'warn', 'scratch_surplus op 0 by 16 B', 16, 0);"
        "INSERT INTO audit_findings VALUES (1, '0123456789ab', 'kws', 2, 0, 'scratch_surplus', "
        "0, 0, 'conv2d', '', 528, 512, 'op 0 (conv2d) plans 16 B of scratch it does not use');";
  }
  if (version >= 5) {
    sql +=
        "INSERT INTO remotes (name, url, ca_file, insecure) VALUES ('hub', "
        "'https://registry.example.com/team', '', 0);"
        // gappy's numbers 1 and 3, removed before 0005 (invariant 1 of 0005).
        "INSERT INTO removed_versions (model_id, version, sha256) VALUES (3, 1, NULL), "
        "(3, 3, NULL);";
  }
  const Status status = db.Exec(sql);
  ASSERT_TRUE(status.ok()) << status.message();
}

std::string TableNames(Database& db) {
  return QueryText(db.handle(), "SELECT name FROM sqlite_schema WHERE type='table' ORDER BY 1");
}

// Each table's column names, one table per line, as the tables list names them.
std::string ColumnLists(Database& db, const std::string& tables) {
  std::string lists;
  std::istringstream names(tables);
  for (std::string table; std::getline(names, table);) {
    lists += QueryText(db.handle(),
                       "SELECT group_concat(name, ', ') FROM pragma_table_info('" + table + "')");
  }
  return lists;
}

// The rows of the tables, reading only the given columns (a later migration may add some).
std::string Rows(Database& db, const std::string& tables, const std::string& column_lists) {
  std::string rows;
  std::istringstream names(tables);
  std::istringstream columns(column_lists);
  std::string table, column_list;
  while (std::getline(names, table) && std::getline(columns, column_list)) {
    rows += table + ":\n" +
            QueryText(db.handle(), "SELECT " + column_list + " FROM " + table + " ORDER BY 1, 2");
  }
  return rows;
}

std::string ReadAll(const std::string& path) {
  std::ifstream file(path);
  return std::string(std::istreambuf_iterator<char>(file), {});
}

TEST(Migrations, AreNumberedDenselyFromOneWithDescriptiveNames) {
  const auto migrations = EmbeddedMigrations();
  ASSERT_GE(migrations.size(), 2u);
  for (size_t i = 0; i < migrations.size(); ++i) {
    EXPECT_EQ(migrations[i].version, static_cast<int32_t>(i + 1));
    EXPECT_EQ(std::string(migrations[i].name).size() > 5, true);
    const std::string sql = migrations[i].sql;
    EXPECT_TRUE(sql.find("CREATE") != sql.npos || sql.find("ALTER TABLE") != sql.npos)
        << migrations[i].name << " changes no schema";
  }
  EXPECT_EQ(LatestSchemaVersion(), migrations.back().version);
}

TEST(Schema, EmptyDatabaseIsCreatedAtTheLatestVersion) {
  ScratchDir dir;
  Database db = OpenOrDie(dir.File("a.db"));
  ASSERT_TRUE(EnsureLatestSchema(db).ok());
  auto state = ReadSchemaState(db);
  ASSERT_TRUE(state.ok());
  EXPECT_EQ(state->version, LatestSchemaVersion());
  EXPECT_EQ(state->application_id, kApplicationId);
  EXPECT_TRUE(EnsureLatestSchema(db).ok());  // idempotent
}

TEST(Schema, MatchesTheCheckedInGoldenDump) {
  ScratchDir dir;
  Database db = OpenOrDie(dir.File("a.db"));
  ASSERT_TRUE(EnsureLatestSchema(db).ok());
  const std::string dump = DumpSchema(db);
  if (std::getenv("ARENASTORE_UPDATE_GOLDEN") != nullptr) {
    std::ofstream(kGoldenSchema) << dump;
  }
  EXPECT_EQ(dump, ReadAll(kGoldenSchema))
      << "the schema changed; add a migration, then regenerate with ARENASTORE_UPDATE_GOLDEN=1";
}

TEST(Schema, StrictTablesEverywhere) {
  ScratchDir dir;
  Database db = OpenOrDie(dir.File("a.db"));
  ASSERT_TRUE(EnsureLatestSchema(db).ok());
  EXPECT_EQ(QueryText(db.handle(),
                      "SELECT name FROM pragma_table_list WHERE schema = 'main' AND strict = 0 "
                      "AND name NOT LIKE 'sqlite_%'"),
            "");
}

TEST(Schema, OlderStoreIsNotUpgradedImplicitlyAndSaysToRunDbMigrate) {
  ScratchDir dir;
  Database db = OpenOrDie(dir.File("old.db"));
  ASSERT_TRUE(MigrateTo(db, 1).ok());
  const std::string before = DumpDatabase(db);
  const Status status = EnsureLatestSchema(db);
  EXPECT_EQ(status.code(), ErrorCode::kStoreNeedsMigration);
  EXPECT_NE(std::string(status.message()).find("db migrate"), std::string::npos);
  EXPECT_NE(std::string(status.message()).find("version 1"), std::string::npos);
  EXPECT_EQ(DumpDatabase(db), before);
}

TEST(Schema, NewerStoreIsRefusedNamingBothVersions) {
  ScratchDir dir;
  Database db = OpenOrDie(dir.File("new.db"));
  ASSERT_TRUE(EnsureLatestSchema(db).ok());
  const int32_t future = LatestSchemaVersion() + 7;
  ASSERT_TRUE(db.Exec("PRAGMA user_version = " + std::to_string(future)).ok());
  const std::string before = DumpDatabase(db);
  const Status status = EnsureLatestSchema(db);
  EXPECT_EQ(status.code(), ErrorCode::kStoreSchemaTooNew);
  const std::string message = status.message();
  EXPECT_NE(message.find(std::to_string(future)), std::string::npos) << message;
  EXPECT_NE(message.find("up to " + std::to_string(LatestSchemaVersion())), std::string::npos)
      << message;
  EXPECT_EQ(MigrateTo(db, LatestSchemaVersion()).status().code(), ErrorCode::kStoreSchemaTooNew);
  EXPECT_EQ(DumpDatabase(db), before);
}

TEST(Migrations, EveryMigrationFromEveryEarlierSchemaKeepsTheData) {
  ScratchDir dir;
  Database fresh = OpenOrDie(dir.File("fresh.db"));
  ASSERT_TRUE(EnsureLatestSchema(fresh).ok());
  const std::string latest_schema = DumpSchema(fresh);
  for (int32_t start = 1; start < LatestSchemaVersion(); ++start) {
    SCOPED_TRACE("from schema " + std::to_string(start));
    Database db = OpenOrDie(dir.File("from" + std::to_string(start) + ".db"));
    ASSERT_EQ(*MigrateTo(db, start), start);
    SeedDataValidAt(db, start);
    const std::string old_tables = TableNames(db);
    const std::string old_columns = ColumnLists(db, old_tables);
    const std::string old_rows = Rows(db, old_tables, old_columns);
    for (int32_t step = start + 1; step <= LatestSchemaVersion(); ++step) {
      auto reached = MigrateTo(db, step);
      ASSERT_TRUE(reached.ok()) << reached.status().message();
      EXPECT_EQ(*reached, step);
      EXPECT_EQ(IntegrityCheck(db), "ok\n");
    }
    EXPECT_EQ(Rows(db, old_tables, old_columns), old_rows);
    EXPECT_EQ(DumpSchema(db), latest_schema);
    if (start < 2) {  // 0002 journals where each existing alias points now
      EXPECT_EQ(QueryText(db.handle(),
                          "SELECT alias, old_version, new_version FROM alias_moves "
                          "ORDER BY alias"),
                "canary|NULL|2\nprod|NULL|1\n");
    }
    if (start < 3) {  // 0003 starts with the signature policy off
      EXPECT_EQ(QueryText(db.handle(),
                          "SELECT value FROM settings WHERE name = "
                          "'require_signature'"),
                "off\n");
    }
    // The features of the newer schema work on the migrated data.
    ASSERT_TRUE(db.Exec("UPDATE aliases SET version = 1 WHERE alias = 'canary'").ok());
    EXPECT_EQ(QueryText(db.handle(),
                        "SELECT old_version, new_version FROM alias_moves WHERE "
                        "alias = 'canary' ORDER BY id DESC LIMIT 1"),
              "2|1\n");
    EXPECT_TRUE(db.Exec("INSERT INTO signatures (artifact_id, model_id, version, public_key, "
                        "signature) VALUES (1, 1, 1, randomblob(32), randomblob(64))")
                    .ok());
    // 0004: devices, deployments that keep their versions, immutable audit records.
    ASSERT_TRUE(db.Exec("INSERT OR IGNORE INTO device_classes (id, class_key, hardware, isa, "
                        "kernel_version, pools) VALUES (1, '0123456789ab', 'm55', 'arm_mve', "
                        "'1.1.0', 'sram=262144');"
                        "INSERT OR IGNORE INTO devices (id, class_id) VALUES ('dev-1', 1);"
                        "INSERT OR REPLACE INTO deployments (device_id, model_id, version) "
                        "VALUES ('dev-1', 1, 2);"
                        "INSERT OR IGNORE INTO audit_runs (id, started_at, elapsed_ms, "
                        "runtime_kernel_version, policy, isas, device_count, "
                        "undeployed_devices, class_count, artifact_count, evaluation_count) "
                        "VALUES (1, 'now', 5, '1.2.0', 'default', '', 1, 0, 1, 1, 1)")
                    .ok());
    EXPECT_FALSE(db.Exec("DELETE FROM versions WHERE model_id = 1 AND version = 2").ok());
    EXPECT_FALSE(db.Exec("UPDATE audit_runs SET note = 'x'").ok());
    // 0005: remotes; numbers removed before it are recorded from the gaps, so a pulled version
    // never takes one; a number never held below last_version may be filled in.
    if (start < 5) {
      EXPECT_EQ(QueryText(db.handle(),
                          "SELECT model_id, version, coalesce(sha256, 'NULL') FROM "
                          "removed_versions ORDER BY 1, 2"),
                "3|1|NULL\n3|3|NULL\n");
    }
    EXPECT_TRUE(db.Exec("INSERT OR IGNORE INTO remotes (name, url) VALUES ('hub', "
                        "'https://registry.example.com')")
                    .ok());
    EXPECT_FALSE(db.Exec("INSERT INTO remotes (name, url) VALUES ('ftp', 'ftp://x')").ok());
    EXPECT_FALSE(
        db.Exec("INSERT INTO versions (model_id, version, artifact_id) VALUES (3, 1, 1)").ok());
    ASSERT_TRUE(db.Exec("UPDATE models SET last_version = 5 WHERE id = 3").ok());
    EXPECT_TRUE(
        db.Exec("INSERT INTO versions (model_id, version, artifact_id) VALUES (3, 4, 2)").ok());
    EXPECT_FALSE(
        db.Exec("INSERT INTO versions (model_id, version, artifact_id) VALUES (3, 6, 2)").ok());
    ASSERT_TRUE(db.Exec("DELETE FROM versions WHERE model_id = 3 AND version = 4").ok());
    EXPECT_EQ(QueryText(db.handle(),
                        "SELECT sha256 FROM removed_versions WHERE model_id = 3 "
                        "AND version = 4"),
              std::string(64, 'b') + "\n");
    // 0006: classes from before record no ops (every op); ops are op names and commas only.
    if (start < 6) {
      EXPECT_EQ(QueryText(db.handle(), "SELECT ops FROM device_classes WHERE id = 1"), "\n");
    }
    EXPECT_FALSE(db.Exec("UPDATE device_classes SET ops = 'conv2d; DROP' WHERE id = 1").ok());
    EXPECT_TRUE(db.Exec("UPDATE device_classes SET ops = 'conv2d,softmax' WHERE id = 1").ok());
    // 0007: a pool may hold state; its other kinds stay closed.
    EXPECT_TRUE(db.Exec("INSERT INTO pools (artifact_id, pool_index, name, kind, planned_bytes, "
                        "alignment, capacity_bytes) VALUES (1, 90, 'state', 'state', 160, 2, 0)")
                    .ok());
    EXPECT_FALSE(db.Exec("INSERT INTO pools (artifact_id, pool_index, name, kind, planned_bytes, "
                         "alignment, capacity_bytes) VALUES (1, 91, 'x', 'flash', 1, 16, 0)")
                     .ok());
    // 0008: runs recorded before audits looked at signatures read back as under no policy, with
    // their results' signature states unknown; the states are a closed set.
    EXPECT_EQ(QueryText(db.handle(), "SELECT require_signature FROM audit_runs WHERE id = 1"),
              "0\n");
    if (start >= 4) {
      EXPECT_EQ(QueryText(db.handle(), "SELECT signature FROM audit_results WHERE run_id = 1"),
                "unknown\n");
    }
    EXPECT_FALSE(db.Exec("INSERT INTO audit_runs (started_at, elapsed_ms, "
                         "runtime_kernel_version, policy, isas, device_count, "
                         "undeployed_devices, class_count, artifact_count, evaluation_count, "
                         "require_signature) VALUES ('now', 1, '1.2.0', 'default', '', 1, 0, 1, "
                         "1, 1, 2)")
                     .ok());
    // 0009: revoking a key untrusts it, a revoked key is not trusted again until the revocation
    // is lifted, and revocations are kept.
    ASSERT_TRUE(db.Exec("INSERT OR IGNORE INTO trusted_keys (name, public_key) VALUES "
                        "('release', zeroblob(32));"
                        "INSERT INTO key_revocations (public_key, key_name, reason) VALUES "
                        "(zeroblob(32), 'release', 'leaked')")
                    .ok());
    EXPECT_EQ(QueryText(db.handle(),
                        "SELECT count(*) FROM trusted_keys WHERE public_key = "
                        "zeroblob(32)"),
              "0\n");
    EXPECT_FALSE(db.Exec("INSERT INTO trusted_keys (name, public_key) VALUES ('again', "
                         "zeroblob(32))")
                     .ok());
    EXPECT_FALSE(db.Exec("DELETE FROM key_revocations").ok());
    // 0010: the audit tells a revoked key's signature from an untrusted one, naming the key;
    // results and their findings recorded before survive the table's rebuild (the rows above),
    // the findings still cascade from their result, and results stay immutable.
    if (start >= 4) {
      EXPECT_EQ(QueryText(db.handle(),
                          "SELECT revoked_key || '|' || revocation_reason FROM "
                          "audit_results WHERE run_id = 1"),
                "|\n");
      EXPECT_EQ(QueryText(db.handle(), "SELECT count(*) FROM audit_findings"), "1\n");
    }
    const std::string result_columns =
        "INSERT INTO audit_results (run_id, class_key, hardware, isa, device_kernel_version, "
        "pools, model, version, sha256, device_count, verdict, reasons, reclaimable_bytes, "
        "curable, signature, revoked_key, revocation_reason) VALUES (1, 'cccccccccccc', 'm55', "
        "'arm_mve', '1.1.0', '', 'kws', 1, '" +
        std::string(64, 'a') + "', 1, 'ok', '', 0, 0, ";
    EXPECT_TRUE(db.Exec(result_columns + "'revoked', 'release', 'leaked')").ok());
    EXPECT_FALSE(db.Exec(result_columns + "'expired', '', '')").ok());
    EXPECT_FALSE(db.Exec(result_columns + "'untrusted', 'release', '')").ok())
        << "a revoked key is named only for a revoked signature";
    EXPECT_FALSE(db.Exec("UPDATE audit_results SET revoked_key = 'x'").ok());
    ASSERT_TRUE(db.Exec("INSERT INTO audit_findings VALUES (1, 'cccccccccccc', 'kws', 1, 0, "
                        "'k', 0, -1, '', '', 0, 0, 'm')")
                    .ok());
    ASSERT_TRUE(db.Exec("DELETE FROM audit_results WHERE class_key = 'cccccccccccc'").ok());
    EXPECT_EQ(QueryText(db.handle(),
                        "SELECT count(*) FROM audit_findings WHERE class_key = "
                        "'cccccccccccc'"),
              "0\n");
    // 0011: an override journaled must go below the mark it names, and is kept.
    EXPECT_FALSE(db.Exec("INSERT INTO alias_rollbacks (move_id, model_id, alias, to_version, "
                         "newest_version, via) SELECT max(id), 1, 'prod', 2, 2, 'alias' FROM "
                         "alias_moves")
                     .ok());
    ASSERT_TRUE(db.Exec("INSERT INTO alias_rollbacks (move_id, model_id, alias, to_version, "
                        "newest_version, via) SELECT max(id), 1, 'prod', 1, 2, 'pull' FROM "
                        "alias_moves")
                    .ok());
    EXPECT_FALSE(db.Exec("DELETE FROM alias_rollbacks").ok());
    // 0015: runs recorded before are no fix's re-audit; a fix's move names a result of the run
    // it acted on, says where the devices went or why not, and is kept as recorded; a re-audit
    // names an earlier run.
    EXPECT_EQ(QueryText(db.handle(), "SELECT count(*) FROM audit_runs WHERE fix_of_run IS NULL"),
              QueryText(db.handle(), "SELECT count(*) FROM audit_runs"));
    ASSERT_TRUE(db.Exec(result_columns + "'unsigned', '', '')").ok());  // cccccccccccc, kws@1
    const std::string move =
        "INSERT INTO audit_fix_moves (run_id, seq, class_key, model, version, fixed, "
        "replanned_reference, replanned_sha256, signed, devices_moved, before_bytes, after_bytes, "
        "error) VALUES (1, ";
    EXPECT_TRUE(db.Exec(move + "0, 'cccccccccccc', 'kws', 1, 1, 'kws@3', '" + std::string(64, 'c') +
                        "', 0, 1, 4096, 4112, '')")
                    .ok());
    EXPECT_TRUE(
        db.Exec(move + "1, 'cccccccccccc', 'kws', 1, 0, '', '', 0, 0, 0, 0, 'too small')").ok());
    EXPECT_FALSE(db.Exec(move + "2, 'dddddddddddd', 'kws', 1, 0, '', '', 0, 0, 0, 0, 'x')").ok())
        << "the rejected pair is a result of the run";
    EXPECT_FALSE(db.Exec(move + "3, 'cccccccccccc', 'kws', 1, 1, '', '', 0, 1, 0, 0, '')").ok())
        << "a pair moved names its version";
    EXPECT_FALSE(db.Exec(move + "4, 'cccccccccccc', 'kws', 1, 0, '', '', 0, 0, 0, 0, '')").ok())
        << "a pair not moved says why";
    EXPECT_FALSE(db.Exec("UPDATE audit_fix_moves SET error = 'x'").ok());
    const std::string reaudit =
        "INSERT INTO audit_runs (id, started_at, elapsed_ms, runtime_kernel_version, policy, "
        "isas, device_count, undeployed_devices, class_count, artifact_count, evaluation_count, "
        "fix_of_run) VALUES (";
    EXPECT_FALSE(db.Exec(reaudit + "90, 'now', 1, '1.2.0', 'default', '', 1, 0, 1, 1, 1, 90)").ok())
        << "a re-audit follows the run it fixed";
    EXPECT_TRUE(db.Exec(reaudit + "91, 'now', 1, '1.2.0', 'default', '', 1, 0, 1, 1, 1, 1)").ok());
    // 0016: results recorded before hold no memory figures (0); a figure is never negative.
    EXPECT_EQ(QueryText(db.handle(),
                        "SELECT count(*) FROM audit_results WHERE planned_bytes != 0 OR "
                        "tensor_bound_bytes != 0 OR replan_bytes != 0"),
              "0\n");
    EXPECT_FALSE(db.Exec("UPDATE audit_results SET replan_bytes = -1").ok());
    // 0017: results recorded before hold no row-stage figures (0: read back as a version
    // without stages); none is ever negative.
    EXPECT_EQ(QueryText(db.handle(),
                        "SELECT count(*) FROM audit_results WHERE row_stages != 0 OR "
                        "extra_macs != 0 OR model_macs != 0"),
              "0\n");
    EXPECT_FALSE(db.Exec("UPDATE audit_results SET extra_macs = -1").ok());
    EXPECT_FALSE(db.Exec("UPDATE audit_results SET row_stages = -1").ok());
    // 0018: moves recorded before hold no re-plan row-stage figures (0: read back as a re-plan
    // without stages); none is ever negative.
    EXPECT_EQ(QueryText(db.handle(),
                        "SELECT count(*) FROM audit_fix_moves WHERE replan_row_stages != 0 OR "
                        "replan_extra_macs != 0 OR replan_model_macs != 0"),
              "0\n");
    EXPECT_FALSE(db.Exec("INSERT INTO audit_fix_moves (run_id, seq, class_key, model, version, "
                         "fixed, replanned_reference, replanned_sha256, signed, devices_moved, "
                         "before_bytes, after_bytes, error, replan_extra_macs) VALUES (1, 5, "
                         "'cccccccccccc', 'kws', 1, 0, '', '', 0, 0, 0, 0, 'x', -1)")
                     .ok());
    ASSERT_TRUE(db.Exec("DELETE FROM audit_results WHERE class_key = 'cccccccccccc'").ok());
    EXPECT_EQ(QueryText(db.handle(), "SELECT count(*) FROM audit_fix_moves"), "0\n")
        << "moves go with their result";
    EXPECT_TRUE(EnsureLatestSchema(db).ok());
  }
}

TEST(Migrations, AFailingMigrationLeavesThePreviousVersionUntouched) {
  ScratchDir dir;
  Database db = OpenOrDie(dir.File("a.db"));
  ASSERT_TRUE(MigrateTo(db, 1).ok());
  SeedDataValidAt(db, 1);
  const std::string before = DumpDatabase(db);
  const Migration broken[] = {
      EmbeddedMigrations()[0],
      {2, "0002_broken", "CREATE TABLE half (a INTEGER) STRICT; INSERT INTO nowhere VALUES (1);"},
  };
  auto reached = MigrateTo(db, 2, broken);
  ASSERT_FALSE(reached.ok());
  EXPECT_NE(std::string(reached.status().message()).find("0002_broken"), std::string::npos);
  EXPECT_NE(std::string(reached.status().message()).find("no such table: nowhere"),
            std::string::npos);
  EXPECT_EQ(DumpDatabase(db), before);
}

TEST(Migrations, AMigrationThatBreaksForeignKeysIsRolledBack) {
  ScratchDir dir;
  Database db = OpenOrDie(dir.File("a.db"));
  ASSERT_TRUE(MigrateTo(db, 1).ok());
  SeedDataValidAt(db, 1);
  const std::string before = DumpDatabase(db);
  // foreign_keys=ON stops a direct delete, so break a reference by rebuilding a table.
  const Migration breaking[] = {
      EmbeddedMigrations()[0],
      {2, "0002_breaks_keys",
       "PRAGMA defer_foreign_keys = ON; DELETE FROM artifacts WHERE id = 2;"},
  };
  auto reached = MigrateTo(db, 2, breaking);
  ASSERT_FALSE(reached.ok());
  EXPECT_EQ(DumpDatabase(db), before);
}

TEST(Backup, WritesAConsistentCopyAndRefusesToOverwrite) {
  ScratchDir dir;
  Database db = OpenOrDie(dir.File("a.db"));
  ASSERT_TRUE(EnsureLatestSchema(db).ok());
  SeedDataValidAt(db, LatestSchemaVersion());
  const std::string target = BackupPathBeside(db, LatestSchemaVersion());
  EXPECT_NE(target.find("a.db.v" + std::to_string(LatestSchemaVersion())), std::string::npos);
  ASSERT_TRUE(BackupTo(db, target).ok());
  Database copy = OpenOrDie(target);
  EXPECT_EQ(DumpDatabase(copy), DumpDatabase(db));
  EXPECT_EQ(BackupTo(db, target).code(), ErrorCode::kInvalidArgument);
  EXPECT_NE(BackupPathBeside(db, LatestSchemaVersion()), target);
}

}  // namespace
}  // namespace arenastore::store
