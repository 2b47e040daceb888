// resize_bilinear's planner unit: the lowering, options and equivalence the two resizes share
// (ops/resize_nearest_neighbor/resize_planning.h) over its own attributes and params.
#include "ops/resize_nearest_neighbor/resize_planning.h"
#include "planner/lower_op.h"

namespace arenastore::planner {
namespace {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  return LowerResize<ResizeBilinearAttributes>(l, &lowered->params().resize_bilinear,
                                               /*int16_too=*/false);
}

WrittenOptions Write(OptionsWriter& w) {
  return WriteResizeOptions(w, w.attributes<ResizeBilinearAttributes>());
}

}  // namespace

extern const PlannerOp kResizeBilinearPlanner = {
    &Lower,  &Write, &ReadResizeAttributes<ResizeBilinearAttributes>, &SameResizeOptions,
    nullptr, nullptr};

}  // namespace arenastore::planner
