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
              static_cast<uint64_t>(view.operator_count()) * kCortexMPreparedOpBytes);
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

}  // namespace
}  // namespace arenastore::runtime
