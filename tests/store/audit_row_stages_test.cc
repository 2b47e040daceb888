// Row stages in the fleet audit and in re-plans: each pair shows the share of its MACs the
// deployed version's row stages recompute (recorded with the run); a re-plan keeps the
// original's stages unless told another budget; and a device class too small for the whole plan
// but big enough for a staged one is a curable reject when the audit may re-plan with stages,
// which audit --fix then makes. The model is the built-in mobilenet-v1, planned for ref with and
// without a 20% budget (3 stages, about 28 KB against about 36 KB whole).
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "planner/compile.h"
#include "planner/examples/examples.h"
#include "planner/replan.h"
#include "store/audit_evaluate.h"
#include "store/audit_fix.h"
#include "store/audit_html.h"
#include "store/audit_record.h"
#include "store/fleet_inventory.h"
#include "store/grouped_number.h"
#include "store/replan.h"
#include "tests/planner/artifact_runner.h"
#include "tests/store/registry_fixture.h"

namespace arenastore::store {
namespace {

using arenastore::testing::AlignedBuffer;
using arenastore::testing::AlignedCopy;

planner::CompiledModel CompileMobileNet(std::optional<double> max_recompute_percent) {
  planner::CompileOptions options;
  options.max_recompute_percent = max_recompute_percent;
  auto compiled = planner::Compile(planner::BuildMobileNetV1(), options);
  EXPECT_TRUE(compiled.ok()) << compiled.status().message();
  return compiled.ok() ? std::move(compiled.value()) : planner::CompiledModel{};
}

// Where each stage starts, how many ops it takes and how many rows a strip has.
std::vector<std::vector<int32_t>> StageShapes(const std::vector<planner::PlannedStage>& stages) {
  std::vector<std::vector<int32_t>> shapes;
  for (const planner::PlannedStage& s : stages) {
    shapes.push_back({s.first_op, s.op_count, s.strip_rows});
  }
  return shapes;
}

class AuditRowStages : public testing::RegistryTest {
 protected:
  void SetUp() override {
    RegistryTest::SetUp();
    whole_ = CompileMobileNet(std::nullopt);
    staged_ = CompileMobileNet(20.0);
    ASSERT_FALSE(staged_.stages.empty());
    ASSERT_GT(staged_.ExtraMacs(), 0u);
    // The scenario: a 30 KiB class fits the staged plan only.
    ASSERT_LT(staged_.PlannedBytes(), 30u * 1024);
    ASSERT_GT(whole_.PlannedBytes(), 30u * 1024);
    ASSERT_TRUE(Push(registry(), whole_.artifact, {"vww", "", "", ""}).ok());
    ASSERT_TRUE(Push(registry(), staged_.artifact, {"vww-staged", "", "", ""}).ok());
  }

  static DeviceRow Device(const std::string& id, const std::string& pools,
                          const std::string& model) {
    return testing::FleetDevice(id, "board", "ref", pools, model);
  }

  static const AuditResult* Find(const AuditReport& report, const std::string& model) {
    for (const AuditResult& r : report.results) {
      if (r.model == model) return &r;
    }
    ADD_FAILURE() << "no result for " << model;
    return nullptr;
  }

