// space_to_depth's planner unit: its block walk (kernels::MakeSpaceToDepthParams: the block divides
// the input's height and width), lowered, written to BlockSizeOptions, read back and compared as
// planner/block_rearrangement_lowering.h does for space_to_depth and depth_to_space.
#include "planner/block_rearrangement_lowering.h"
#include "planner/planner_op.h"

namespace arenastore::planner {
namespace space_to_depth_lowering {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_ASSIGN_OR_RETURN(const SpaceToDepthAttributes a,
                              l.AttributesAs<SpaceToDepthAttributes>());
  return LowerBlockRearrangement(l, a.block_size, &kernels::MakeSpaceToDepthParams,
                                 &lowered->params().space_to_depth);
}

}  // namespace space_to_depth_lowering

extern const PlannerOp kSpaceToDepthPlanner = {&space_to_depth_lowering::Lower,
                                               &WriteBlockSizeOf<SpaceToDepthAttributes>,
                                               &ReadBlockSizeOf<SpaceToDepthAttributes>};

}  // namespace arenastore::planner
