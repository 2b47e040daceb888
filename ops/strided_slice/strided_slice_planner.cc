// strided_slice's planner unit: its slice walk (the walk TensorFlow Lite Micro's StridedSlice
// takes), lowered, written to SliceOptions, read back and compared as planner/slice_walk_lowering.h
// does for every unit that carries the walk.
#include "planner/planner_op.h"
#include "planner/slice_walk_lowering.h"

namespace arenastore::planner {
namespace strided_slice_lowering {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_ASSIGN_OR_RETURN(const StridedSliceAttributes a,
                              l.AttributesAs<StridedSliceAttributes>());
  return LowerSliceWalk(l, a, "strided_slice", &lowered->params().strided_slice);
}

}  // namespace strided_slice_lowering

extern const PlannerOp kStridedSlicePlanner = {
    &strided_slice_lowering::Lower,
    &WriteSliceWalkOf<StridedSliceAttributes>,
    &ReadSliceWalkOf<StridedSliceAttributes>,
    nullptr,
    {InputAliasing::kWhenContiguous, &ContiguousWalkStart<&kernels::OpParams::strided_slice>}};

}  // namespace arenastore::planner
