// The RAM a device needs for one artifact, in all: every pool as planned, state included, plus
// the runtime's own objects for that model, on a Cortex-M for the Arm ISAs and ref, on this host
// for the x86 ISAs. The Cortex-M sizes are held to the device build by device_ram.cc and to the
// runner's own count by the device job (scripts/device_test.sh).
#include "runtime/device_ram.h"

#include <gtest/gtest.h>

#include "runtime/executor.h"
#include "tests/runtime/artifact_fixture.h"

namespace arenastore::runtime {
namespace {

using namespace testing;  // NOLINT: the fixture's vocabulary reads best unqualified

ArtifactSpec WithStatePool(uint64_t state_bytes) {
  ArtifactSpec spec = TinyModelSizedFor(kernels::Isa::kRef);
  PoolSpec state;
  state.name = "state";
  state.kind = schema::PoolKind::STATE;
  state.planned_bytes = state_bytes;
  spec.pools.push_back(state);
  return spec;
}

TEST(DeviceRam, SumsEveryPoolAndTheRuntimesObjectsOnACortexM) {
  const OpenedArtifact artifact(WithStatePool(96));
  ASSERT_TRUE(artifact.ok()) << artifact.status().message();
  const ArtifactView& view = artifact.view();
  const uint64_t sram = view.pool(0).planned_bytes();
  for (const kernels::Isa isa :
       {kernels::Isa::kRef, kernels::Isa::kArmDsp, kernels::Isa::kArmMve}) {
    const DeviceRam ram = DeviceRamOf(view, isa);
    EXPECT_EQ(ram.pools_bytes, sram + 96);
    EXPECT_EQ(ram.state_bytes, 96u);
    EXPECT_EQ(ram.prepared_ops_bytes,
              static_cast<uint64_t>(view.operator_count()) * ram.prepared_op_bytes);
    EXPECT_EQ(ram.executor_bytes, kCortexMExecutorBytes);
    EXPECT_EQ(ram.split_scratch_bytes, 0u) << "a Cortex-M executor keeps no split scratch";
    EXPECT_EQ(ram.stack_budget_bytes, kCortexMStackBudgetBytes);
    EXPECT_EQ(ram.total_bytes(), sram + 96 + ram.prepared_ops_bytes + kCortexMExecutorBytes);
  }
}

TEST(DeviceRam, CountsThisHostsObjectsAndSplitScratchForX86) {
  const OpenedArtifact artifact(TinyModelSizedFor(kernels::Isa::kX86Avx2));
  ASSERT_TRUE(artifact.ok()) << artifact.status().message();
  const ArtifactView& view = artifact.view();
  const DeviceRam ram = DeviceRamOf(view, kernels::Isa::kX86Avx2);
  EXPECT_EQ(ram.prepared_ops_bytes,
            static_cast<uint64_t>(view.operator_count()) * sizeof(PreparedOp));
  EXPECT_EQ(ram.executor_bytes, sizeof(Executor));
  EXPECT_EQ(ram.split_scratch_bytes,
            Executor::SplitScratchBytes(view, kernels::Isa::kX86Avx2).value());
  EXPECT_EQ(ram.stack_budget_bytes, 0u) << "no stack budget is held on a host";
  EXPECT_EQ(ram.total_bytes(), ram.pools_bytes + ram.prepared_ops_bytes + ram.executor_bytes +
                                   ram.split_scratch_bytes);
}

// A device built for a model's ops (ARENASTORE_OPS, as `export` advises) keeps each prepared
// operator as large as those ops' widest params and longest operand lists, not every op's.
TEST(DeviceRam, APreparedOpIsAsLargeAsTheBuildsWidestOpNeeds) {
  OpSelection conv2d_only{};
  conv2d_only.built[static_cast<int>(kernels::OpKind::kConv2d)] = true;
  // kind and dtype, Conv2dParams, 3 inputs and 1 output with their counts, scratch span, kernel
  EXPECT_EQ(CortexMPreparedOpBytes(conv2d_only), 4u + 96u + 4u * (3 + 1 + 1 + 1) + 8u + 4u);
  // every op: the widest params (lstm's) and 16 inputs and outputs (concatenation, split)
  EXPECT_EQ(CortexMPreparedOpBytes(EveryOp()), 4u + 128u + 4u * (16 + 1 + 16 + 1) + 8u + 4u);
}

TEST(DeviceRam, SelectsExactlyTheOpsAnArtifactsOperatorsUse) {
  const OpenedArtifact artifact(TinyModelSizedFor(kernels::Isa::kRef));
  ASSERT_TRUE(artifact.ok()) << artifact.status().message();
  const OpSelection ops = OpsOf(artifact.view());
  int selected = 0;
  for (const bool built : ops.built) selected += built ? 1 : 0;
  EXPECT_EQ(selected, 4);
  for (const kernels::OpKind kind : {kernels::OpKind::kConv2d, kernels::OpKind::kMean,
                                     kernels::OpKind::kFullyConnected, kernels::OpKind::kSoftmax}) {
    EXPECT_TRUE(ops.built[static_cast<int>(kind)]) << kernels::OpKindName(kind);
  }
}

TEST(DeviceRam, CountsPreparedOpsForARuntimeBuiltWithTheModelsOps) {
  const OpenedArtifact artifact(TinyModelSizedFor(kernels::Isa::kArmMve));
  ASSERT_TRUE(artifact.ok()) << artifact.status().message();
  const ArtifactView& view = artifact.view();
  const OpSelection model_ops = OpsOf(view);
  const DeviceRam ram = DeviceRamOf(view, kernels::Isa::kArmMve);
  const auto operators = static_cast<uint64_t>(view.operator_count());
  EXPECT_EQ(ram.prepared_op_bytes, CortexMPreparedOpBytes(model_ops));
  EXPECT_LT(ram.prepared_op_bytes, CortexMPreparedOpBytes(EveryOp()));
  EXPECT_EQ(ram.every_op_prepared_ops_bytes, operators * CortexMPreparedOpBytes(EveryOp()));
  EXPECT_EQ(ram.total_bytes_with_every_op() - ram.total_bytes(),
            ram.every_op_prepared_ops_bytes - ram.prepared_ops_bytes);
}

}  // namespace
}  // namespace arenastore::runtime
