// squared_difference: (input1 - input2)^2 of two int8 tensors with numpy broadcasting (TensorFlow
// Lite's int8 SQUARED_DIFFERENCE): both inputs rescaled to a common scale as ADD does, the
// difference squared in int32 and requantized to the output, clamped to int8 (no fused
// activation). Its params (lowered by the planner and the runtime, read by ref.h) and the one
// check every variant runs before trusting them. Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

struct SquaredDifferenceParams {
  BroadcastShapes shapes;
  int32_t input1_offset, input2_offset, output_offset;  // offsets are -zero_point, output's not
  int32_t left_shift;                                   // 7 for int8, as TensorFlow Lite
  int32_t input1_multiplier, input1_shift;              // below one: shifts in [-31, 0]
  int32_t input2_multiplier, input2_shift;
  int32_t output_multiplier, output_shift;  // any fixed-point multiplier: shift in [-31, 30]
};

inline constexpr OpArity kSquaredDifferenceArity = {2, 2, false};
ARENASTORE_CORTEX_M_BYTES(SquaredDifferenceParams, 112);

Status CheckSquaredDifferenceParams(const SquaredDifferenceParams& params, const char* kernel);

}  // namespace arenastore::kernels
