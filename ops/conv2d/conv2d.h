// conv2d: 2-D convolution of an int8 NHWC input with an int8
// [output_c, filter_h, filter_w, input_c / groups] filter (grouped when groups > 1), an optional
// int32 bias, per-channel requantization and a fused activation clamp; or, 16x8, of an int16
// input (zero point 0) with an int32 or int64 bias (the ref kernel's int16 row only).
// Its params (lowered by the planner and the runtime, read by every variant) and the one check
// every variant runs before trusting them. The variants' rows are in conv2d.cc; the kernels in
// this folder (ref.h, arm_dsp.h, arm_mve.h, x86.h). Freestanding,
// allocation-free.
#pragma once

#include "kernels/op_kind.h"
#include "kernels/param_types.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

struct Conv2dParams {
  int32_t batches, input_h, input_w, input_c;
  int32_t filter_h, filter_w;  // filter is [output_c, filter_h, filter_w, input_c / groups]
  int32_t output_h, output_w, output_c;
  int32_t groups;  // input_c / filter's input channels
  int32_t stride_h, stride_w;
  int32_t dilation_h, dilation_w;
  int32_t pad_top, pad_left;  // bottom and right padding are implied by the output size
  int32_t input_zero_point, output_zero_point;
  int32_t activation_min, activation_max;
  Requantization requant;  // count == output_c
  // int16 kernels: accumulate in int64 and read an int64 bias, else in int32 with an int32 bias
  // or none (TensorFlow Lite's 16x8 conv picks its accumulator by the bias type). int8: false.
  bool int64_accumulator;
};

inline constexpr OpArity kConv2dArity = {2, 3, true};
ARENASTORE_CORTEX_M_BYTES(Conv2dParams, 96);

// An unpadded ungrouped 1x1 conv: each output pixel's window is one contiguous input pixel. The
// Arm variants then read the input in place (no im2col scratch) and ref's over-input form may
// walk it pixel by pixel, where Conv2dPixelsInside also holds (every lowered conv: the
// lowering's window check; a kernel given one with outputs past its input runs ref's clipping
// walk instead). One copy for all of them: every size function calls it, and a gate-only image
// pays for each copy.
bool Conv2dReadsPixelsDirectly(const Conv2dParams& params);
// Every output pixel's window starts inside the input.
bool Conv2dPixelsInside(const Conv2dParams& params);

// Elements of one output pixel's window in one group (filter_h x filter_w x input_c / groups),
// the im2col row the Arm variants copy when the conv does not read its pixels directly; 0 when
// it does, or when the params are empty. Shared by the Arm size functions for the same reason.
size_t Conv2dPatchElements(const Conv2dParams& params);

// kKernelInvalidParams naming `kernel` and the field when the params are inconsistent. `dtype`
// kInt16: zero points 0 and an int16 activation range.
Status CheckConv2dParams(const Conv2dParams& params, const char* kernel,
                         KernelDtype dtype = KernelDtype::kInt8);

}  // namespace arenastore::kernels
