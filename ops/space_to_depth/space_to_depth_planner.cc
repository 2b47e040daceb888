// space_to_depth's planner unit: its block size (the runtime's kernels::MakeSpaceToDepthParams
// checks that the block divides the input's height and width), checked, written to
// BlockSizeOptions, read back and compared as planner/block_rearrangement_lowering.h does for both
// block units.
// Its TensorFlow Lite mapping: SPACE_TO_DEPTH -> a graph op with SpaceToDepthAttributes (the block
// size from its options), or a reason it cannot run here.
#include "planner/block_rearrangement_lowering.h"
#include "planner/op_unit.h"

namespace arenastore::planner {

extern const PlannerOp kSpaceToDepthPlanner = BlockRearrangementPlanner<SpaceToDepthAttributes>();

// TensorFlow Lite's SPACE_TO_DEPTH (builtin 26).
extern const TfliteOpMapping kSpaceToDepthTflite = {
    {26},
    1,
    &MapBlockSizeOf<kernels::OpKind::kSpaceToDepth, SpaceToDepthAttributes,
                    tfl::SpaceToDepthOptions>};

}  // namespace arenastore::planner
