// fill: an int8 output of a constant shape with every element the scalar value input's byte, as
// TensorFlow Lite Micro's FILL copies the value (no requantization). Its params and the one check
// every variant runs; rows in fill.cc, the kernel in ref.h. Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

struct FillParams {
  int32_t elements;  // of the output
};

inline constexpr OpArity kFillArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(FillParams, 4);

// kKernelInvalidParams naming `kernel` when the params are inconsistent.
Status CheckFillParams(const FillParams& params, const char* kernel);

}  // namespace arenastore::kernels
