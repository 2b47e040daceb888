#include "store/migrate_store.h"

#include <gtest/gtest.h>

#include "store/registry.h"
#include "store/schema.h"
#include "store/store_info.h"
#include "tests/store/store_test_support.h"

namespace arenastore::store {
namespace {

using testing::DumpDatabase;
using testing::OpenOrDie;
using testing::ScratchDir;

TEST(MigrateStore, BacksUpBesideTheStoreThenReachesTheLatestSchema) {
  ScratchDir dir;
  const std::string path = dir.File("old.db");
  std::string before;
  {
    Database db = OpenOrDie(path);
    ASSERT_TRUE(MigrateTo(db, 1).ok());
    ASSERT_TRUE(db.Exec("INSERT INTO models (name) VALUES ('kws')").ok());
    before = DumpDatabase(db);
  }
  EXPECT_EQ(Registry::Open(path).status().code(), ErrorCode::kStoreNeedsMigration);
  Database db = OpenOrDie(path);
  auto outcome = MigrateStore(db);
  ASSERT_TRUE(outcome.ok()) << outcome.status().message();
  EXPECT_EQ(outcome->from_version, 1);
  EXPECT_EQ(outcome->to_version, LatestSchemaVersion());
  ASSERT_FALSE(outcome->backup_path.empty());
  Database backup = OpenOrDie(outcome->backup_path);
  EXPECT_EQ(DumpDatabase(backup), before);
  EXPECT_TRUE(Registry::Open(path).ok());
}

TEST(MigrateStore, LatestStoreIsLeftAloneWithoutABackup) {
  ScratchDir dir;
  ASSERT_TRUE(Registry::Open(dir.File("a.db")).ok());
  Database db = OpenOrDie(dir.File("a.db"));
  auto outcome = MigrateStore(db);
  ASSERT_TRUE(outcome.ok());
  EXPECT_EQ(outcome->from_version, outcome->to_version);
  EXPECT_TRUE(outcome->backup_path.empty());
}

TEST(StoreInfo, CountsAtTheLatestSchemaAndOnlyVersionsBelowIt) {
  ScratchDir dir;
  {
    Database old = OpenOrDie(dir.File("old.db"));
    ASSERT_TRUE(MigrateTo(old, 1).ok());
    auto info = ReadStoreInfo(old);
    ASSERT_TRUE(info.ok());
    EXPECT_EQ(info->schema_version, 1);
    EXPECT_FALSE(info->counted);
  }
  ASSERT_TRUE(Registry::Open(dir.File("new.db")).ok());
  Database db = OpenOrDie(dir.File("new.db"));
  ASSERT_TRUE(db.Exec("INSERT INTO models (name) VALUES ('kws'), ('vision')").ok());
  auto info = ReadStoreInfo(db);
  ASSERT_TRUE(info.ok());
  EXPECT_TRUE(info->counted);
  EXPECT_EQ(info->models, 2);
  EXPECT_EQ(info->journal_mode, "wal");
  EXPECT_EQ(info->schema_version, LatestSchemaVersion());
  EXPECT_GT(info->file_bytes, 0);
}

}  // namespace
}  // namespace arenastore::store
