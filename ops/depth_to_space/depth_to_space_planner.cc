// depth_to_space's planner unit: its block walk (kernels::MakeDepthToSpaceParams: the block squared
// divides the input's depth), lowered, written to BlockSizeOptions, read back and compared as
// planner/block_rearrangement_lowering.h does for space_to_depth and depth_to_space.
#include "planner/block_rearrangement_lowering.h"
#include "planner/planner_op.h"

namespace arenastore::planner {
namespace depth_to_space_lowering {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_ASSIGN_OR_RETURN(const DepthToSpaceAttributes a,
                              l.AttributesAs<DepthToSpaceAttributes>());
  return LowerBlockRearrangement(l, a.block_size, &kernels::MakeDepthToSpaceParams,
                                 &lowered->params().depth_to_space);
}

}  // namespace depth_to_space_lowering

extern const PlannerOp kDepthToSpacePlanner = {&depth_to_space_lowering::Lower,
                                               &WriteBlockSizeOf<DepthToSpaceAttributes>,
                                               &ReadBlockSizeOf<DepthToSpaceAttributes>};

}  // namespace arenastore::planner
