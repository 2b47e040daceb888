// quantize_float: a float32 tensor quantized to int8 or int16, q = round(x / scale) + zero_point
// clamped to the output type, as TensorFlow Lite Micro's QUANTIZE from float (AffineQuantize), so
// a model fed floats keeps its float input in the artifact. Its params and check are the family's
// (kernels/float_conversion_params.h); rows in quantize_float.cc, the kernel in ref.h.
// Freestanding, allocation-free.
#pragma once

#include "kernels/float_conversion_params.h"
#include "kernels/param_types.h"

namespace arenastore::kernels {

using QuantizeFloatParams = FloatConversionParams;

inline constexpr OpArity kQuantizeFloatArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(QuantizeFloatParams, 16);

}  // namespace arenastore::kernels
