// Fault injection: SQLite's allocator fails at the 1st, 2nd, 3rd, ... allocation of a push and
// of a migration. Whatever fails, the database must be exactly as before (or, for a migration
// chain, exactly at a schema version that committed) and pass integrity_check.
// The allocator is installed by a static initializer, before anything in this test binary
// initialises SQLite (SQLITE_CONFIG_MALLOC is only accepted before sqlite3_initialize).
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <atomic>
#include <cstdio>
#include <filesystem>

#include "store/push.h"
#include "store/schema.h"
#include "tests/store/store_test_support.h"
#include "tests/store/test_artifacts.h"

namespace arenastore::store {
namespace {

using testing::DumpDatabase;
using testing::IntegrityCheck;
using testing::OpenOrDie;
using testing::ScratchDir;

// Counts allocations while armed and fails exactly one: the Nth.
class FaultyAllocator {
 public:
  static void Arm(int64_t fail_at) {
    countdown_ = fail_at;
    fired_ = false;
  }
  static void Disarm() { countdown_ = 0; }
  static bool fired() { return fired_; }
  static bool installed() { return installed_; }

  static bool Install() {
    if (sqlite3_config(SQLITE_CONFIG_GETMALLOC, &real_) != SQLITE_OK) return false;
    sqlite3_mem_methods faulty = real_;
    faulty.xMalloc = &Malloc;
    faulty.xRealloc = &Realloc;
    installed_ = sqlite3_config(SQLITE_CONFIG_MALLOC, &faulty) == SQLITE_OK;
    return installed_;
  }

 private:
  static bool ShouldFail() {
    if (countdown_ <= 0) return false;
    if (--countdown_ > 0) return false;
    fired_ = true;
    return true;
  }
  static void* Malloc(int bytes) { return ShouldFail() ? nullptr : real_.xMalloc(bytes); }
  static void* Realloc(void* old, int bytes) {
    return ShouldFail() ? nullptr : real_.xRealloc(old, bytes);
  }

