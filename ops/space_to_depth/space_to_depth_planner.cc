// space_to_depth's planner unit: its block size (the runtime's kernels::MakeSpaceToDepthParams
// checks that the block divides the input's height and width), checked, written to
// BlockSizeOptions, read back and compared as planner/block_rearrangement_lowering.h does for both
// block units.
#include "planner/block_rearrangement_lowering.h"

namespace arenastore::planner {

extern const PlannerOp kSpaceToDepthPlanner = BlockRearrangementPlanner<SpaceToDepthAttributes>();

}  // namespace arenastore::planner
