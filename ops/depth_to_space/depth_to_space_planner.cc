// depth_to_space's planner unit: its block size (the runtime's kernels::MakeDepthToSpaceParams
// checks that the block squared divides the input's depth), checked, written to BlockSizeOptions,
// read back and compared as planner/block_rearrangement_lowering.h does for both block units.
// Its TensorFlow Lite mapping: DEPTH_TO_SPACE -> a graph op with DepthToSpaceAttributes (the block
// size from its options), or a reason it cannot run here.
#include "planner/block_rearrangement_lowering.h"
#include "planner/op_unit.h"

namespace arenastore::planner {

extern const PlannerOp kDepthToSpacePlanner = BlockRearrangementPlanner<DepthToSpaceAttributes>();

// TensorFlow Lite's DEPTH_TO_SPACE (builtin 5).
extern const TfliteOpMapping kDepthToSpaceTflite = {
    {5},
    1,
    &MapBlockSizeOf<kernels::OpKind::kDepthToSpace, DepthToSpaceAttributes,
                    tfl::DepthToSpaceOptions>};

}  // namespace arenastore::planner
