// batch_to_space_nd's planner unit: the BlockSpaceOptions planner/block_rearrangement_lowering.h
// checks, writes, reads back and compares; the runtime's lowering derives its walk
// (kernels::MakeBatchToSpaceNdParams: batch blocks moved back into space, then cropped).
#include "planner/block_rearrangement_lowering.h"

namespace arenastore::planner {

extern const PlannerOp kBatchToSpaceNdPlanner =
    BlockRearrangementPlanner<BatchToSpaceNdAttributes>();

}  // namespace arenastore::planner
