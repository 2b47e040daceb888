// mul: elementwise product of two int8 tensors with numpy broadcasting, requantized
// and clamped (TensorFlow Lite's int8 MUL).
// Its params (lowered by the planner and the runtime, read by every variant) and the one check
// every variant runs before trusting them. The variants' rows are in mul.cc; the kernels in
// this folder (ref.h, x86.h). Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

struct MulParams {
  BroadcastShapes shapes;
  int32_t input1_offset, input2_offset, output_offset;
  int32_t output_multiplier, output_shift;
  int32_t activation_min, activation_max;
};

inline constexpr OpArity kMulArity = {2, 2, false};
ARENASTORE_CORTEX_M_BYTES(MulParams, 100);

Status CheckMulParams(const MulParams& params, const char* kernel);

}  // namespace arenastore::kernels
