// dequantize: an int8 or int16 tensor to float32, real = scale * (q - zero_point), as TensorFlow
// Lite Micro's DEQUANTIZE (at a graph's output, so the artifact keeps the model's float
// interface). Its params and the one check every variant runs; rows in dequantize.cc, the kernel
// in ref.h. Freestanding, allocation-free.
#pragma once

#include "kernels/element_type.h"
#include "kernels/param_types.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

struct DequantizeParams {
  int32_t elements;
  ElementType input_type;  // int8 or int16; the output is float32
  int32_t zero_point;      // the input's
  float scale;             // the input's, positive and finite
};

inline constexpr OpArity kDequantizeArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(DequantizeParams, 16);

Status CheckDequantizeParams(const DequantizeParams& params, const char* kernel);

}  // namespace arenastore::kernels
