// cumsum: the running sum of an int8 tensor along one axis, optionally exclusive (each output
// sums the elements strictly before it) and reversed (sums run from the end), each element
// rescaled as ADD rescales its inputs and every partial sum requantized (TensorFlow Lite's int8
// CUMSUM). Its params (lowered by the planner and the runtime, read by ref.h) and the check
// every variant runs before trusting them. Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

struct CumsumParams {
  // The tensor seen as [outer_size, axis_size, inner_size] around the summed axis.
  int32_t outer_size, axis_size, inner_size;
  int32_t exclusive;      // 1: output k sums elements [0, k); 0: [0, k]
  int32_t reverse;        // 1: sums run from the last element of the axis to the first
  int32_t input_offset;   // minus the input zero point
  int32_t output_offset;  // the output zero point
  int32_t left_shift;     // headroom each offset input gets before its rescale
  int32_t input_multiplier, input_shift;    // each element's rescale (below one)
  int32_t output_multiplier, output_shift;  // each partial sum's requantization (below one)
  int32_t activation_min, activation_max;
};

inline constexpr OpArity kCumsumArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(CumsumParams, 56);

Status CheckCumsumParams(const CumsumParams& params, const char* kernel);

}  // namespace arenastore::kernels
