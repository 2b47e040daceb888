// cast: each element converted to another type by value, with no quantization (int8 -5 is int32
// -5 and float -5.0; narrowing wraps), as TensorFlow Lite Micro's CAST. Inputs int8, int16 or
// int32; outputs int8, int16, int32 or float32. Its params and the one check every variant
// runs; rows in cast.cc, the kernel in ref.h. Freestanding, allocation-free.
#pragma once

#include "kernels/element_type.h"
#include "kernels/param_types.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

struct CastParams {
  int32_t elements;
  ElementType input_type;  // an integer type
  ElementType output_type;
};

inline constexpr OpArity kCastArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(CastParams, 12);

Status CheckCastParams(const CastParams& params, const char* kernel);

}  // namespace arenastore::kernels
