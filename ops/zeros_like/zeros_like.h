// zeros_like: an int8 output of the input's shape, every byte 0, as TensorFlow Lite Micro's
// ZEROS_LIKE writes it (the value 0, not the output's zero point). Its params and the one check
// every variant runs; rows in zeros_like.cc, the kernel in ref.h. Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

struct ZerosLikeParams {
  int32_t elements;  // of the input and the output
};

inline constexpr OpArity kZerosLikeArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(ZerosLikeParams, 4);

// kKernelInvalidParams naming `kernel` when the params are inconsistent.
Status CheckZerosLikeParams(const ZerosLikeParams& params, const char* kernel);

}  // namespace arenastore::kernels
