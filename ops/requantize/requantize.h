// requantize: an integer tensor rescaled to another integer type or quantization (int16 -> int8,
// int8 -> int16, int16 -> int16, int32 -> int8 or int16, int8 or int16 -> int32), as TensorFlow
// Lite Micro's QUANTIZE between integer types (its Requantize): out =
// clamp(MultiplyByQuantizedMultiplier(in - in_zero_point) + out_zero_point), the arithmetic in
// int32. int8 -> int8 runs as ops/quantize's table. Its params and the one check every
// variant runs; rows in requantize.cc, the kernel in ref.h. Freestanding, allocation-free.
#pragma once

#include "kernels/element_type.h"
#include "kernels/param_types.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

struct RequantizeParams {
  int32_t elements;
  ElementType input_type;   // int8, int16 or int32 (int32 only to int8 or int16, as TFLM)
  ElementType output_type;  // int8, int16 or int32
  int32_t input_zero_point, output_zero_point;
  int32_t multiplier, shift;  // input scale / output scale
};

inline constexpr OpArity kRequantizeArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(RequantizeParams, 28);

Status CheckRequantizeParams(const RequantizeParams& params, const char* kernel);

}  // namespace arenastore::kernels
