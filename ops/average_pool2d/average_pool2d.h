// average_pool2d: the rounded mean of each window of an int8 NHWC input (padding
// excluded from the count), clamped to the fused activation.
// Its params (lowered by the planner and the runtime, read by every variant) and the one check
// every variant runs before trusting them. The variants' rows are in average_pool2d.cc; the kernels
// in this folder (ref.h, arm_dsp.h, arm_mve.h, x86.h). Freestanding,
// allocation-free.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

// Input and output share scale and zero point (kernels/param_types.h).
using AveragePool2dParams = Pool2dParams;

inline constexpr OpArity kAveragePool2dArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(AveragePool2dParams, 56);

Status CheckAveragePool2dParams(const AveragePool2dParams& params, const char* kernel);

}  // namespace arenastore::kernels
