#include "store/aliases.h"

#include <gtest/gtest.h>

#include "tests/store/registry_fixture.h"

namespace arenastore::store {
namespace {

class AliasesTest : public testing::RegistryTest {};

TEST_F(AliasesTest, SetCreatesThenMovesAndTheJournalKeepsEveryStep) {
  PushTiny(3, "kws");
  PushTiny(4, "kws");
  auto created = SetAlias(registry(), "kws", "prod", 1);
  ASSERT_TRUE(created.ok()) << created.status().message();
  EXPECT_EQ(created->old_version, 0);
  auto moved = SetAlias(registry(), "kws", "prod", 2);
  ASSERT_TRUE(moved.ok());
  EXPECT_EQ(moved->old_version, 1);
  EXPECT_EQ(moved->new_version, 2);
  auto removed = RemoveAlias(registry(), "kws", "prod");
  ASSERT_TRUE(removed.ok());
  EXPECT_EQ(removed->old_version, 2);
  EXPECT_EQ(Query("SELECT count(*) FROM aliases"), "0\n");
  EXPECT_EQ(Query("SELECT coalesce(old_version, '-') || '>' || coalesce(new_version, '-') FROM "
                  "alias_moves ORDER BY id"),
            "->1\n1>2\n2>-\n");
  EXPECT_EQ(Query("SELECT count(*) FROM alias_moves WHERE moved_at LIKE '____-__-__T%Z'"), "3\n");
}

TEST_F(AliasesTest, SettingToTheSameVersionIsNotAMove) {
  PushTiny(3, "kws");
  ASSERT_TRUE(SetAlias(registry(), "kws", "prod", 1).ok());
  ASSERT_TRUE(SetAlias(registry(), "kws", "prod", 1).ok());
  EXPECT_EQ(Query("SELECT count(*) FROM alias_moves"), "1\n");
}

TEST_F(AliasesTest, RefusesUnknownVersionsModelsAndBadNamesWithoutChanges) {
  PushTiny(3, "kws");
  ASSERT_TRUE(SetAlias(registry(), "kws", "prod", 1).ok());
  auto version = SetAlias(registry(), "kws", "prod", 5);
  EXPECT_EQ(version.status().code(), ErrorCode::kNotFound);
  EXPECT_NE(std::string(version.status().message()).find("versions are 1..1"), std::string::npos);
  EXPECT_EQ(SetAlias(registry(), "kwz", "prod", 1).status().code(), ErrorCode::kNotFound);
  EXPECT_EQ(SetAlias(registry(), "kws", "7", 1).status().code(), ErrorCode::kInvalidArgument);
  auto missing = RemoveAlias(registry(), "kws", "canary");
  EXPECT_EQ(missing.status().code(), ErrorCode::kNotFound);
  EXPECT_NE(std::string(missing.status().message()).find("aliases: prod"), std::string::npos);
  EXPECT_EQ(Query("SELECT alias, version FROM aliases"), "prod|1\n");
  EXPECT_EQ(Query("SELECT count(*) FROM alias_moves"), "1\n");
}

}  // namespace
}  // namespace arenastore::store
