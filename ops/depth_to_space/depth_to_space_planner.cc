// depth_to_space's planner unit: its block size (the runtime's kernels::MakeDepthToSpaceParams
// checks that the block squared divides the input's depth), checked, written to BlockSizeOptions,
// read back and compared as planner/block_rearrangement_lowering.h does for both block units.
#include "planner/block_rearrangement_lowering.h"

namespace arenastore::planner {

extern const PlannerOp kDepthToSpacePlanner = BlockRearrangementPlanner<DepthToSpaceAttributes>();

}  // namespace arenastore::planner
