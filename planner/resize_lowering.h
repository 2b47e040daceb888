// The planner parts the two int8 resizes share (ops/<op>/<op>_planner.cc of
// resize_nearest_neighbor and resize_bilinear): the lowering from ResizeAttributes to
// kernels::ResizeParams, the ResizeOptions they write and read back, and their equivalence.
// Both copy or interpolate raw int8 values as TensorFlow Lite Micro does, so input and output
// must share quantization. Host-only, header-only.
#pragma once

#include "kernels/resize_params.h"
#include "planner/lowering.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"
#include "planner/resize_attributes.h"

namespace arenastore::planner {

// `int16_too`: the op's kernels also run int16 (16x8) tensors (nearest neighbor copies pixels;
// bilinear's arithmetic is int8 only).
template <typename Attributes>
Status LowerResize(const Lowering& l, kernels::ResizeParams* p, bool int16_too) {
  ARENASTORE_ASSIGN_OR_RETURN(const Attributes a, l.template AttributesAs<Attributes>());
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  if (int16_too) {
    ARENASTORE_RETURN_IF_ERROR(l.ExpectInt8OrInt16Activation(input, "input"));
    ARENASTORE_RETURN_IF_ERROR(l.ExpectSameType(input, output, "output"));
    ARENASTORE_RETURN_IF_ERROR(l.ExpectInt8OrInt16Activation(output, "output"));
  } else {
    ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(input, "input"));
    ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(output, "output"));
  }
  ARENASTORE_RETURN_IF_ERROR(l.ExpectRank(input, 4, "input"));
  ARENASTORE_RETURN_IF_ERROR(
      l.ExpectShape(output, {input.shape[0], a.new_height, a.new_width, input.shape[3]}, "output"));
  if (input.scale() != output.scale() || input.zero_point() != output.zero_point()) {
    return l.Fail(
        "{} copies raw values: input and output need equal quantization, got "
        "scale {} zero point {} and scale {} zero point {}",
        kernels::OpKindName(l.op().kind), input.scale(), input.zero_point(), output.scale(),
        output.zero_point());
  }
  if (a.align_corners && a.half_pixel_centers) {
    return l.Fail("align_corners and half_pixel_centers are exclusive");
  }
  *p = kernels::ResizeParams{};
  p->batches = input.shape[0];
  p->input_h = input.shape[1];
  p->input_w = input.shape[2];
  p->channels = input.shape[3];
  p->output_h = a.new_height;
  p->output_w = a.new_width;
  p->align_corners = a.align_corners ? 1 : 0;
  p->half_pixel_centers = a.half_pixel_centers ? 1 : 0;
  if (!kernels::CheckResizeParams(*p, "resize").ok()) {
    return l.Fail("{}x{} -> {}x{}: sizes must be in [1, {}]", p->input_h, p->input_w, p->output_h,
                  p->output_w, kernels::kMaxResizeSize);
  }
  return Status::Ok();
}

inline WrittenOptions WriteResizeOptions(OptionsWriter& w, const ResizeAttributes& a) {
  return {schema::OpOptions::ResizeOptions,
          schema::CreateResizeOptions(w.builder(), a.new_height, a.new_width, a.align_corners,
                                      a.half_pixel_centers)
              .Union()};
}

template <typename Attributes>
Result<OpAttributes> ReadResizeAttributes(const schema::Operator& op) {
  const auto& o = *op.options_as_ResizeOptions();
  Attributes a;
  a.new_height = o.new_height();
  a.new_width = o.new_width();
  a.align_corners = o.align_corners();
  a.half_pixel_centers = o.half_pixel_centers();
  return OpAttributes(a);
}

}  // namespace arenastore::planner
