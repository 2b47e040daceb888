// The runtime lowering the two int8 resizes share (ops/<op>/<op>_runtime.cc of
// resize_nearest_neighbor and resize_bilinear): a verified artifact's operator with
// ResizeOptions -> kernels::ResizeParams, each field checked on the way. Invariant: input and
// output are NHWC with the same batches and channels, the output's size the options'. Header-only.
#pragma once

#include "kernels/resize_params.h"
#include "runtime/moved_elements.h"
#include "runtime/op_checker.h"
#include "runtime/operand_rules.h"
#include "runtime/tensor_access.h"
#include "runtime/validation_support.h"

namespace arenastore::runtime {

inline StatusRef LowerResize(const OpChecker& c, kernels::ResizeParams* p) {
  const schema::Tensor* input = c.Input(0);
  const schema::Tensor* output = &c.Output();
  const schema::ResizeOptions& options = c.Options<schema::ResizeOptions>();
  *p = kernels::ResizeParams{};
  p->batches = Dim(*input, 0);
  p->input_h = Dim(*input, 1);
  p->input_w = Dim(*input, 2);
  p->channels = Dim(*input, 3);
  p->output_h = Dim(*output, 1);
  p->output_w = Dim(*output, 2);
  if (Dim(*output, 0) != p->batches || Dim(*output, 3) != p->channels ||
      options.new_height() != p->output_h || options.new_width() != p->output_w) {
    return c.Fail("tensors.shape", "output %s is not input %s resized to %dx%d",
                  FormatShape(*output).text, FormatShape(*input).text, options.new_height(),
                  options.new_width());
  }
  p->align_corners = options.align_corners() ? 1 : 0;
  p->half_pixel_centers = options.half_pixel_centers() ? 1 : 0;
  if (ZeroPoint(*input) != ZeroPoint(*output)) {
    return c.Fail("tensors.quantization", "input zero point %d differs from output's %d",
                  ZeroPoint(*input), ZeroPoint(*output));
  }
  if (!kernels::CheckResizeParams(*p, "resize").ok()) {
    return c.Fail("tensors.shape", "%dx%d -> %dx%d: sizes must be in [1, %d]", p->input_h,
                  p->input_w, p->output_h, p->output_w, kernels::kMaxResizeSize);
  }
  return StatusRef::Ok();
}

// A resize unit's RuntimeOp over its params (kMember): int8 operands, or either width with one
// type throughout when its kernel copies whole pixels (kEitherWidth: resize_nearest_neighbor).
template <kernels::ResizeParams kernels::OpParams::*kMember, bool kEitherWidth>
StatusRef LowerResizeOf(const OpChecker& c, kernels::OpParams* params) {
  ARENASTORE_RETURN_IF_FAILED(LowerResize(c, &(params->*kMember)));
  return kEitherWidth ? ExpectOneWidth(c) : StatusRef::Ok();
}
template <kernels::ResizeParams kernels::OpParams::*kMember, bool kEitherWidth>
constexpr RuntimeOp ResizeRuntime(kernels::OpArity arity) {
  return {schema::OpOptionsTraits<schema::ResizeOptions>::enum_value, false,
          kEitherWidth
              ? OperandRules{arity, {Int8OrInt16("input", 4, 4)}, Int8OrInt16("output", 4, 4)}
              : OperandRules{arity, {Int8("input", 4, 4)}, Int8("output", 4, 4)},
          &LowerResizeOf<kMember, kEitherWidth>};
}

}  // namespace arenastore::runtime
