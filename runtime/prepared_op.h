// PreparedOp: one operator exactly as Executor::Invoke hands it to its kernel: lowered params,
// bound operand pointers, its scratch span and the resolved kernel. Executor::Create fills
// caller-provided storage with one per operator, so Invoke reads no FlatBuffer field and
// resolves no kernel on the hot path; without that storage Invoke lowers each op as it runs it
// (the microcontroller choice: ~600 B of RAM per op saved). With room for split scratch too,
// ops whose kernel has a split form also keep their packed filters and tables between Invokes.
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
  const kernels::KernelEntry* kernel;  // eval is non-null once prepared
  // Non-null when the op runs split (kernels/kernel_state.h): `scratch` is then the op's own,
  // outside the planned pools, filled once by split->prepare, and Invoke calls split->run.
  const kernels::SplitKernel* split;
  kernels::KernelState state;
};

}  // namespace arenastore::runtime