  static inline sqlite3_mem_methods real_{};
  static inline std::atomic<int64_t> countdown_{0};
  static inline std::atomic<bool> fired_{false};
  static inline bool installed_ = false;
};

const bool kAllocatorInstalled = FaultyAllocator::Install();

// Atomicity under allocation failure is SQLite's in-memory rollback, independent of fsync;
// skipping fsync keeps thousands of iterations inside the suite's time budget.
constexpr const char* kNoFsync = "PRAGMA synchronous = OFF";

TEST(FaultInjection, AllocatorWasInstalledBeforeSqliteStarted) {
  EXPECT_TRUE(kAllocatorInstalled);
  EXPECT_TRUE(FaultyAllocator::installed());
}

TEST(FaultInjection, EveryFailedAllocationDuringAPushLeavesTheStoreUnchanged) {
  ASSERT_TRUE(FaultyAllocator::installed());
  ScratchDir dir(/*prefer_memory=*/true);
  const std::string baseline = dir.File("baseline.db");
  const std::vector<uint8_t> first = testing::TinyArtifact(3);
  const std::vector<uint8_t> second = testing::TinyArtifact(4);
  std::string before;
  {
    auto registry = Registry::Open(baseline);
    ASSERT_TRUE(registry.ok());
    ASSERT_TRUE(Push(*registry, first, {"kws", "prod", "", ""}).ok());
    before = DumpDatabase(registry->db());
  }  // closed: the WAL is checkpointed, so the file alone is the store
  int failures_seen = 0;
  for (int64_t fail_at = 1;; ++fail_at) {
    const std::string path = dir.File("run.db");
    std::filesystem::copy_file(baseline, path, std::filesystem::copy_options::overwrite_existing);
    auto registry = Registry::Open(path);
    ASSERT_TRUE(registry.ok()) << registry.status().message();
    ASSERT_TRUE(registry->db().Exec(kNoFsync).ok());
    FaultyAllocator::Arm(fail_at);
    auto pushed = Push(*registry, second, {"kws", "prod", "second", ""});
    FaultyAllocator::Disarm();
    if (!FaultyAllocator::fired()) {  // every allocation point has been failed once
      ASSERT_TRUE(pushed.ok()) << pushed.status().message();
      EXPECT_GT(failures_seen, 50);
      RecordProperty("allocations_failed", failures_seen);
      std::printf("failed each of %lld allocations in turn (%d failed the operation)\n",
                  static_cast<long long>(fail_at - 1), failures_seen);
      break;
    }
    SCOPED_TRACE("allocation " + std::to_string(fail_at));
    EXPECT_EQ(IntegrityCheck(registry->db()), "ok\n");
    if (pushed.ok()) {
      // SQLite recovered from this failure on its own: then the push must be whole.
      EXPECT_EQ(testing::QueryText(registry->db().handle(), "SELECT max(version) FROM versions"),
                "2\n");
    } else {
      ++failures_seen;
      EXPECT_EQ(DumpDatabase(registry->db()), before) << pushed.status().message();
      registry = Registry::Open(path);  // and on disk, through a fresh connection
      ASSERT_TRUE(registry.ok());
      EXPECT_EQ(DumpDatabase(registry->db()), before);
    }
  }
}

TEST(FaultInjection, EveryFailedAllocationDuringAMigrationLeavesACommittedVersion) {
  ASSERT_TRUE(FaultyAllocator::installed());
  ScratchDir dir(/*prefer_memory=*/true);
  const std::string baseline = dir.File("v1.db");
  {
    Database db = OpenOrDie(baseline);
    ASSERT_TRUE(MigrateTo(db, 1).ok());
    ASSERT_TRUE(db.Exec("INSERT INTO models (name) VALUES ('kws');"
                        "INSERT INTO artifacts (id, sha256, size_bytes, format_major, "
                        "format_minor, producer, model_name, source_model_name, "
                        "source_model_sha256, kernel_major, kernel_minor, kernel_patch, "
                        "kernel_version, target_isa, target_cpu, operator_count, pool_count, "
                        "planned_bytes, scratch_bytes, plan_algorithm, lower_bound_bytes) VALUES "
                        "(1, '" +
                        std::string(64, 'a') +
                        "', 1, 1, 0, '', 'kws', '', '', 1, 0, 0, '1.0.0', 'ref', '', 0, 0, 0, "
                        "0, '', 0); INSERT INTO blobs VALUES (1, x'00');"
                        "UPDATE models SET last_version = 1;"
                        "INSERT INTO versions (model_id, version, artifact_id) VALUES (1, 1, 1);"
                        "INSERT INTO aliases (model_id, alias, version) VALUES (1, 'prod', 1);")
                    .ok());
  }
  // The database after each committed migration, computed without faults: the file each step
  // starts from, and the dump a step that failed (or committed) must leave.
  std::vector<std::string> committed_file(LatestSchemaVersion() + 1);
  std::vector<std::string> expected(LatestSchemaVersion() + 1);
  committed_file[1] = baseline;
  for (int32_t version = 1; version <= LatestSchemaVersion(); ++version) {
    committed_file[version] = dir.File("v" + std::to_string(version) + ".db");
    if (version > 1) {
      std::filesystem::copy_file(committed_file[version - 1], committed_file[version]);
    }
    Database db = OpenOrDie(committed_file[version]);
    ASSERT_TRUE(MigrateTo(db, version).ok());
    expected[version] = DumpDatabase(db);
  }
  // One step at a time, from the state the step before committed: a fault in the chain lands in
  // one step with the earlier ones committed, and failing each step's allocations in turn costs
  // the sum of the steps' squares, not the square of their sum.
  int failures_seen = 0;
  for (int32_t version = 2; version <= LatestSchemaVersion(); ++version) {
    SCOPED_TRACE("migration to version " + std::to_string(version));
    for (int64_t fail_at = 1;; ++fail_at) {
      const std::string path = dir.File("run.db");
      std::filesystem::copy_file(committed_file[version - 1], path,
                                 std::filesystem::copy_options::overwrite_existing);
      Database db = OpenOrDie(path);
      ASSERT_TRUE(db.Exec(kNoFsync).ok());
      FaultyAllocator::Arm(fail_at);
      auto reached = MigrateTo(db, version);
      FaultyAllocator::Disarm();
      if (!FaultyAllocator::fired()) {
        ASSERT_TRUE(reached.ok()) << reached.status().message();
        break;
      }
      SCOPED_TRACE("allocation " + std::to_string(fail_at));
      if (!reached.ok()) ++failures_seen;
      EXPECT_EQ(IntegrityCheck(db), "ok\n");
      Database fresh = OpenOrDie(path);
      auto state = ReadSchemaState(fresh);
      ASSERT_TRUE(state.ok());
      ASSERT_TRUE(state->version == version - 1 || state->version == version) << state->version;
      if (reached.ok()) {
        EXPECT_EQ(state->version, version);
      }
      // Not a half-applied migration: byte for byte the state before or after the step.
      EXPECT_EQ(DumpDatabase(fresh), expected[state->version]) << reached.status().message();
    }
  }
  EXPECT_GT(failures_seen, 50);
  RecordProperty("allocations_failed", failures_seen);
  std::printf("failed each allocation of each migration step in turn (%d failed the step)\n",
              failures_seen);
}

}  // namespace
}  // namespace arenastore::store
