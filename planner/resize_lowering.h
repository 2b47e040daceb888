// The planner parts the two resizes share (ops/<op>/<op>_planner.cc of resize_nearest_neighbor
// and resize_bilinear): the checks of their attributes (the ResizeOptions struct) and of the
// quantization only the host makes. Both copy or
// interpolate raw values as TensorFlow Lite Micro does, so input and output must share
// quantization. Host-only, header-only.
#pragma once

#include "kernels/op_kind.h"
#include "planner/lowering.h"
#include "planner/options_struct_planning.h"

namespace arenastore::planner {

// What only the host checks: the operands' float scales, equal as the raw copy needs them, and
// the attributes' exclusive flags (the runtime's lowering checks the shapes and types and derives
// kernels::ResizeParams).
template <typename Attributes>
Status LowerResize(const Lowering& l, LoweredOp* /*lowered*/) {
  ARENASTORE_ASSIGN_OR_RETURN(const Attributes a, l.template AttributesAs<Attributes>());
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(input, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(output, "output"));
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
  return Status::Ok();
}

// A resize unit's PlannerOp: the above over its attributes.
template <typename Attributes>
constexpr PlannerOp ResizePlanner() {
  return OptionsStructPlanner<Attributes>(&LowerResize<Attributes>);
}

}  // namespace arenastore::planner
