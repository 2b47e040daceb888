// The fleet audit and the memory below the tensor-level bound: each pair reports its plan against
// the bound, and a version rejected because its pools no longer fit a class's memories is a
// curable reject when a re-plan for the class (operators written over their dying inputs) would
// be accepted there; audit --fix then moves the devices onto that re-plan. A class smaller than
// any plan stays an incurable reject.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "planner/compile.h"
#include "planner/examples/examples.h"
#include "store/audit_evaluate.h"
#include "store/audit_fix.h"
#include "store/audit_record.h"
#include "store/fleet_inventory.h"
#include "store/grouped_number.h"
#include "tests/store/registry_fixture.h"

namespace arenastore::store {
namespace {

planner::CompiledModel CompileDsCnn(bool over_input) {
  planner::CompileOptions options;
  options.over_input = over_input;
  auto compiled = planner::Compile(planner::BuildDsCnn(), options);
  EXPECT_TRUE(compiled.ok()) << compiled.status().message();
  return compiled.ok() ? std::move(compiled.value()) : planner::CompiledModel{};
}

class AuditReplanFit : public testing::RegistryTest {
 protected:
  void SetUp() override {
    RegistryTest::SetUp();
    whole_ = CompileDsCnn(false);
    in_place_ = CompileDsCnn(true);
    ASSERT_LT(in_place_.PlannedBytes(), whole_.PlannedBytes());
    ASSERT_TRUE(Push(registry(), whole_.artifact, {"kws", "", "", ""}).ok());
    ASSERT_TRUE(Push(registry(), in_place_.artifact, {"kws-in-place", "", "", ""}).ok());
    // Between the two plans: the whole plan is rejected there, the in-place one fits.
    between_ = "sram=" + std::to_string(in_place_.PlannedBytes() + 64);
    std::vector<DeviceRow> rows = {
        Device("fits-0", between_, "kws@1"), Device("fits-1", between_, "kws@1"),
        Device("small-0", "sram=1K", "kws@1"), Device("roomy-0", "sram=1M", "kws-in-place@1")};
    testing::ImportFleet(registry(), rows);
  }

  static DeviceRow Device(const std::string& id, const std::string& pools,
                          const std::string& model) {
    return testing::FleetDevice(id, "board", "ref", pools, model);
  }

  const AuditResult* Find(const AuditReport& report, const std::string& pools,
                          const std::string& model) {
    for (const AuditResult& r : report.results) {
      if (r.pools == pools && r.model == model) return &r;
    }
    ADD_FAILURE() << "no result for " << model << " on " << pools;
    return nullptr;
  }

