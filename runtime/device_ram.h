// The RAM a device needs to run one artifact, in all: its planned pools (activations, scratch,
// state) and the runtime's own memory for that model (one PreparedOp per operator and the
// Executor), next to the stack budget the runtime is held to. A PreparedOp is as large as the
// ops its build carries need (ARENASTORE_OPS), so the figure is for a runtime built with the
// model's ops, as `export` tells firmware to build it, and beside it for one with every op (the
// Cortex-M runner's: the device job holds the runner's own count equal to it). Called by
// `inspect`, `compile`, `export` and the audit. Freestanding; never allocates.
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernels/op_kind.h"
#include "kernels/op_params.h"
#include "runtime/artifact_view.h"

namespace arenastore::runtime {

// The operators a runtime build carries, one flag per kernels::OpKind.
struct OpSelection {
  bool built[kernels::kOpKindCount];
};

// A PreparedOp's bytes on a 32-bit Cortex-M build (ref, arm_dsp and arm_mve run there) carrying
// exactly `ops`: OpParams (kind and dtype, then a union as wide as their widest params, each unit
// declaring its size: ARENASTORE_CORTEX_M_BYTES), OpOperands (as many pointers as their longest
// operand lists), the scratch span and the kernel pointer. device_ram.cc holds it equal to
// sizeof(PreparedOp) in every Arm build, so a layout that changes without it fails to compile.
constexpr size_t CortexMPreparedOpBytes(const OpSelection& ops) {
  struct Footprint {
    size_t params_bytes;
    int inputs, outputs;
  };
  const Footprint footprints[] = {
#define ARENASTORE_OP_FOOTPRINT(id, name, Name, Options, options_id)         \
  {kernels::k##Name##ParamsCortexMBytes, kernels::k##Name##Arity.max_inputs, \
   kernels::k##Name##Arity.max_outputs},
      ARENASTORE_FOR_EACH_OP(ARENASTORE_OP_FOOTPRINT)
#undef ARENASTORE_OP_FOOTPRINT
  };
  Footprint widest = {kernels::kTableLookupParamsCortexMBytes, 1, 1};  // members always there
  for (int k = 0; k < kernels::kOpKindCount; ++k) {
    if (!ops.built[k]) continue;
    const Footprint& op = footprints[k];
    if (op.params_bytes > widest.params_bytes) widest.params_bytes = op.params_bytes;
    if (op.inputs > widest.inputs) widest.inputs = op.inputs;
    if (op.outputs > widest.outputs) widest.outputs = op.outputs;
  }
  constexpr size_t kWord = 4;  // a pointer, an int32_t, and every params struct's alignment
  const size_t params = kWord + widest.params_bytes;
  const size_t operands = kWord * static_cast<size_t>(widest.inputs + 1 + widest.outputs + 1);
  return params + operands + 2 * kWord + kWord;
}

// The ops an artifact's operators use: what `export` advises building its runtime with.
OpSelection OpsOf(const ArtifactView& view);

// Every op of the list: the Cortex-M runner's build.
constexpr OpSelection EveryOp() {
  OpSelection ops{};
  for (bool& built : ops.built) built = true;
  return ops;
}

inline constexpr size_t kCortexMExecutorBytes = 64;
// The deepest stack the runtime may use on a Cortex-M board; the device job holds every run's
// measured peak to it.
inline constexpr size_t kCortexMStackBudgetBytes = 2048;
// What an artifact with row stages adds to it: while a stage runs, its runner, the op a strip
// loads and that op's strip params sit above the executor's frames, and validation sizes the
// strips likewise (runtime/row_stage.h loads one op at a time). Measured: mobilenet-v1's stages
// peak at 3,768 B on the M55.
inline constexpr size_t kCortexMRowStageStackBytes = 2048;

struct DeviceRam {
  uint64_t pools_bytes;         // every pool as planned, state included
  uint64_t state_bytes;         // the STATE pools among them: variable tensors kept across Invokes
  uint64_t prepared_op_bytes;   // each PreparedOp, in a runtime built with the model's ops
  uint64_t prepared_ops_bytes;  // one per operator, lowered once by Executor::Create
  uint64_t every_op_prepared_ops_bytes;  // the same in a runtime built with every op
  uint64_t executor_bytes;               // the Executor itself
  uint64_t split_scratch_bytes;          // x86 hosts only: packed filters the host executor keeps
  uint64_t stack_budget_bytes;           // 0 where no budget is held (the x86 host); more
                                         // for an artifact with row stages

  // What the device must reserve for this model, the stack aside.
  uint64_t total_bytes() const {
    return pools_bytes + prepared_ops_bytes + executor_bytes + split_scratch_bytes;
  }
  // The same for a runtime built with every op.
  uint64_t total_bytes_with_every_op() const {
    return total_bytes() - prepared_ops_bytes + every_op_prepared_ops_bytes;
  }
};

// For `isa`'s device: a Cortex-M for ref, arm_dsp and arm_mve (the sizes above), this 64-bit host
// for the x86 ISAs (this build's sizes, every op, plus the split scratch its executor keeps).
DeviceRam DeviceRamOf(const ArtifactView& view, kernels::Isa isa);

}  // namespace arenastore::runtime