  planner::CompiledModel whole_, staged_;
};

TEST_F(AuditRowStages, ShowsTheMacsARowStagePlanRecomputes) {
  testing::ImportFleet(registry(), {Device("roomy-0", "sram=1M", "vww-staged@1"),
                                    Device("roomy-1", "sram=1M", "vww@1")});
  auto report = RunAudit(registry(), {});
  ASSERT_TRUE(report.ok()) << report.status().message();
  const AuditResult* staged = Find(*report, "vww-staged");
  const AuditResult* whole = Find(*report, "vww");
  ASSERT_NE(staged, nullptr);
  ASSERT_NE(whole, nullptr);
  EXPECT_EQ(staged->row_stages, static_cast<int64_t>(staged_.stages.size()));
  EXPECT_EQ(staged->extra_macs, staged_.ExtraMacs());
  EXPECT_EQ(staged->model_macs, staged_.model_macs);
  const std::string share = RecomputedShareText(staged_.ExtraMacs(), staged_.model_macs);
  const size_t count = staged_.stages.size();
  EXPECT_EQ(SpeedCostText(*staged), "recomputes " + share + " of its MACs (" +
                                        std::to_string(count) +
                                        (count == 1 ? " stage)" : " stages)"));
  EXPECT_EQ(whole->row_stages, 0);
  EXPECT_EQ(whole->extra_macs, 0u);
  EXPECT_EQ(SpeedCostText(*whole), "") << "a version without stages shows nothing new";

  const std::string page = RenderAuditHtml(*report);
  EXPECT_NE(page.find("recomputes " + share + " of its MACs"), std::string::npos);
  EXPECT_EQ(page.find("speed-cost"), page.rfind("speed-cost")) << "only the staged version";

  const AuditReport read = testing::RecordAndReadBack(registry(), &*report);
  ASSERT_EQ(read.results.size(), report->results.size());
  for (size_t i = 0; i < read.results.size(); ++i) {
    const AuditResult &a = report->results[i], &b = read.results[i];
    EXPECT_EQ(std::tie(a.row_stages, a.extra_macs, a.model_macs),
              std::tie(b.row_stages, b.extra_macs, b.model_macs));
  }
}

TEST(RecomputedShare, IsTwoDecimalsAndNeverZeroForSomeMacs) {
  EXPECT_EQ(RecomputedShareText(41, 10000), "0.41%");
  EXPECT_EQ(RecomputedShareText(1, 1000000), "under 0.01%");
  EXPECT_EQ(RecomputedShareText(0, 1000), "0.00%");
}

TEST(SpeedCostText, NamesRowStagesAndOpsOnRefsBorrowedKernelsTogether) {
  AuditResult result;
  result.model_macs = 10'000;
  result.reference_kernel_ops = 3;
  EXPECT_EQ(SpeedCostText(result), "runs 3 ops on ref's slower kernels");
  result.row_stages = 1;
  result.extra_macs = 41;
  EXPECT_EQ(SpeedCostText(result),
            "recomputes 0.41% of its MACs (1 stage) and runs 3 ops on ref's slower kernels");
  result.reference_kernel_ops = 0;
  EXPECT_EQ(SpeedCostText(result), "recomputes 0.41% of its MACs (1 stage)");
}

TEST(SpeedCostText, NamesOpsOnTheTargetsOwnSlowerKernelsBesideBorrowedOnes) {
  AuditResult result;
  result.own_slower_kernel_ops = 8;
  EXPECT_EQ(SpeedCostText(result), "runs 8 ops on the target's own slower kernels");
  result.reference_kernel_ops = 1;
  EXPECT_EQ(SpeedCostText(result),
            "runs 8 ops on the target's own slower kernels and 1 op on ref's slower kernel");
}

TEST_F(AuditRowStages, SaysARowStageReplanFitsADeviceTheWholePlanDoesNot) {
  testing::ImportFleet(
      registry(), {Device("small-0", "sram=30K", "vww@1"), Device("small-1", "sram=30K", "vww@1")});
  auto own_share = RunAudit(registry(), {});
  ASSERT_TRUE(own_share.ok()) << own_share.status().message();
  const AuditResult* plain = Find(*own_share, "vww");
  ASSERT_NE(plain, nullptr);
  EXPECT_EQ(plain->verdict, AuditVerdict::kReject);
  EXPECT_FALSE(plain->curable) << "without stages no re-plan fits 30 KiB: " << plain->reasons;

  AuditOptions options;
  options.max_recompute_percent = 20.0;
  auto report = RunAudit(registry(), options);
  ASSERT_TRUE(report.ok()) << report.status().message();
  const AuditResult* result = Find(*report, "vww");
  ASSERT_NE(result, nullptr);
  EXPECT_EQ(result->verdict, AuditVerdict::kReject);
  EXPECT_TRUE(result->curable) << result->reasons;
  EXPECT_EQ(result->replan_bytes, staged_.PlannedBytes());
  const std::string share = RecomputedShareText(staged_.ExtraMacs(), staged_.model_macs);
  EXPECT_NE(result->reasons.find("a re-plan for ref with row stages (recomputing " + share +
                                 " of its MACs) needs " + GroupedBytes(staged_.PlannedBytes()) +
                                 " in all and fits"),
            std::string::npos)
      << result->reasons;

  auto fixed = FixAudit(registry(), options);
  ASSERT_TRUE(fixed.ok()) << fixed.status().message();
  const AuditResult* after = Find(fixed->after, "vww");
  ASSERT_NE(after, nullptr);
  EXPECT_NE(after->verdict, AuditVerdict::kReject) << after->reasons;
  EXPECT_EQ(after->version, 2);
  EXPECT_EQ(after->device_count, 2);
  EXPECT_EQ(after->row_stages, static_cast<int64_t>(staged_.stages.size()));
  EXPECT_EQ(after->planned_bytes, staged_.PlannedBytes());
}

class ReplanRowStages : public ::testing::Test {
 protected:
  void SetUp() override {
    whole_ = CompileMobileNet(std::nullopt);
    staged_ = CompileMobileNet(20.0);
    ASSERT_FALSE(staged_.stages.empty());
  }

