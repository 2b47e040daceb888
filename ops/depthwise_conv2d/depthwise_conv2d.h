// depthwise_conv2d: depthwise 2-D convolution of an int8 NHWC input with an int8
// [1, filter_h, filter_w, input_c x depth_multiplier] filter, an optional int32 bias, per-channel
// requantization and a fused activation clamp; or, 16x8, of an int16 input (zero point 0) with an
// optional int64 bias (the ref kernel's int16 row only).
// Its params (lowered by the planner and the runtime, read by every variant) and the one check
// every variant runs before trusting them. The variants' rows are in depthwise_conv2d.cc; the
// kernels in this folder (ref.h, arm_dsp.h, arm_mve.h, x86.h). Freestanding,
// allocation-free.
#pragma once

#include "kernels/op_kind.h"
#include "kernels/param_types.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

struct DepthwiseConv2dParams {
  int32_t batches, input_h, input_w, input_c;
  int32_t depth_multiplier;    // output_c == input_c * depth_multiplier
  int32_t filter_h, filter_w;  // filter is [1, filter_h, filter_w, output_c]
  int32_t output_h, output_w, output_c;
  int32_t stride_h, stride_w;
  int32_t dilation_h, dilation_w;
  int32_t pad_top, pad_left;
  int32_t input_zero_point, output_zero_point;
  int32_t activation_min, activation_max;
  Requantization requant;  // count == output_c
};

inline constexpr OpArity kDepthwiseConv2dArity = {2, 3, true};
ARENASTORE_CORTEX_M_BYTES(DepthwiseConv2dParams, 92);

// kKernelInvalidParams naming `kernel` and the field when the params are inconsistent. `dtype`
// kInt16: zero points 0 and an int16 activation range.
Status CheckDepthwiseConv2dParams(const DepthwiseConv2dParams& params, const char* kernel,
                                  KernelDtype dtype = KernelDtype::kInt8);

}  // namespace arenastore::kernels