  planner::CompiledModel whole_, in_place_;
  std::string between_;
};

TEST_F(AuditReplanFit, AVersionTooBigAsPlannedIsCurableWhereAnInPlaceReplanFits) {
  auto report = RunAudit(registry(), {});
  ASSERT_TRUE(report.ok()) << report.status().message();
  const AuditResult* fits = Find(*report, between_, "kws");
  ASSERT_NE(fits, nullptr);
  EXPECT_EQ(fits->verdict, AuditVerdict::kReject);
  EXPECT_TRUE(fits->curable) << fits->reasons;
  EXPECT_EQ(fits->replan_bytes, in_place_.PlannedBytes());
  EXPECT_NE(fits->reasons.find("a re-plan for ref needs " + GroupedBytes(in_place_.PlannedBytes()) +
                               " in all and fits"),
            std::string::npos)
      << fits->reasons;
}

TEST_F(AuditReplanFit, NoReplanCuresAClassSmallerThanEveryPlan) {
  auto report = RunAudit(registry(), {});
  ASSERT_TRUE(report.ok()) << report.status().message();
  const AuditResult* small = Find(*report, "sram=1K", "kws");
  ASSERT_NE(small, nullptr);
  EXPECT_EQ(small->verdict, AuditVerdict::kReject);
  EXPECT_FALSE(small->curable);
  EXPECT_EQ(small->replan_bytes, 0u);
  EXPECT_EQ(small->reasons.find("re-plan"), std::string::npos) << small->reasons;
}

TEST_F(AuditReplanFit, EachPairReportsItsPlanAgainstTheTensorLevelBoundAndARecordedRunKeepsIt) {
  auto report = RunAudit(registry(), {});
  ASSERT_TRUE(report.ok()) << report.status().message();
  const AuditResult* whole = Find(*report, between_, "kws");
  const AuditResult* in_place = Find(*report, "sram=1M", "kws-in-place");
  ASSERT_NE(whole, nullptr);
  ASSERT_NE(in_place, nullptr);
  EXPECT_EQ(whole->planned_bytes, whole_.PlannedBytes());
  EXPECT_EQ(whole->tensor_bound_bytes, whole_.tensor_bound_bytes);
  EXPECT_EQ(in_place->planned_bytes, in_place_.PlannedBytes());
  EXPECT_EQ(in_place->tensor_bound_bytes, in_place_.tensor_bound_bytes);
  EXPECT_EQ(in_place->tensor_bound_bytes, whole->tensor_bound_bytes) << "one schedule, one bound";
  EXPECT_EQ(in_place->verdict, AuditVerdict::kOk);

  const AuditReport read = testing::RecordAndReadBack(registry(), &*report);
  ASSERT_EQ(read.results.size(), report->results.size());
  for (size_t i = 0; i < read.results.size(); ++i) {
    const AuditResult &a = report->results[i], &b = read.results[i];
    EXPECT_EQ(std::tie(a.planned_bytes, a.tensor_bound_bytes, a.replan_bytes, a.curable),
              std::tie(b.planned_bytes, b.tensor_bound_bytes, b.replan_bytes, b.curable));
  }
}

TEST_F(AuditReplanFit, AuditFixMovesTheDevicesOntoTheReplanAndTheReAuditAcceptsIt) {
  auto fixed = FixAudit(registry(), AuditOptions{});
  ASSERT_TRUE(fixed.ok()) << fixed.status().message();
  const AuditResult* after = Find(fixed->after, between_, "kws");
  ASSERT_NE(after, nullptr);
  EXPECT_NE(after->verdict, AuditVerdict::kReject) << after->reasons;
  EXPECT_EQ(after->version, 2);
  EXPECT_EQ(after->device_count, 2);
  EXPECT_EQ(after->planned_bytes, in_place_.PlannedBytes());
  const AuditResult* small = Find(fixed->after, "sram=1K", "kws");
  ASSERT_NE(small, nullptr);
  EXPECT_EQ(small->verdict, AuditVerdict::kReject);
}

// A Cortex-M4 class between the two plans: its own kernels' re-plan does not fit there, the one
// on its own pointwise form and ref's borrowed depthwise form does (planner/compile.h), so the
// reject is curable and audit --fix moves the devices onto it.
TEST_F(AuditReplanFit, AnArmClassTooSmallForItsOwnKernelsIsCuredByBorrowingRefsForms) {
  planner::CompileOptions options;
  options.target_isa = kernels::Isa::kArmDsp;
  options.pools = {planner::PoolConfig{"sram", in_place_.PlannedBytes() + 1'024,
                                       planner::PoolKind::kWorkspace}};
  auto borrowing = planner::Compile(planner::BuildDsCnn(), options);
  ASSERT_TRUE(borrowing.ok()) << borrowing.status().message();
  ASSERT_GT(borrowing->reference_kernel_forms, 0);
  const std::string pools = "sram=" + std::to_string(borrowing->PlannedBytes() + 64);
  testing::ImportFleet(registry(), {testing::FleetDevice("m4-0", "nrf5340", "arm_dsp", pools,
                                                         "kws@1")});

  auto report = RunAudit(registry(), {});
  ASSERT_TRUE(report.ok()) << report.status().message();
  const AuditResult* m4 = Find(*report, pools, "kws");
  ASSERT_NE(m4, nullptr);
  EXPECT_EQ(m4->verdict, AuditVerdict::kReject);
  EXPECT_TRUE(m4->curable) << m4->reasons;
  EXPECT_EQ(m4->replan_bytes, borrowing->PlannedBytes());
  // The operator moving devices onto it learns the cure runs slower kernels.
  const std::string borrowed = WithSpeedCostText(SpeedCostOf(*borrowing));
  ASSERT_NE(borrowed.find("on ref's slower kernel"), std::string::npos) << borrowed;
  EXPECT_NE(m4->reasons.find("a re-plan for arm_dsp" + borrowed), std::string::npos)
      << m4->reasons;

  auto fixed = FixAudit(registry(), AuditOptions{});
  ASSERT_TRUE(fixed.ok()) << fixed.status().message();
  const AuditResult* after = Find(fixed->after, pools, "kws");
  ASSERT_NE(after, nullptr);
  EXPECT_NE(after->verdict, AuditVerdict::kReject) << after->reasons;
  EXPECT_EQ(after->planned_bytes, borrowing->PlannedBytes());
  // The re-audit says what the deployed re-plan pays in speed.
  EXPECT_EQ(after->reference_kernel_ops, borrowing->reference_kernel_forms);
  EXPECT_EQ(after->own_slower_kernel_ops, borrowing->own_slower_kernel_forms);
  EXPECT_EQ(SpeedCostText(*after),
            "runs " + SlowerKernelsText(borrowing->own_slower_kernel_forms,
                                        borrowing->reference_kernel_forms));
  // The move records what the re-plan pays, and `audit show` of the re-audit reads it back.
  auto shown = ReadAudit(registry(), fixed->after.run.id);
  ASSERT_TRUE(shown.ok()) << shown.status().message();
  const AuditResult* recorded = Find(*shown, pools, "kws");
  ASSERT_NE(recorded, nullptr);
  EXPECT_EQ(recorded->reference_kernel_ops, borrowing->reference_kernel_forms);
  EXPECT_EQ(recorded->own_slower_kernel_ops, borrowing->own_slower_kernel_forms);
  for (const std::vector<FixAction>* moves : {&fixed->actions, &shown->fix_moves}) {
    const FixAction* move = nullptr;
    for (const FixAction& action : *moves) {
      if (action.rejected.pools == pools) move = &action;
    }
    ASSERT_NE(move, nullptr);
    EXPECT_TRUE(move->fixed) << move->error;
    EXPECT_EQ(move->replan_speed_cost.reference_kernel_ops, borrowing->reference_kernel_forms);
    EXPECT_EQ(move->replan_speed_cost.own_slower_kernel_ops, borrowing->own_slower_kernel_forms);
  }
}

}  // namespace
}  // namespace arenastore::store
