// reverse_v2's planner unit: its slice walk (reversed axes walked from their last index with stride
// -1), lowered, written to SliceOptions, read back and compared as planner/slice_walk_lowering.h
// does for every unit that carries the walk.
#include "planner/planner_op.h"
#include "planner/slice_walk_lowering.h"

namespace arenastore::planner {
namespace reverse_v2_lowering {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_ASSIGN_OR_RETURN(const ReverseV2Attributes a, l.AttributesAs<ReverseV2Attributes>());
  return LowerSliceWalk(l, a, "reverse_v2", &lowered->params().reverse_v2);
}

}  // namespace reverse_v2_lowering

extern const PlannerOp kReverseV2Planner = {&reverse_v2_lowering::Lower,
                                            &WriteSliceWalkOf<ReverseV2Attributes>,
                                            &ReadSliceWalkOf<ReverseV2Attributes>};

}  // namespace arenastore::planner
