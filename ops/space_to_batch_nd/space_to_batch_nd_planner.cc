// space_to_batch_nd's planner unit: the BlockSpaceOptions planner/block_rearrangement_lowering.h
// checks, writes, reads back and compares; the runtime's lowering derives its walk
// (kernels::MakeSpaceToBatchNdParams: the input, padded with the output zero point, cut into
// blocks moved to the batch).
#include "planner/block_rearrangement_lowering.h"

namespace arenastore::planner {

extern const PlannerOp kSpaceToBatchNdPlanner =
    BlockRearrangementPlanner<SpaceToBatchNdAttributes>();

}  // namespace arenastore::planner
