#include "store/database.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "store/transaction.h"
#include "tests/store/store_test_support.h"

namespace arenastore::store {
namespace {

using testing::OpenOrDie;
using testing::QueryText;
using testing::ScratchDir;

// A table in a file marked as ours, so reopening it passes the ownership check.
const std::string kOurTable = "PRAGMA application_id = " + std::to_string(kApplicationId) +
                              "; CREATE TABLE t (i INTEGER) STRICT";

std::string ReadAll(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(file), {});
}

TEST(Database, OpensWithWalForeignKeysAndFullSync) {
  ScratchDir dir;
  Database db = OpenOrDie(dir.File("a.db"));
  EXPECT_EQ(QueryText(db.handle(), "PRAGMA journal_mode"), "wal\n");
  EXPECT_EQ(QueryText(db.handle(), "PRAGMA foreign_keys"), "1\n");
  EXPECT_EQ(QueryText(db.handle(), "PRAGMA synchronous"), "2\n");
  EXPECT_EQ(db.busy_timeout_ms(), 5000);
}

TEST(Database, RefusesAnotherApplicationsSqliteFileByNameWithoutChangingIt) {
  ScratchDir dir;
  const std::string path = dir.File("photos.db");
  {
    sqlite3* raw = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &raw), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(raw, "CREATE TABLE photos (id INTEGER); INSERT INTO photos VALUES (1);",
                           nullptr, nullptr, nullptr),
              SQLITE_OK);
    sqlite3_close(raw);
  }
  const std::string before = ReadAll(path);
  auto db = Database::Open(path, {});
  ASSERT_FALSE(db.ok());
  EXPECT_EQ(db.status().code(), ErrorCode::kStoreForeignDatabase);
  EXPECT_NE(std::string(db.status().message()).find(path), std::string::npos);
  EXPECT_NE(std::string(db.status().message()).find("another application"), std::string::npos);
  EXPECT_EQ(ReadAll(path), before);
  EXPECT_FALSE(std::filesystem::exists(path + "-wal"));
}

TEST(Database, RefusesAFileThatIsNotSqlite) {
  ScratchDir dir;
  const std::string path = dir.File("notes.txt");
  std::ofstream(path) << "these are not the bytes of an SQLite database, not even close\n";
  const std::string before = ReadAll(path);
  auto db = Database::Open(path, {});
  ASSERT_FALSE(db.ok());
  EXPECT_EQ(db.status().code(), ErrorCode::kStoreForeignDatabase);
  EXPECT_NE(std::string(db.status().message()).find("not an SQLite database"), std::string::npos)
      << db.status().message();
  EXPECT_EQ(ReadAll(path), before);
}

// Opens `path` (a 0-byte file) and expects the refusal that names it, with the file unchanged.
void ExpectRefusedAsEmpty(const std::string& path, const OpenOptions& options) {
  auto db = Database::Open(path, options);
  ASSERT_FALSE(db.ok());
  EXPECT_EQ(db.status().code(), ErrorCode::kStoreForeignDatabase);
  const std::string message = db.status().message();
  EXPECT_NE(message.find(path), std::string::npos) << message;
  EXPECT_NE(message.find("is empty (0 bytes), not an arenastore store"), std::string::npos)
      << message;
  EXPECT_NE(message.find("Remove it"), std::string::npos) << message;
  EXPECT_EQ(std::filesystem::file_size(path), 0u);
  EXPECT_FALSE(std::filesystem::exists(path + "-wal"));
}

TEST(Database, RefusesAZeroByteFileAsNotAStoreWithoutWritingIt) {
  ScratchDir dir;
  const std::string path = dir.File("empty.db");
  std::ofstream{path};
  ExpectRefusedAsEmpty(path, {});
  OpenOptions read_only;
  read_only.read_only = true;
  ExpectRefusedAsEmpty(path, read_only);
}

TEST(Database, ANewStoreAppearsWithItsFirstPageAndNothingBesideIt) {
  ScratchDir dir;
  const std::string path = dir.File("new.db");
  { Database db = OpenOrDie(path); }
  EXPECT_GT(std::filesystem::file_size(path), 0u) << "another process would see an empty file";
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir.path())) {
    names.push_back(entry.path().filename().string());
  }
  EXPECT_EQ(names, std::vector<std::string>{"new.db"}) << "a temporary was left behind";
  Database reopened = OpenOrDie(path);
  EXPECT_EQ(QueryText(reopened.handle(), "PRAGMA journal_mode"), "wal\n");
}

