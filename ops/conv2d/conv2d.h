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

// The over-input form's pixel walk (kernels/exec_form.h): every output pixel reads one input
// pixel, in place, and none lies past the input (one past it would read nothing and break the
// walk's order). A wider output keeps the input's pixel grid. In 32 bits, as the gate-only image
// pays for every instruction of ref's size function: exact wherever the products fit, as they do
// for every lowered conv (the lowering's window check bounds them); a kernel also checks the
// exact Conv2dPixelsInside when it runs. Always inlined, so that the Arm kernels walking pixels
// within ref's bytes keep their own copy and that size function stays whole.
[[gnu::always_inline]] inline bool Conv2dOverPixelsApplies(const Conv2dParams& p) {
  return Conv2dReadsPixelsDirectly(p) &&
         uint32_t(p.output_h - 1) * uint32_t(p.stride_h) < uint32_t(p.input_h) &&
         uint32_t(p.output_w - 1) * uint32_t(p.stride_w) < uint32_t(p.input_w) &&
         (p.output_c <= p.input_c || (p.output_h == p.input_h && p.output_w == p.input_w));
}
// The walk copies each input pixel before its output is written: to the stack when it has at
// most this many channels (no scratch), else to one input pixel of scratch.
inline constexpr int32_t kConv2dStackPixelBytes = 64;

// kKernelInvalidParams naming `kernel` and the field when the params are inconsistent. `dtype`
// kInt16: zero points 0 and an int16 activation range.
Status CheckConv2dParams(const Conv2dParams& params, const char* kernel,
                         KernelDtype dtype = KernelDtype::kInt8);

}  // namespace arenastore::kernels
