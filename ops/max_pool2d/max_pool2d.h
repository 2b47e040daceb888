// max_pool2d: the maximum of each window of an int8 NHWC input, clamped to the fused
// activation.
// Its params (lowered by the planner and the runtime, read by every variant) and the one check
// every variant runs before trusting them. The variants' rows are in max_pool2d.cc; the kernels in
// this folder (ref.h, x86.h). Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

// Input and output share scale and zero point (kernels/param_types.h).
using MaxPool2dParams = Pool2dParams;

inline constexpr OpArity kMaxPool2dArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(MaxPool2dParams, 56);

Status CheckMaxPool2dParams(const MaxPool2dParams& params, const char* kernel);

}  // namespace arenastore::kernels
