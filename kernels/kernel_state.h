// KernelState and SplitKernel: the split form of a kernel variant, for executors that keep an
// op's scratch to itself between calls (host runtimes with prepared ops, runtime/prepared_op.h).
// `prepare` fills once, from the params and the op's constant inputs, what every call would
// otherwise rebuild in scratch (packed filters, requantization tables) and keeps what it learned
// in a KernelState; `run` then computes each call from those, byte for byte what eval computes.
// Plain data; freestanding, never allocates.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/cortex_m_build.h"
#include "kernels/op_params.h"

// Only x86 rows have split forms, and a Cortex-M build registers none (kernels/kernel_rows.h):
// there prepared ops carry no KernelState (320 B each).
#define ARENASTORE_SPLIT_FORMS (!ARENASTORE_CORTEX_M_BUILD)

namespace arenastore::kernels {

// What a variant's prepare keeps for its run (layout, table pointers into the scratch, flags).
// Opaque to the executor; each variant static_asserts that its record fits.
struct KernelState {
  alignas(8) uint8_t bytes[320];
};

// prepare reads only the inputs in SplitKernel::constant_inputs, never the output.
using PrepareFn = Status (*)(const OpParams& params, const OpOperands& operands,
                             std::span<uint8_t> scratch, KernelState* state);
// Same params, constant inputs and scratch (untouched in between) as the prepare that filled
// `state`; kInvalidArgument for another scratch.
using RunPreparedFn = Status (*)(const OpParams& params, const OpOperands& operands,
                                 std::span<uint8_t> scratch, const KernelState& state);

struct SplitKernel {
  PrepareFn prepare;
  RunPreparedFn run;
  // Bytes of the split form's own scratch: what eval needs, plus anything prepare keeps that
  // eval builds on its stack (an op with no planned scratch may still keep a table here).
  size_t (*scratch_bytes)(const OpParams& params);
  uint32_t constant_inputs;  // bit k: input k must be a constant of the artifact
};

}  // namespace arenastore::kernels
