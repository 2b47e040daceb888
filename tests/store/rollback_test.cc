// Rollback as a decision (store/rollback_policy.h): under `policy set allow-rollback off` an
// alias never points below the newest version it has pointed at, unless --allow-rollback is
// given, and that override is journaled and shown. The remote pull's side is in
// tests/remote/remote_cli_test.cc.
#include "store/rollback_policy.h"

#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "store/aliases.h"
#include "store/show.h"
#include "tests/store/process_support.h"
#include "tests/store/registry_fixture.h"

namespace arenastore::store {
namespace {

class RollbackTest : public testing::RegistryTest {
 protected:
  void SetUp() override {
    testing::RegistryTest::SetUp();
    PushTiny(3, "kws");
    PushTiny(4, "kws");
    PushTiny(5, "kws");
  }
};

TEST_F(RollbackTest, RollbackIsAllowedByDefaultSoExistingStoresBehaveAsBefore) {
  auto allowed = AllowRollback(registry());
  ASSERT_TRUE(allowed.ok()) << allowed.status().message();
  EXPECT_TRUE(*allowed);
  ASSERT_TRUE(SetAlias(registry(), "kws", "prod", 2).ok());
  auto back = SetAlias(registry(), "kws", "prod", 1);
  ASSERT_TRUE(back.ok()) << back.status().message();
  EXPECT_EQ(back->rolled_back_past, 0);
  EXPECT_EQ(Query("SELECT count(*) FROM alias_rollbacks"), "0\n");
}

TEST_F(RollbackTest, AliasNeverMovesBackWhenRollbackIsOff) {
  ASSERT_TRUE(SetAlias(registry(), "kws", "prod", 2).ok());
  ASSERT_TRUE(SetAllowRollback(registry(), false).ok());
  const std::string journal_before = Query("SELECT * FROM alias_moves");
  auto back = SetAlias(registry(), "kws", "prod", 1);
  ASSERT_FALSE(back.ok());
  EXPECT_EQ(back.status().code(), ErrorCode::kSignature);  // a policy refusal: exit 4
  const std::string message = back.status().message();
  EXPECT_NE(message.find("kws@prod would move back to version 1"), std::string::npos) << message;
  EXPECT_NE(message.find("older than version 2, the newest it has pointed at"), std::string::npos)
      << message;
  EXPECT_NE(message.find("allow-rollback off"), std::string::npos) << message;
  EXPECT_NE(message.find("--allow-rollback"), std::string::npos) << message;
  EXPECT_EQ(Query("SELECT alias, version FROM aliases"), "prod|2\n");
  EXPECT_EQ(Query("SELECT * FROM alias_moves"), journal_before);
}

TEST_F(RollbackTest, TheHighWaterMarkSurvivesRemovingTheAlias) {
  ASSERT_TRUE(SetAlias(registry(), "kws", "prod", 3).ok());
  ASSERT_TRUE(RemoveAlias(registry(), "kws", "prod").ok());
  ASSERT_TRUE(SetAllowRollback(registry(), false).ok());
  auto recreated = SetAlias(registry(), "kws", "prod", 2);
  ASSERT_FALSE(recreated.ok());
  EXPECT_NE(std::string(recreated.status().message()).find("older than version 3"),
            std::string::npos);
  EXPECT_EQ(Query("SELECT count(*) FROM aliases"), "0\n");
}

TEST_F(RollbackTest, MovingForwardOrStayingPutIsNeverARollback) {
  ASSERT_TRUE(SetAllowRollback(registry(), false).ok());
  ASSERT_TRUE(SetAlias(registry(), "kws", "prod", 1).ok());
  ASSERT_TRUE(SetAlias(registry(), "kws", "prod", 3).ok());
  ASSERT_TRUE(SetAlias(registry(), "kws", "prod", 3).ok());
  // Another alias has its own mark.
  ASSERT_TRUE(SetAlias(registry(), "kws", "canary", 1).ok());
  ASSERT_TRUE(SetAlias(registry(), "kws", "prod", 1, /*allow_rollback=*/true).ok());
  // Where an override left it is not a new move back; below the mark again is.
  EXPECT_TRUE(SetAlias(registry(), "kws", "prod", 1).ok());
  EXPECT_FALSE(SetAlias(registry(), "kws", "prod", 2).ok());
  EXPECT_TRUE(SetAlias(registry(), "kws", "prod", 3).ok());
}

TEST_F(RollbackTest, AllowRollbackMovesBackAndTheOverrideIsJournaledAndShown) {
  ASSERT_TRUE(SetAlias(registry(), "kws", "prod", 3).ok());
  ASSERT_TRUE(SetAllowRollback(registry(), false).ok());
  auto back = SetAlias(registry(), "kws", "prod", 1, /*allow_rollback=*/true);
  ASSERT_TRUE(back.ok()) << back.status().message();
  EXPECT_EQ(back->old_version, 3);
  EXPECT_EQ(back->rolled_back_past, 3);
  EXPECT_EQ(Query("SELECT alias, version FROM aliases"), "prod|1\n");
  EXPECT_EQ(Query("SELECT r.alias, r.from_version, r.to_version, r.newest_version, r.via, "
                  "r.move_id = (SELECT max(id) FROM alias_moves), r.allowed_at LIKE "
                  "'____-__-__T%Z' FROM alias_rollbacks r"),
            "prod|3|1|3|alias|1|1\n");
  auto details = Show(registry(), "kws@1");
  ASSERT_TRUE(details.ok()) << details.status().message();
  ASSERT_FALSE(details->alias_history.empty());
  const AliasMove& last = details->alias_history.back();
  EXPECT_EQ(last.old_version, 3);
  EXPECT_EQ(last.new_version, 1);
  EXPECT_EQ(last.rolled_back_past, 3);
  EXPECT_EQ(last.rollback_via, "alias");
  // The journal is kept.
  EXPECT_FALSE(registry().db().Exec("DELETE FROM alias_rollbacks").ok());
  EXPECT_FALSE(registry().db().Exec("UPDATE alias_rollbacks SET newest_version = 9").ok());
}

TEST_F(RollbackTest, ADamagedSettingRefusesMovesBackRatherThanAllowingThem) {
  ASSERT_TRUE(SetAlias(registry(), "kws", "prod", 2).ok());
  ASSERT_TRUE(registry()
                  .db()
                  .Exec("INSERT OR REPLACE INTO settings (name, value) VALUES "
                        "('allow_rollback', 'of')")
                  .ok());
  auto back = SetAlias(registry(), "kws", "prod", 1);
  ASSERT_FALSE(back.ok());
  EXPECT_EQ(back.status().code(), ErrorCode::kIntegrity);
  EXPECT_NE(std::string(back.status().message()).find("allow-rollback on|off"), std::string::npos);
  EXPECT_EQ(Query("SELECT alias, version FROM aliases"), "prod|2\n");
}

// Through the binary: the setting, the refusal's exit code, the override and where it shows.
TEST_F(RollbackTest, CliRefusesAMoveBackWithExit4AndShowsTheJournaledOverride) {
  ASSERT_TRUE(SetAlias(registry(), "kws", "prod", 2).ok());
  auto run = [&](std::vector<std::string> args) {
    args.push_back("--db");
    args.push_back(path());
    static int runs = 0;
    return testing::RunCli(args, dir_.File("cli" + std::to_string(runs++)));
  };
  testing::CliRun shown = run({"policy", "show", "--json"});
  ASSERT_EQ(shown.exit_code, 0) << shown.err;
  EXPECT_EQ(nlohmann::json::parse(shown.out)["allow_rollback"], true);
  testing::CliRun set = run({"policy", "set", "allow-rollback", "off"});
  ASSERT_EQ(set.exit_code, 0) << set.err;
  EXPECT_NE(set.out.find("allow-rollback off"), std::string::npos) << set.out;
  EXPECT_EQ(run({"policy", "set", "allow-rollback", "maybe"}).exit_code, 2);
  testing::CliRun refused = run({"alias", "set", "kws", "prod", "1"});
  EXPECT_EQ(refused.exit_code, 4);
  EXPECT_NE(refused.err.find("kws@prod would move back to version 1"), std::string::npos)
      << refused.err;
  testing::CliRun forced = run({"alias", "set", "kws", "prod", "1", "--allow-rollback", "--json"});
  ASSERT_EQ(forced.exit_code, 0) << forced.err;
  EXPECT_EQ(nlohmann::json::parse(forced.out)["rolled_back_past"], 2);
  testing::CliRun show = run({"show", "kws@1"});
  ASSERT_EQ(show.exit_code, 0) << show.err;
  EXPECT_NE(show.out.find("2 -> 1  rollback below 2 allowed (--allow-rollback, alias)"),
            std::string::npos)
      << show.out;
  testing::CliRun json = run({"show", "kws@1", "--json"});
  ASSERT_EQ(json.exit_code, 0) << json.err;
  EXPECT_EQ(nlohmann::json::parse(json.out)["alias_history"].back()["rolled_back_past"], 2);
}

}  // namespace
}  // namespace arenastore::store
