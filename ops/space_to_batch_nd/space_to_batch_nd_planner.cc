// space_to_batch_nd's planner unit: the BlockSpaceOptions planner/block_rearrangement_lowering.h
// checks, writes, reads back and compares; the runtime's lowering derives its walk
// (kernels::MakeSpaceToBatchNdParams: the input, padded with the output zero point, cut into blocks
// moved to the batch).
// Its TensorFlow Lite mapping: SPACE_TO_BATCH_ND -> a graph op with SpaceToBatchNdAttributes (the
// constant block_shape and paddings operands folded in), or a reason it cannot run here (TFLM takes
// rank 3 or 4 inputs only). Padding reads the output zero point, as TensorFlow Lite's
// SpaceToBatchND does.
#include "planner/block_rearrangement_lowering.h"
#include "planner/op_unit.h"

namespace arenastore::planner {

extern const PlannerOp kSpaceToBatchNdPlanner =
    BlockRearrangementPlanner<SpaceToBatchNdAttributes>();

namespace space_to_batch_nd_mapping {

// How TensorFlow Lite names the operand and each of its values.
constexpr char kPads[] = "paddings";
constexpr char kPad[] = "padding";

}  // namespace space_to_batch_nd_mapping

// TensorFlow Lite's SPACE_TO_BATCH_ND (builtin 38).
extern const TfliteOpMapping kSpaceToBatchNdTflite = {
    {38},
    1,
    &MapBlockSpaceOf<kernels::OpKind::kSpaceToBatchNd, SpaceToBatchNdAttributes,
                     space_to_batch_nd_mapping::kPads, space_to_batch_nd_mapping::kPad>};

}  // namespace arenastore::planner
