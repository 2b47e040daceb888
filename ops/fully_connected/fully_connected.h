// fully_connected: an int8 input flattened to [batches, depth] times an int8
// [output_depth, depth] filter, an optional int32 bias, per-tensor or per-channel requantization.
// Its params (lowered by the planner and the runtime, read by every variant) and the one check
// every variant runs before trusting them. The variants' rows are in fully_connected.cc; the
// kernels in this folder (ref.h, arm_dsp.h, arm_mve.h, x86.h). Freestanding,
// allocation-free.
#pragma once

#include "base/status.h"
#include "kernels/param_types.h"

namespace arenastore::kernels {

struct FullyConnectedParams {
  int32_t batches;       // rows of the input (product of all but the last input dim)
  int32_t input_depth;   // accumulation depth
  int32_t output_depth;  // filter is [output_depth, input_depth]
  int32_t input_zero_point, filter_zero_point, output_zero_point;
  int32_t activation_min, activation_max;
  Requantization requant;  // count == 1 or output_depth
};

inline constexpr OpArity kFullyConnectedArity = {2, 3, true};

// kKernelInvalidParams naming `kernel` and the field when the params are inconsistent.
Status CheckFullyConnectedParams(const FullyConnectedParams& params, const char* kernel);

}  // namespace arenastore::kernels
