// prelu: x >= 0 ? x : alpha * x on int8 tensors, alpha a constant int8 tensor broadcast against
// the input as numpy does (TensorFlow Lite's int8 PRELU): each branch requantizes with its own
// fixed-point multiplier and clamps to int8. Its params (lowered by the planner and the runtime,
// read by ref.h) and the one check every variant runs before trusting them. Freestanding,
// allocation-free.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

struct PreluParams {
  BroadcastShapes shapes;                       // input1: the input, input2: alpha
  int32_t input1_offset;                        // -input zero point
  int32_t input2_offset;                        // -alpha zero point
  int32_t output_offset;                        // output zero point
  int32_t positive_multiplier, positive_shift;  // input >= 0: input scale / output scale
  int32_t negative_multiplier, negative_shift;  // input < 0: input * alpha scale / output scale
};

inline constexpr OpArity kPreluArity = {2, 2, false};
ARENASTORE_CORTEX_M_BYTES(PreluParams, 100);

Status CheckPreluParams(const PreluParams& params, const char* kernel);

}  // namespace arenastore::kernels
