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

// The over-input form's rules (kernels/exec_form.h), which ref's size function states and the
// Arm kernels that run within its bytes read: always inlined, so that each caller keeps its own
// copy and the gate-only image's one size function for the form stays whole (out of line, they
// cost it 38 B).
// Lowered dims multiply within one tensor's element count (under 2^31): 32-bit products, as the
// gate-only image pays for every instruction.
[[gnu::always_inline]] inline bool DepthwiseOverInputApplies(const DepthwiseConv2dParams& p) {
  return p.depth_multiplier == 1 &&
         uint32_t(p.output_h) * uint32_t(p.output_w) <= uint32_t(p.input_h) * uint32_t(p.input_w);
}

// Whether the plain pixel walk may write over its own input with no copy. Output pixel q (row
// major) lands on input pixel q's bytes, channel for channel, after the walk has read every
// window of output pixels up to q; it is safe when no later output pixel reads input pixel q.
// The last reader of input (y, x) is at most output (floor((y + pad_top) / stride_h),
// floor((x + pad_left) / stride_w)), so with the padding below the stride it is no later than q
// on input row 0, and with an output row no wider than an input row the slack only grows down
// the rows. Stride-2 "same" and every "valid" depthwise layer qualify; stride 1 with padding
// does not.
[[gnu::always_inline]] inline bool DepthwiseOverInputWalksPixels(const DepthwiseConv2dParams& p) {
  return p.pad_top < p.stride_h && p.pad_left < p.stride_w && p.output_w <= p.input_w;
}

// The form's scratch where it applies: none for the pixel walk, else one input plane.
[[gnu::always_inline]] inline size_t DepthwiseOverInputPlaneBytes(const DepthwiseConv2dParams& p) {
  if (DepthwiseOverInputWalksPixels(p)) return 0;
  return uint32_t(p.input_h) * uint32_t(p.input_w);
}

}  // namespace arenastore::kernels
