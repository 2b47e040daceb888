// Specifications of store backups (store/backup.h): a backup appears complete or not at all,
// whatever interrupts it, and never replaces a file.
#include "store/backup.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>

#include "store/push.h"
#include "store/registry.h"
#include "tests/store/process_support.h"
#include "tests/store/store_test_support.h"
#include "tests/store/test_artifacts.h"

namespace arenastore::store {
namespace {

std::vector<std::string> Entries(const testing::ScratchDir& dir) {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir.path())) {
    names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

void FillStore(const std::string& path) {
  auto registry = Registry::Open(path);
  ASSERT_TRUE(registry.ok()) << registry.status().message();
  for (int32_t depth = 1; depth <= 12; ++depth) {
    ASSERT_TRUE(Push(*registry, testing::TinyArtifact(depth), {"kws", "", "", ""}).ok());
  }
}

// Raises SIGINT from inside SQLite's VACUUM INTO, as a Ctrl-C half way through would.
int InterruptMidway(void*) {
  raise(SIGINT);
  return 0;
}

TEST(Backup, WritesACompleteStoreThatOpensWithItsVersions) {
  testing::ScratchDir dir;
  FillStore(dir.File("store.db"));
  {
    Database db = testing::OpenOrDie(dir.File("store.db"));
    ASSERT_TRUE(BackupTo(db, dir.File("copy.db")).ok());
  }
  auto copy = Registry::Open(dir.File("copy.db"), {.create_if_missing = false});
  ASSERT_TRUE(copy.ok()) << copy.status().message();
  EXPECT_EQ(*copy->db().QueryInt("SELECT count(*) FROM versions"), 12);
}

TEST(Backup, AnInterruptedBackupLeavesNoFileAtTheTargetOrBesideIt) {
  testing::ScratchDir dir;
  FillStore(dir.File("store.db"));
  const std::vector<std::string> before = Entries(dir);
  const pid_t child = testing::ForkChild([&] {
    auto db = Database::Open(dir.File("store.db"), {});
    if (!db.ok()) return 1;
    sqlite3_progress_handler(db->handle(), 50, InterruptMidway, nullptr);
    (void)BackupTo(*db, dir.File("backup.db"));
    return 2;  // the interrupt must end the process before the backup completes
  });
  const int exit_code = testing::WaitChild(child);
  EXPECT_EQ(exit_code, 128 + SIGINT);
  EXPECT_FALSE(std::filesystem::exists(dir.File("backup.db")));
  std::vector<std::string> after = Entries(dir);
  std::erase_if(after, [](const std::string& name) {
    return name.ends_with("-shm") || name.ends_with("-wal");
  });
  std::vector<std::string> expected = before;
  std::erase_if(expected, [](const std::string& name) {
    return name.ends_with("-shm") || name.ends_with("-wal");
  });
  EXPECT_EQ(after, expected) << "no temporary was left beside the target";
}

TEST(Backup, RefusesToReplaceAnExistingFileOrSymlink) {
  testing::ScratchDir dir;
  FillStore(dir.File("store.db"));
  std::filesystem::create_symlink("elsewhere.db", dir.path() / "link.db");
  Database db = testing::OpenOrDie(dir.File("store.db"));
  const Status status = BackupTo(db, dir.File("link.db"));
  EXPECT_EQ(status.code(), ErrorCode::kInvalidArgument);
  EXPECT_NE(std::string(status.message()).find("already exists"), std::string::npos);
  EXPECT_FALSE(std::filesystem::exists(dir.File("elsewhere.db")));
}

}  // namespace
}  // namespace arenastore::store