TEST(Database, MissingFileIsNotFoundWhenCreationIsOff) {
  ScratchDir dir;
  OpenOptions options;
  options.create_if_missing = false;
  auto db = Database::Open(dir.File("missing.db"), options);
  ASSERT_FALSE(db.ok());
  EXPECT_EQ(db.status().code(), ErrorCode::kNotFound);
  EXPECT_FALSE(std::filesystem::exists(dir.File("missing.db")));
}

TEST(Database, DirectoryIsInvalidArgument) {
  ScratchDir dir;
  auto db = Database::Open(dir.path().string(), {});
  ASSERT_FALSE(db.ok());
  EXPECT_EQ(db.status().code(), ErrorCode::kInvalidArgument);
}

TEST(Database, ErrorsCarryTheSqliteMessageAndTheSql) {
  ScratchDir dir;
  Database db = OpenOrDie(dir.File("a.db"));
  auto statement = db.Prepare("SELECT nonsense FROM nowhere");
  ASSERT_FALSE(statement.ok());
  EXPECT_EQ(statement.status().code(), ErrorCode::kStore);
  const std::string message = statement.status().message();
  EXPECT_NE(message.find("no such table: nowhere"), std::string::npos) << message;
  EXPECT_NE(message.find("SELECT nonsense FROM nowhere"), std::string::npos) << message;
}

TEST(Database, ErrorsPutSqliteDetailsInOneTrailingBracketAfterTheWordsForPeople) {
  ScratchDir dir;
  Database db = OpenOrDie(dir.File("a.db"));
  auto statement = db.Prepare("SELECT nonsense FROM nowhere");
  ASSERT_FALSE(statement.ok());
  const std::string message = statement.status().message();
  const size_t details = message.find(" [sqlite: ");
  ASSERT_NE(details, std::string::npos) << message;
  EXPECT_EQ(message.back(), ']') << "the details come last, so the CLI can leave them out";
  EXPECT_NE(message.find("code 1", details), std::string::npos) << message;
}

TEST(Database, ReadOnlyOpenReadsAWalStoreAndRefusesToWriteIt) {
  ScratchDir dir;
  {
    Database db = OpenOrDie(dir.File("a.db"));
    ASSERT_TRUE(db.Exec(kOurTable + "; INSERT INTO t VALUES (7)").ok());
  }
  OpenOptions options;
  options.read_only = true;
  Database db = OpenOrDie(dir.File("a.db"), options);
  auto value = db.QueryInt("SELECT i FROM t");
  ASSERT_TRUE(value.ok()) << value.status().message();
  EXPECT_EQ(*value, 7);
  const Status write = db.Exec("INSERT INTO t VALUES (8)");
  EXPECT_EQ(write.code(), ErrorCode::kStore);
  EXPECT_NE(std::string(write.message()).find("read-only"), std::string::npos) << write.message();
}

