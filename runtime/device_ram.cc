#include "runtime/device_ram.h"

#include "runtime/executor.h"
#include "runtime/prepared_op.h"

namespace arenastore::runtime {
namespace {

#if defined(__arm__)
static_assert(sizeof(PreparedOp) == kCortexMPreparedOpBytes,
              "PreparedOp changed size on Cortex-M: update kCortexMPreparedOpBytes");
static_assert(sizeof(Executor) == kCortexMExecutorBytes,
              "Executor changed size on Cortex-M: update kCortexMExecutorBytes");
#endif

// Where an ISA's artifacts run: ref is the Cortex-M3's, the x86 ISAs are hosts'.
bool RunsOnCortexM(kernels::Isa isa) {
  switch (isa) {
    case kernels::Isa::kRef:
    case kernels::Isa::kArmDsp:
    case kernels::Isa::kArmMve:
      return true;
    case kernels::Isa::kX86Avx2:
    case kernels::Isa::kX86Avx512Vnni:
      return false;
  }
  return true;
}

}  // namespace

DeviceRam DeviceRamOf(const ArtifactView& view, kernels::Isa isa) {
  DeviceRam ram{};
  for (int32_t i = 0; i < view.pool_count(); ++i) {
    const schema::Pool& pool = view.pool(i);
    ram.pools_bytes += pool.planned_bytes();
    if (pool.kind() == schema::PoolKind::STATE) ram.state_bytes += pool.planned_bytes();
  }
  const auto operators = static_cast<uint64_t>(view.operator_count());
  if (RunsOnCortexM(isa)) {
    ram.prepared_ops_bytes = operators * kCortexMPreparedOpBytes;
    ram.executor_bytes = kCortexMExecutorBytes;
    ram.stack_budget_bytes = kCortexMStackBudgetBytes;
    return ram;
  }
  ram.prepared_ops_bytes = operators * sizeof(PreparedOp);
  ram.executor_bytes = sizeof(Executor);
  const Result<size_t> split = Executor::SplitScratchBytes(view, isa);
  ram.split_scratch_bytes = split.ok() ? split.value() : 0;
  return ram;
}

}  // namespace arenastore::runtime
