// PreparedOp: one operator exactly as Executor::Invoke hands it to its kernel: lowered params,
// bound operand pointers, its scratch span and the resolved kernel. Executor::Create fills
// caller-provided storage with one per operator, so Invoke reads no FlatBuffer field and
// resolves no kernel on the hot path; without that storage Invoke lowers each op as it runs it
// (the microcontroller choice: 280 B of RAM per op saved on Cortex-M). With room for split scratch
// too, ops whose kernel has a split form also keep their packed filters and tables between Invokes.
// Pointers refer to the artifact bytes and the pool buffers, which must outlive it. Trivially
// copyable; freestanding.
#pragma once

#include <cstdint>
#include <span>

#include "kernels/op_params.h"
#include "kernels/registry.h"

namespace arenastore::runtime {

struct PreparedOp {
  kernels::OpParams params;
  kernels::OpOperands operands;
  std::span<uint8_t> scratch;
  kernels::EvalFn eval;  // the variant's kernel of the op's form; non-null once prepared
#if ARENASTORE_SPLIT_FORMS
  // Non-null when the op runs split (kernels/kernel_state.h): `scratch` is then the op's own,
  // outside the planned pools, filled once by split->prepare, and Invoke calls split->run.
  const kernels::SplitKernel* split;
  kernels::KernelState state;
#endif
};

// Sets prepared->eval to the kernel that runs prepared->params (kind, dtype, form) on `isa`.
// kKernelUnsupported naming op `op_index` when that variant is not built here or lacks the
// params' form. Shared by the executor and the row-stage runner (runtime/row_stage.h).
Status ResolvePreparedEval(int32_t op_index, kernels::Isa isa, PreparedOp* prepared);

// Runs the op as prepared: its split form when it has one, else its kernel on its scratch.
inline Status RunPrepared(const PreparedOp& op) {
#if ARENASTORE_SPLIT_FORMS
  if (op.split != nullptr) return op.split->run(op.params, op.operands, op.scratch, op.state);
#endif
  return op.eval(op.params, op.operands, op.scratch);
}

}  // namespace arenastore::runtime
