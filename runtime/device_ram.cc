#include "runtime/device_ram.h"

#include "ops/op_selection.h"
#include "runtime/artifact_stages.h"
#include "runtime/executor.h"
#include "runtime/prepared_op.h"

namespace arenastore::runtime {
namespace {

#if defined(__arm__)
constexpr OpSelection ThisBuild() {
  OpSelection ops{};
#define ARENASTORE_BUILT_FLAG(id, name, Name, Options, options_id) \
  ops.built[id] = ARENASTORE_IF_OP_BUILT(name, true, false);
  ARENASTORE_FOR_EACH_OP(ARENASTORE_BUILT_FLAG)
#undef ARENASTORE_BUILT_FLAG
  return ops;
}
static_assert(sizeof(PreparedOp) == CortexMPreparedOpBytes(ThisBuild()),
              "PreparedOp's layout on Cortex-M changed: update CortexMPreparedOpBytes");
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

OpSelection OpsOf(const ArtifactView& view) {
  OpSelection ops{};
  for (int32_t o = 0; o < view.operator_count(); ++o) {
    const auto kind = static_cast<int32_t>(view.op(o).kind());
    if (kind >= 0 && kind < kernels::kOpKindCount) ops.built[kind] = true;
  }
  return ops;
}

DeviceRam DeviceRamOf(const ArtifactView& view, kernels::Isa isa) {
  DeviceRam ram{};
  for (int32_t i = 0; i < view.pool_count(); ++i) {
    const schema::Pool& pool = view.pool(i);
    ram.pools_bytes += pool.planned_bytes();
    if (pool.kind() == schema::PoolKind::STATE) ram.state_bytes += pool.planned_bytes();
  }
  const auto operators = static_cast<uint64_t>(view.operator_count());
  if (RunsOnCortexM(isa)) {
    ram.prepared_op_bytes = CortexMPreparedOpBytes(OpsOf(view));
    ram.prepared_ops_bytes = operators * ram.prepared_op_bytes;
    ram.every_op_prepared_ops_bytes = operators * CortexMPreparedOpBytes(EveryOp());
    ram.executor_bytes = kCortexMExecutorBytes;
    ram.stack_budget_bytes = kCortexMStackBudgetBytes;
    if (StageCount(view.artifact()) > 0) ram.stack_budget_bytes += kCortexMRowStageStackBytes;
    return ram;
  }
  ram.prepared_op_bytes = sizeof(PreparedOp);
  ram.prepared_ops_bytes = operators * sizeof(PreparedOp);
  ram.every_op_prepared_ops_bytes = ram.prepared_ops_bytes;
  ram.executor_bytes = sizeof(Executor);
  const Result<size_t> split = Executor::SplitScratchBytes(view, isa);
  ram.split_scratch_bytes = split.ok() ? split.value() : 0;
  return ram;
}

}  // namespace arenastore::runtime