// Opens `path` read-only and reads from it, as user `nobody` when we are root (permissions do not
// bind root); 0 when it worked.
int ReadAsUnprivilegedUser(const std::string& path) {
  const pid_t child = fork();
  if (child == 0) {
    if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0)) _exit(2);
    OpenOptions options;
    options.read_only = true;
    auto db = Database::Open(path, options);
    if (!db.ok()) _exit(3);
    auto value = db->QueryInt("SELECT i FROM t");
    _exit(value.ok() && *value == 7 ? 0 : 4);
  }
  int status = 0;
  waitpid(child, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

TEST(Database, ReadOnlyOpenReadsAStoreInADirectoryNobodyMayWrite) {
  ScratchDir dir;
  std::filesystem::create_directory(dir.path() / "shared");
  const std::string path = (dir.path() / "shared" / "a.db").string();
  {
    Database db = OpenOrDie(path);
    ASSERT_TRUE(db.Exec(kOurTable + "; INSERT INTO t VALUES (7)").ok());
  }
  ASSERT_EQ(chmod(dir.path().c_str(), 0755), 0);
  ASSERT_EQ(chmod(path.c_str(), 0444), 0);
  ASSERT_EQ(chmod((dir.path() / "shared").c_str(), 0555), 0);
  EXPECT_EQ(ReadAsUnprivilegedUser(path), 0)
      << "2: could not become nobody, 3: open failed, 4: the read failed";
  EXPECT_FALSE(std::filesystem::exists(path + "-shm")) << "nothing was created beside it";
  chmod((dir.path() / "shared").c_str(), 0755);
}

TEST(Statement, BindsStepsAndReadsColumns) {
  ScratchDir dir;
  Database db = OpenOrDie(dir.File("a.db"));
  ASSERT_TRUE(db.Exec("CREATE TABLE t (i INTEGER, s TEXT, b BLOB) STRICT").ok());
  auto insert = db.Prepare("INSERT INTO t VALUES (?, ?, ?)");
  ASSERT_TRUE(insert.ok());
  const uint8_t bytes[] = {1, 2, 3};
  ASSERT_TRUE(insert->BindAll(int64_t{42}, std::string("hello")).ok());
  ASSERT_TRUE(insert->BindBlob(3, bytes).ok());
  ASSERT_TRUE(insert->Run().ok());
  auto select = db.Prepare("SELECT i, s, b FROM t");
  ASSERT_TRUE(select.ok());
  auto row = select->Step();
  ASSERT_TRUE(row.ok() && *row);
  EXPECT_EQ(select->ColumnInt(0), 42);
  EXPECT_EQ(select->ColumnText(1), "hello");
  ASSERT_EQ(select->ColumnBlob(2).size(), 3u);
  EXPECT_EQ(select->ColumnBlob(2)[2], 3);
  row = select->Step();
  ASSERT_TRUE(row.ok());
  EXPECT_FALSE(*row);
}

TEST(Statement, ConstraintViolationIsAStoreErrorNamingTheConstraint) {
  ScratchDir dir;
  Database db = OpenOrDie(dir.File("a.db"));
  ASSERT_TRUE(db.Exec("CREATE TABLE t (i INTEGER NOT NULL) STRICT").ok());
  auto insert = db.Prepare("INSERT INTO t VALUES (NULL)");
  ASSERT_TRUE(insert.ok());
  const Status status = insert->Run();
  EXPECT_EQ(status.code(), ErrorCode::kStore);
  EXPECT_NE(std::string(status.message()).find("NOT NULL constraint failed: t.i"),
            std::string::npos)
      << status.message();
}

TEST(Transaction, RollsBackWhenNotCommitted) {
  ScratchDir dir;
  Database db = OpenOrDie(dir.File("a.db"));
  ASSERT_TRUE(db.Exec("CREATE TABLE t (i INTEGER) STRICT").ok());
  {
    auto transaction = Transaction::Begin(db);
    ASSERT_TRUE(transaction.ok());
    ASSERT_TRUE(db.Exec("INSERT INTO t VALUES (1)").ok());
  }
  EXPECT_EQ(QueryText(db.handle(), "SELECT count(*) FROM t"), "0\n");
}

TEST(Transaction, CommitMakesChangesVisibleToOtherConnections) {
  ScratchDir dir;
  Database db = OpenOrDie(dir.File("a.db"));
  ASSERT_TRUE(db.Exec(kOurTable).ok());
  {
    auto transaction = Transaction::Begin(db);
    ASSERT_TRUE(transaction.ok());
    ASSERT_TRUE(db.Exec("INSERT INTO t VALUES (1)").ok());
    ASSERT_TRUE(transaction->Commit().ok());
  }
  Database other = OpenOrDie(dir.File("a.db"));
  EXPECT_EQ(QueryText(other.handle(), "SELECT count(*) FROM t"), "1\n");
}

TEST(Transaction, WriterLockedBeyondTheBusyTimeoutIsStoreBusyAndSaysWhatToDo) {
  ScratchDir dir;
  Database holder = OpenOrDie(dir.File("a.db"));
  ASSERT_TRUE(holder.Exec(kOurTable).ok());
  ASSERT_TRUE(holder.Exec("BEGIN EXCLUSIVE").ok());
  OpenOptions options;
  options.busy_timeout_ms = 100;
  Database waiter = OpenOrDie(dir.File("a.db"), options);
  auto transaction = Transaction::Begin(waiter);
  ASSERT_FALSE(transaction.ok());
  EXPECT_EQ(transaction.status().code(), ErrorCode::kStoreBusy);
  EXPECT_NE(std::string(transaction.status().message()).find("busy timeout"), std::string::npos);
  ASSERT_TRUE(holder.Exec("COMMIT").ok());
  EXPECT_TRUE(Transaction::Begin(waiter).ok());
}

}  // namespace
}  // namespace arenastore::store
