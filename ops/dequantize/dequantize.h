// dequantize: an int8 or int16 tensor to float32, real = scale * (q - zero_point), as TensorFlow
// Lite Micro's DEQUANTIZE (at a graph's output, so the artifact keeps the model's float
// interface). Its params and check are the family's (kernels/float_conversion_params.h); rows in
// dequantize.cc, the kernel in ref.h. Freestanding, allocation-free.
#pragma once

#include "kernels/float_conversion_params.h"
#include "kernels/param_types.h"

namespace arenastore::kernels {

using DequantizeParams = FloatConversionParams;

inline constexpr OpArity kDequantizeArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(DequantizeParams, 16);

}  // namespace arenastore::kernels
