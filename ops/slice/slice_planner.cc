// slice's planner unit: its slice walk (begin and size from its constant operands; strides all 1),
// lowered, written to SliceOptions, read back and compared as planner/slice_walk_lowering.h does
// for every unit that carries the walk.
#include "planner/planner_op.h"
#include "planner/slice_walk_lowering.h"

namespace arenastore::planner {
namespace slice_lowering {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_ASSIGN_OR_RETURN(const SliceAttributes a, l.AttributesAs<SliceAttributes>());
  return LowerSliceWalk(l, a, "slice", &lowered->params().slice);
}

}  // namespace slice_lowering

extern const PlannerOp kSlicePlanner = {
    &slice_lowering::Lower,
    &WriteSliceWalkOf<SliceAttributes>,
    &ReadSliceWalkOf<SliceAttributes>,
    nullptr,
    {InputAliasing::kWhenContiguous, &ContiguousWalkStart<&kernels::OpParams::slice>}};

}  // namespace arenastore::planner
