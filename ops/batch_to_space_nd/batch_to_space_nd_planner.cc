// batch_to_space_nd's planner unit: the BlockSpaceOptions planner/block_rearrangement_lowering.h
// checks, writes, reads back and compares; the runtime's lowering derives its walk
// (kernels::MakeBatchToSpaceNdParams: batch blocks moved back into space, then cropped).
// Its TensorFlow Lite mapping: BATCH_TO_SPACE_ND -> a graph op with BatchToSpaceNdAttributes (the
// constant block_shape and crops operands folded in), or a reason it cannot run here (TFLM takes
// rank 3 or 4 inputs only).
#include "planner/block_rearrangement_lowering.h"
#include "planner/op_unit.h"

namespace arenastore::planner {

extern const PlannerOp kBatchToSpaceNdPlanner =
    BlockRearrangementPlanner<BatchToSpaceNdAttributes>();

namespace batch_to_space_nd_mapping {

// How TensorFlow Lite names the operand and each of its values.
constexpr char kPads[] = "crops";
constexpr char kPad[] = "crop";

}  // namespace batch_to_space_nd_mapping

// TensorFlow Lite's BATCH_TO_SPACE_ND (builtin 37).
extern const TfliteOpMapping kBatchToSpaceNdTflite = {
    {37},
    1,
    &MapBlockSpaceOf<kernels::OpKind::kBatchToSpaceNd, BatchToSpaceNdAttributes,
                     batch_to_space_nd_mapping::kPads, batch_to_space_nd_mapping::kPad>};

}  // namespace arenastore::planner
