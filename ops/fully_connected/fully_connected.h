// fully_connected: an int8 input flattened to [batches, depth] times an int8
// [output_depth, depth] filter, an optional int32 bias, per-tensor or per-channel requantization;
// or, 16x8, an int16 input (zero point 0) with an int32 or int64 bias (the ref kernel's int16 row
// only).
// Its params (lowered by the planner and the runtime, read by every variant) and the one check
// every variant runs before trusting them. The variants' rows are in fully_connected.cc; the
// kernels in this folder (ref.h, arm_dsp.h, arm_mve.h, x86.h). Freestanding,
// allocation-free.
#pragma once

#include "kernels/op_kind.h"
#include "kernels/param_types.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

struct FullyConnectedParams {
  int32_t batches;       // rows of the input (product of all but the last input dim)
  int32_t input_depth;   // accumulation depth
  int32_t output_depth;  // filter is [output_depth, input_depth]
  int32_t input_zero_point, filter_zero_point, output_zero_point;
  int32_t activation_min, activation_max;
  Requantization requant;  // count == 1 or output_depth
  // int16 kernels: accumulate in int64 and read an int64 bias, else in int32 with an int32 bias
  // or none (TensorFlow Lite's 16x8 fully connected picks its accumulator by the bias type).
  // int8: false.
  bool int64_accumulator;
};

inline constexpr OpArity kFullyConnectedArity = {2, 3, true};
ARENASTORE_CORTEX_M_BYTES(FullyConnectedParams, 48);

// kKernelInvalidParams naming `kernel` and the field when the params are inconsistent. `dtype`
// kInt16: zero points 0 and an int16 activation range.
Status CheckFullyConnectedParams(const FullyConnectedParams& params, const char* kernel,
                                 KernelDtype dtype = KernelDtype::kInt8);

}  // namespace arenastore::kernels
