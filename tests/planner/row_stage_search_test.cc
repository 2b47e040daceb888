// Row stages as the planner chooses them (compile's max_recompute_percent): a chain of window ops
// runs strip by strip when that makes the plan smaller, within the recompute budget, and every
// output byte is the whole-tensor plan's on every host variant. Without a budget no stage is
// planned and the artifact has none.
#include "planner/row_stage_search.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <iostream>
#include <optional>
#include <vector>

#include "kernels/cpu_features.h"
#include "planner/compile.h"
#include "planner/graph_builder.h"
#include "planner/lower_op.h"
#include "planner/op_macs.h"
#include "runtime/artifact_stages.h"
#include "runtime/artifact_view.h"
#include "runtime/schema/artifact_schema.h"
#include "tests/planner/artifact_runner.h"

namespace arenastore::planner {
namespace {

// A large early tensor chain, as a camera network opens: x [1,40,40,3] -> conv 3x3 SAME (16) ->
// depthwise 3x3 stride 2 -> conv 1x1 (8) -> max pool 2x2 -> fully connected (4).
Graph EarlyChainGraph() {
  GraphBuilder b("early-chain", 11);
  const int32_t x = b.Input("x", {1, 40, 40, 3}, 0.05f, 0);
  const int32_t c = b.Conv2d(x, 16, 3, 3, 1, Padding::SAME, Activation::RELU);
  const int32_t d = b.DepthwiseConv2d(c, 3, 3, 2, Padding::SAME, Activation::RELU);
  const int32_t p = b.Conv2d(d, 8, 1, 1, 1, Padding::VALID, Activation::NONE);
  const int32_t m = b.MaxPool2d(p, 2, 2, 2, Padding::VALID);
  b.Output(b.FullyConnected(b.Reshape(m, {1, 10 * 10 * 8}), 4, Activation::NONE));
  return b.Build();
}

CompiledModel CompileOrFail(const Graph& graph, std::optional<double> max_recompute,
                            kernels::Isa isa = kernels::Isa::kRef) {
  CompileOptions options;
  options.target_isa = isa;
  options.max_recompute_percent = max_recompute;
  auto model = Compile(graph, options);
  EXPECT_TRUE(model.ok()) << model.status().message();
  return model.ok() ? *model : CompiledModel{};
}

testing::Outputs RunOnPattern(const CompiledModel& model, kernels::Isa isa = kernels::Isa::kRef) {
  return testing::RunWith(
      model.artifact,
      [](int32_t input, size_t bytes, bool) {
        std::vector<uint8_t> values(bytes);
        for (size_t i = 0; i < bytes; ++i) values[i] = static_cast<uint8_t>(i * 53 + input * 7 + 1);
        return values;
      },
      isa);
}

TEST(RowStageSearch, PlansNoStageWithoutABudget) {
  const CompiledModel model = CompileOrFail(EarlyChainGraph(), std::nullopt);
  EXPECT_TRUE(model.stages.empty());
  EXPECT_EQ(runtime::StageCount(*schema::GetArtifact(model.artifact.data())), 0);
}

TEST(RowStageSearch, StagesTheEarlyChainBelowTheDefaultPlanWithItsOutputs) {
  const Graph graph = EarlyChainGraph();
  const CompiledModel plain = CompileOrFail(graph, std::nullopt);
  const CompiledModel staged = CompileOrFail(graph, 20.0);
  ASSERT_FALSE(staged.stages.empty());
  EXPECT_EQ(staged.stages[0].first_op, 0) << "the 40x40 tensors are the first ops'";
  EXPECT_LT(staged.PlannedBytes(), plain.PlannedBytes());
  EXPECT_EQ(RunOnPattern(staged), RunOnPattern(plain));
  const schema::Artifact& artifact = *schema::GetArtifact(staged.artifact.data());
  ASSERT_EQ(runtime::StageCount(artifact), static_cast<int32_t>(staged.stages.size()));
  EXPECT_EQ(runtime::StageAt(artifact, 0).strip_rows(), staged.stages[0].strip_rows);
}

// The graph input dies in the first stage, so the stage output is written over it: the two share
// bytes, which the runtime's plan proof accepted when Compile opened the artifact.
TEST(RowStageSearch, WritesTheStageOutputOverTheInputItConsumes) {
  const CompiledModel staged = CompileOrFail(EarlyChainGraph(), 20.0);
  ASSERT_FALSE(staged.stages.empty());
  const schema::Artifact& artifact = *schema::GetArtifact(staged.artifact.data());
  const PlannedStage& stage = staged.stages[0];
  const auto* ops = artifact.operators();
  const schema::Tensor& in = *artifact.tensors()->Get(ops->Get(stage.first_op)->inputs()->Get(0));
  const schema::Tensor& out = *artifact.tensors()->Get(
      ops->Get(stage.first_op + stage.op_count - 1)->outputs()->Get(0));
  EXPECT_LT(out.offset(), in.offset() + in.bytes());
  EXPECT_LT(in.offset(), out.offset() + out.bytes());
}

TEST(RowStageSearch, KeepsTheRecomputedMacsWithinTheBudget) {
  const Graph graph = EarlyChainGraph();
  for (const double percent : {0.0, 1.0, 5.0, 20.0}) {
    const CompiledModel staged = CompileOrFail(graph, percent);
    EXPECT_LE(static_cast<double>(staged.ExtraMacs()),
              static_cast<double>(staged.model_macs) * percent / 100.0)
        << percent << "%";
  }
  EXPECT_EQ(CompileOrFail(graph, 0.0).ExtraMacs(), 0u);
}

TEST(RowStageSearch, ALargerBudgetNeverPlansMoreBytes) {
  const Graph graph = EarlyChainGraph();
  EXPECT_LE(CompileOrFail(graph, 20.0).PlannedBytes(), CompileOrFail(graph, 1.0).PlannedBytes());
  EXPECT_LE(CompileOrFail(graph, 1.0).PlannedBytes(), CompileOrFail(graph, 0.0).PlannedBytes());
}

TEST(RowStageSearch, EachHostVariantRunsItsStagesBitExact) {
  const Graph graph = EarlyChainGraph();
  const testing::Outputs expected = RunOnPattern(CompileOrFail(graph, std::nullopt));
  for (const kernels::Isa isa : {kernels::Isa::kX86Avx2, kernels::Isa::kX86Avx512Vnni}) {
    if (!kernels::IsaRunnable(isa)) {
      std::cout << "[ skipped ] " << kernels::IsaName(isa) << ": this CPU does not run it\n";
      continue;
    }
    const CompiledModel staged = CompileOrFail(graph, 20.0, isa);
    EXPECT_FALSE(staged.stages.empty()) << kernels::IsaName(isa);
    EXPECT_EQ(RunOnPattern(staged, isa), expected) << kernels::IsaName(isa);
  }
}

// x -> conv -> x1 -> depthwise -> y, and x1 read again by add(y, x1): x1 cannot be an inner
// tensor, so the two ops form no chain.
TEST(RowStageChains, StopAtATensorReadTwice) {
  GraphBuilder b("reuse", 7);
  const int32_t x = b.Input("x", {1, 6, 6, 4}, 0.05f, 0);
  const int32_t x1 = b.Conv2d(x, 4, 1, 1, 1, Padding::VALID, Activation::RELU);
  const int32_t y = b.DepthwiseConv2d(x1, 3, 3, 1, Padding::SAME, Activation::NONE);
  b.Output(b.Add(y, x1, Activation::NONE));
  const Graph graph = b.Build();
  std::vector<LoweredOp> lowered;
  for (size_t i = 0; i < graph.ops.size(); ++i) lowered.push_back(LowerOp(graph, i).value());
  EXPECT_TRUE(StageChains(graph, lowered).empty());
}

TEST(RowStageChains, RunFromTheFirstWindowOpToTheLastBeforeAReshape) {
  const Graph graph = EarlyChainGraph();
  std::vector<LoweredOp> lowered;
  for (size_t i = 0; i < graph.ops.size(); ++i) lowered.push_back(LowerOp(graph, i).value());
  const std::vector<StageChain> chains = StageChains(graph, lowered);
  ASSERT_EQ(chains.size(), 1u);
  EXPECT_EQ(chains[0].first_op, 0);
  EXPECT_EQ(chains[0].op_count, 4);
}

TEST(OpMacs, CountsFilterTapsPerOutputElement) {
  const Graph graph = EarlyChainGraph();
  EXPECT_EQ(EstimatedMacs(graph, graph.ops[0]), 40u * 40 * 16 * 3 * 3 * 3);  // conv 3x3
  EXPECT_EQ(EstimatedMacs(graph, graph.ops[1]), 20u * 20 * 16 * 3 * 3);     // depthwise
  EXPECT_EQ(EstimatedMacs(graph, graph.ops[2]), 20u * 20 * 8 * 16);         // pointwise
  EXPECT_EQ(EstimatedMacs(graph, graph.ops[3]), 0u);                        // max pool
}

}  // namespace
}  // namespace arenastore::planner