  static runtime::ArtifactView View(AlignedBuffer& bytes) {
    auto view = runtime::ArtifactView::Create(bytes.span());
    EXPECT_TRUE(view.ok()) << view.status().message();
    return std::move(view.value());
  }

  planner::CompiledModel whole_, staged_;
};

TEST_F(ReplanRowStages, KeepsTheOriginalsRowStages) {
  AlignedBuffer bytes = AlignedCopy(staged_.artifact);
  auto replanned = planner::ReplanArtifact(View(bytes), {});
  ASSERT_TRUE(replanned.ok()) << replanned.status().message();
  EXPECT_EQ(StageShapes(replanned->model.stages), StageShapes(staged_.stages));
  EXPECT_EQ(replanned->model.PlannedBytes(), staged_.PlannedBytes());
  EXPECT_EQ(replanned->diff.after_bytes, replanned->diff.before_bytes);
}

TEST_F(ReplanRowStages, TheOriginalsShareIsRoundedUpJustEnough) {
  AlignedBuffer staged = AlignedCopy(staged_.artifact);
  auto percent = planner::OriginalRecomputePercent(View(staged));
  ASSERT_TRUE(percent.ok()) << percent.status().message();
  ASSERT_TRUE(percent->has_value());
  const double exact =
      static_cast<double>(staged_.ExtraMacs()) * 100.0 / static_cast<double>(staged_.model_macs);
  EXPECT_GE(**percent, exact);
  EXPECT_LT(**percent, exact + 0.001);

  AlignedBuffer whole = AlignedCopy(whole_.artifact);
  auto none = planner::OriginalRecomputePercent(View(whole));
  ASSERT_TRUE(none.ok()) << none.status().message();
  EXPECT_FALSE(none->has_value()) << "an artifact without stages gets none";
}

TEST_F(ReplanRowStages, AGivenBudgetReplacesTheOriginalsShare) {
  AlignedBuffer whole = AlignedCopy(whole_.artifact);
  planner::ReplanOptions options;
  options.max_recompute_percent = 20.0;
  auto staged = planner::ReplanArtifact(View(whole), options);
  ASSERT_TRUE(staged.ok()) << staged.status().message();
  EXPECT_EQ(StageShapes(staged->model.stages), StageShapes(staged_.stages));
  EXPECT_EQ(staged->diff.after_bytes, staged_.PlannedBytes());

  AlignedBuffer bytes = AlignedCopy(staged_.artifact);
  options.max_recompute_percent = 0.0;
  auto unstaged = planner::ReplanArtifact(View(bytes), options);
  ASSERT_TRUE(unstaged.ok()) << unstaged.status().message();
  EXPECT_LT(unstaged->model.ExtraMacs(), staged_.ExtraMacs()) << "a budget of 0 recomputes nothing";
  EXPECT_EQ(unstaged->model.ExtraMacs(), 0u);
}

TEST_F(AuditRowStages, StoreReplanOfAStagedVersionReproducesIt) {
  ReplanRequest request;
  request.reference = "vww-staged@1";
  auto outcome = Replan(registry(), request);
  ASSERT_TRUE(outcome.ok()) << outcome.status().message();
  EXPECT_TRUE(outcome->unchanged) << "its own stages, its own bytes: nothing to push";
  EXPECT_EQ(outcome->diff.after_bytes, staged_.PlannedBytes());
}

}  // namespace
}  // namespace arenastore::store
