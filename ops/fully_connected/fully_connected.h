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
  // int8: null, or output_depth values of FoldFullyConnectedBias for this layer's filter and
  // bias (the artifact's folded_bias). A variant may add it instead of the bias and the
  // weight-dependent terms; ref ignores it and computes TensorFlow Lite's sum as it is.
  const int32_t* folded_bias;
};

inline constexpr OpArity kFullyConnectedArity = {2, 3, true};
ARENASTORE_CORTEX_M_BYTES(FullyConnectedParams, 52);

// kKernelInvalidParams naming `kernel` and the field when the params are inconsistent. `dtype`
// kInt16: zero points 0 and an int16 activation range.
Status CheckFullyConnectedParams(const FullyConnectedParams& params, const char* kernel,
                                 KernelDtype dtype = KernelDtype::kInt8);

// folded[o] = bias[o] (0 without one) - input_zero_point * sum_d filter[o][d]
//             + input_depth * input_zero_point * filter_zero_point, modulo 2^32.
// With it an int8 accumulator is sum_d x[d] * w[d] - filter_zero_point * sum_d x[d] + folded[o]:
// ref's value, since ref's int32 sum wraps the same way. Called once per layer by the planner
// (and by the variant sweep), never per Invoke.
void FoldFullyConnectedBias(const FullyConnectedParams& params, const int8_t* filter,
                            const int32_t* bias, int32_t* folded);

}  // namespace arenastore::kernels
