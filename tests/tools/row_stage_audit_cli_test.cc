// End to end: row stages in `arenastore audit` and `arenastore replan` on a temporary store.
// mobilenet-v1 for ref, compiled with `--max-recompute 20` (vww-staged: about 28 KB) and without
// (vww: about 36 KB): the audit says what share of its MACs the staged version recomputes, in
// text and JSON; `audit --max-recompute` finds the 30 KiB class a staged re-plan fits and --fix
// moves it there; `replan` keeps a version's own stages or takes a budget; `replan` and --fix
// name a re-plan's stages in the audit's words; a budget that is no percentage is refused as a
// usage error naming the flag.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/tools/cli_runner.h"
#include "tests/tools/store_cli_test_base.h"

namespace arenastore::cli {
namespace {

using testing::CliResult;
using testing::RunCli;
using testing::TempDir;

class RowStageAuditCli : public testing::StoreCliTest {
 protected:
  void SetUp() override {
    const std::string staged = dir_.File("staged.arena"), whole = dir_.File("whole.arena");
    ASSERT_EQ(
        RunCli({"compile", "--example", "mobilenet-v1", "-o", staged, "--max-recompute", "20"})
            .exit_code,
        0);
    ASSERT_EQ(RunCli({"compile", "--example", "mobilenet-v1", "-o", whole}).exit_code, 0);
    ASSERT_EQ(Run({"push", staged, "--model", "vww-staged"}).exit_code, 0);
    ASSERT_EQ(Run({"push", whole, "--model", "vww"}).exit_code, 0);
    std::ofstream(dir_.File("devices.csv"))
        << "device,hardware,isa,kernel_version,pools,model\n"
        << "cam-1,tiny-m4,ref,1.1.0,sram=30K,vww@1\ncam-2,tiny-m4,ref,1.1.0,sram=30K,vww@1\n"
        << "big-1,big-m7,ref,1.1.0,sram=1M,vww-staged@1\n";
    CliResult imported = Run({"fleet", "import", dir_.File("devices.csv")});
    ASSERT_EQ(imported.exit_code, 0) << imported.err;
  }

  static nlohmann::json ResultOf(const nlohmann::json& audit, const std::string& model) {
    for (const nlohmann::json& r : audit["results"]) {
      if (r["model"] == model) return r;
    }
    ADD_FAILURE() << "no result for " << model;
    return nlohmann::json::object();
  }

