// resize_nearest_neighbor's planner unit: the lowering, options and equivalence the two resizes
// share (planner/resize_lowering.h) over its own attributes and params.
#include "planner/lower_op.h"
#include "planner/resize_lowering.h"

namespace arenastore::planner {
namespace resize_nearest_neighbor_lowering {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  return LowerResize<ResizeNearestNeighborAttributes>(l, &lowered->params().resize_nearest_neighbor,
                                                      /*int16_too=*/true);
}

WrittenOptions Write(OptionsWriter& w) {
  return WriteResizeOptions(w, w.attributes<ResizeNearestNeighborAttributes>());
}

}  // namespace resize_nearest_neighbor_lowering

extern const PlannerOp kResizeNearestNeighborPlanner = {
    &resize_nearest_neighbor_lowering::Lower, &resize_nearest_neighbor_lowering::Write,
    &ReadResizeAttributes<ResizeNearestNeighborAttributes>};

}  // namespace arenastore::planner
