// PreparedOp: one operator exactly as Executor::Invoke hands it to its kernel: lowered params,
// bound operand pointers, its scratch span and the resolved kernel. Executor::Create fills
// caller-provided storage with one per operator, so Invoke reads no FlatBuffer field and
// resolves no kernel on the hot path; without that storage Invoke lowers each op as it runs it
// (the microcontroller choice: ~300 B of RAM per op saved). Pointers refer to the artifact bytes
// and the pool buffers, which must outlive it. Trivially copyable; freestanding.
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
};

}  // namespace arenastore::runtime
