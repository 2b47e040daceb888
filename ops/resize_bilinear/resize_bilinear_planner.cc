// resize_bilinear's planner unit: the lowering, options and equivalence the two resizes share
// (planner/resize_lowering.h) over its own attributes and params.
#include "planner/lower_op.h"
#include "planner/resize_lowering.h"

namespace arenastore::planner {
namespace resize_bilinear_lowering {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  return LowerResize<ResizeBilinearAttributes>(l, &lowered->params().resize_bilinear,
                                               /*int16_too=*/false);
}

WrittenOptions Write(OptionsWriter& w) {
  return WriteResizeOptions(w, w.attributes<ResizeBilinearAttributes>());
}

}  // namespace resize_bilinear_lowering

extern const PlannerOp kResizeBilinearPlanner = {&resize_bilinear_lowering::Lower,
                                                 &resize_bilinear_lowering::Write,
                                                 &ReadResizeAttributes<ResizeBilinearAttributes>};

}  // namespace arenastore::planner
