// batch_to_space_nd's planner unit: the BlockSpaceOptions planner/block_space_lowering.h checks,
// writes, reads back and compares; the runtime's lowering derives its walk
// (kernels::MakeBatchToSpaceNdParams: batch blocks moved back into space, then cropped).
#include "planner/block_space_lowering.h"
#include "planner/planner_op.h"

namespace arenastore::planner {

extern const PlannerOp kBatchToSpaceNdPlanner = {&LowerBlockSpaceOf<BatchToSpaceNdAttributes>,
                                                 &WriteBlockSpaceOf<BatchToSpaceNdAttributes>,
                                                 &ReadBlockSpaceOf<BatchToSpaceNdAttributes>};

}  // namespace arenastore::planner
