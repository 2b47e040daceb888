// l2_normalization: each int8 row along the last dimension divided by its L2 norm, as TensorFlow
// Lite Micro's L2_NORMALIZATION: the output has scale 1/128 and zero point 0.
// Its params (lowered by the planner and the runtime, read by every variant) and the one check
// every variant runs before trusting them. The variants' rows are in l2_normalization.cc; the
// kernel in ref.h. Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

struct L2NormalizationParams {
  int32_t outer_size;  // rows
  int32_t depth;       // the norm runs over the last dimension
  int32_t input_zero_point;
};

// A row's sum of squares (at most 255^2 per element) stays below 2^31.
inline constexpr int32_t kMaxL2NormalizationDepth = 1 << 15;

inline constexpr OpArity kL2NormalizationArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(L2NormalizationParams, 12);

Status CheckL2NormalizationParams(const L2NormalizationParams& params, const char* kernel);

}  // namespace arenastore::kernels
