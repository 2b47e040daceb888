// quantize_float: a float32 tensor quantized to int8 or int16, q = round(x / scale) + zero_point
// clamped to the output type, as TensorFlow Lite Micro's QUANTIZE from float (AffineQuantize), so
// a model fed floats keeps its float input in the artifact. Its params and the one check every
// variant runs; rows in quantize_float.cc, the kernel in ref.h. Freestanding, allocation-free.
#pragma once

#include "kernels/element_type.h"
#include "kernels/param_types.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

struct QuantizeFloatParams {
  int32_t elements;
  ElementType output_type;  // int8 or int16; the input is float32
  int32_t zero_point;       // the output's
  float scale;              // the output's, positive and finite
};

inline constexpr OpArity kQuantizeFloatArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(QuantizeFloatParams, 16);

Status CheckQuantizeFloatParams(const QuantizeFloatParams& params, const char* kernel);

}  // namespace arenastore::kernels