  // " with row stages (recomputing 0.41% of its MACs)": how the audit's reason names the staged
  // re-plan that fits the 30 KiB class, the words every other re-plan text must use.
  std::string AuditsRowStagePhrase() {
    const nlohmann::json audit = Json({"audit", "--no-record", "--max-recompute", "20"}, 3);
    const std::string reasons = ResultOf(audit, "vww")["reasons"].get<std::string>();
    const size_t start = reasons.find(" with row stages (");
    const size_t end = reasons.find(')', start);
    if (start == std::string::npos || end == std::string::npos) {
      ADD_FAILURE() << "the audit names no row stages: " << reasons;
      return "(none)";
    }
    return reasons.substr(start, end + 1 - start);
  }
};

TEST_F(RowStageAuditCli, AuditShowsTheShareOfItsMacsAStagedVersionRecomputes) {
  const nlohmann::json audit = Json({"audit"}, 3);
  const nlohmann::json staged = ResultOf(audit, "vww-staged");
  EXPECT_GT(staged["row_stages"].get<int>(), 0);
  EXPECT_GT(staged["extra_macs"].get<uint64_t>(), 0u);
  EXPECT_GT(staged["model_macs"].get<uint64_t>(), staged["extra_macs"].get<uint64_t>());
  const nlohmann::json whole = ResultOf(audit, "vww");
  EXPECT_EQ(whole["row_stages"], 0);
  EXPECT_EQ(whole["extra_macs"], 0);

  const CliResult text = Run({"audit", "--no-record"});
  EXPECT_EQ(text.exit_code, 3) << text.err;
  const int count = staged["row_stages"].get<int>();
  const std::string stages = std::to_string(count) + (count == 1 ? " stage)" : " stages)");
  EXPECT_NE(text.out.find("recomputes "), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("% of its MACs (" + stages), std::string::npos) << text.out;
  EXPECT_EQ(text.out.find("recomputes "), text.out.rfind("recomputes "))
      << "only the staged version's row says it: " << text.out;
}

TEST_F(RowStageAuditCli, AuditMaxRecomputeFindsAndFixesTheClassOnlyAStagedReplanFits) {
  const nlohmann::json own_share = Json({"audit", "--no-record"}, 3);
  EXPECT_FALSE(ResultOf(own_share, "vww")["curable"].get<bool>());

  const nlohmann::json budget = Json({"audit", "--no-record", "--max-recompute", "20"}, 3);
  const nlohmann::json small = ResultOf(budget, "vww");
  EXPECT_TRUE(small["curable"].get<bool>()) << small;
  EXPECT_LT(small["replan_bytes"].get<uint64_t>(), 30u * 1024);
  EXPECT_NE(small["reasons"].get<std::string>().find("with row stages (recomputing "),
            std::string::npos)
      << small["reasons"];

  const CliResult fix = Run({"audit", "--fix", "--max-recompute", "20"});
  EXPECT_EQ(fix.exit_code, 0) << fix.err << fix.out;
  const nlohmann::json after = Json({"audit", "--no-record"}, 0);
  const nlohmann::json moved = ResultOf(after, "vww");
  EXPECT_EQ(moved["version"], 2);
  EXPECT_GT(moved["row_stages"].get<int>(), 0);
}

TEST_F(RowStageAuditCli, ReplanKeepsAVersionsOwnStagesOrTakesABudget) {
  const nlohmann::json kept = Json({"replan", "vww-staged"}, 0);
  EXPECT_TRUE(kept["unchanged"].get<bool>()) << kept;
  EXPECT_GT(kept["row_stages"].get<int>(), 0) << kept;

  const nlohmann::json staged = Json({"replan", "vww", "--max-recompute", "20"}, 0);
  EXPECT_FALSE(staged["unchanged"].get<bool>());
  EXPECT_GT(staged["row_stages"].get<int>(), 0) << staged;
  EXPECT_GT(staged["extra_macs"].get<uint64_t>(), 0u) << staged;
  EXPECT_GT(staged["model_macs"].get<uint64_t>(), staged["extra_macs"].get<uint64_t>());
  const nlohmann::json whole = Json({"replan", "vww@1"}, 0);
  EXPECT_EQ(whole["row_stages"], 0) << whole;
  EXPECT_EQ(whole["extra_macs"], 0) << whole;
  EXPECT_LT(staged["after_bytes"].get<uint64_t>(), staged["before_bytes"].get<uint64_t>());
  EXPECT_LT(staged["after_bytes"].get<uint64_t>(), 30u * 1024);
}

TEST_F(RowStageAuditCli, ReplanSaysItsRowStagesInTheAuditsWords) {
  const std::string stages = AuditsRowStagePhrase();
  const CliResult staged = Run({"replan", "vww", "--max-recompute", "20"});
  ASSERT_EQ(staged.exit_code, 0) << staged.err;
  EXPECT_NE(staged.out.find("-> vww@2 ("), std::string::npos) << staged.out;
  EXPECT_NE(staged.out.find(stages + "\n"), std::string::npos) << staged.out;

  const CliResult kept = Run({"replan", "vww-staged"});
  ASSERT_EQ(kept.exit_code, 0) << kept.err;
  EXPECT_NE(kept.out.find(stages + ": nothing pushed"), std::string::npos)
      << "an unchanged staged version says its stages too: " << kept.out;

  const CliResult whole = Run({"replan", "vww@1"});
  ASSERT_EQ(whole.exit_code, 0) << whole.err;
  EXPECT_NE(whole.out.find("nothing pushed"), std::string::npos) << whole.out;
  EXPECT_EQ(whole.out.find("row stages"), std::string::npos)
      << "a re-plan without stages names none: " << whole.out;
}

TEST_F(RowStageAuditCli, FixSaysItsReplansRowStagesInTheAuditsWords) {
  const std::string stages = AuditsRowStagePhrase();
  const CliResult fix = Run({"audit", "--fix", "--max-recompute", "20"});
  ASSERT_EQ(fix.exit_code, 0) << fix.err << fix.out;
  EXPECT_NE(fix.out.find("device(s) moved; planned "), std::string::npos) << fix.out;
  EXPECT_NE(fix.out.find(" B" + stages + "\n"), std::string::npos) << fix.out;

  const CliResult shown = Run({"audit", "show", "2"});
  ASSERT_EQ(shown.exit_code, 0) << shown.err;
  EXPECT_NE(shown.out.find("moved by audit --fix of run 1"), std::string::npos) << shown.out;
  EXPECT_NE(shown.out.find(" B" + stages + "\n"), std::string::npos)
      << "the recorded move says it as the fix did: " << shown.out;
}

// The pools too small for the plan without stages: the stage search still runs, and the staged
// plan is what fits.
TEST(RowStageCompile, FitsAPoolOnlyTheStagedPlanFits) {
  TempDir dir;
  const std::string artifact = dir.File("vww.arena");
  const CliResult whole =
      RunCli({"compile", "--example", "mobilenet-v1", "-o", artifact, "--pool", "sram:30K"});
  EXPECT_EQ(whole.exit_code, 1) << whole.err;
  EXPECT_NE(whole.err.find("plan does not fit"), std::string::npos) << whole.err;
  const CliResult staged = RunCli({"compile", "--example", "mobilenet-v1", "-o", artifact, "--pool",
                                   "sram:30K", "--max-recompute", "20", "--json"});
  ASSERT_EQ(staged.exit_code, 0) << staged.err;
  const nlohmann::json summary = nlohmann::json::parse(staged.out);
  EXPECT_FALSE(summary["over_input"]["row_stages"].empty()) << summary;
  EXPECT_LE(summary["planned_bytes"].get<uint64_t>(), 30u * 1024);
}

TEST_F(RowStageAuditCli, RefusesABudgetThatIsNoPercentage) {
  for (const char* budget : {"-1", "abc"}) {
    for (const std::vector<std::string>& verb :
         {std::vector<std::string>{"replan", "vww"}, std::vector<std::string>{"audit"}}) {
      std::vector<std::string> args = verb;
      args.insert(args.end(), {"--max-recompute", budget});
      const CliResult refused = Run(args);
      EXPECT_EQ(refused.exit_code, 2) << verb[0] << " " << budget;
      EXPECT_NE(refused.err.find("--max-recompute: " + std::string(budget) + " is "),
                std::string::npos)
          << refused.err;
      EXPECT_NE(refused.err.find("give a percentage from 0 to 1000"), std::string::npos)
          << refused.err;
    }
  }
  const CliResult runs = Run({"audit", "ls"});
  EXPECT_NE(runs.out.find("no audits recorded"), std::string::npos)
      << "a refused audit records no run: " << runs.out;
}

}  // namespace
}  // namespace arenastore::cli
