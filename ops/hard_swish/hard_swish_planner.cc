// hard_swish's planner unit: an int8 hard_swish lowers to the 256 entries HardSwishTable computes
// from the tensors' quantization (planner/table_lookup_planning.h).
// Its TensorFlow Lite mapping: HARD_SWISH on int8 tensors (int16 activations are refused with a
// reason) -> a graph op with HardSwishAttributes (planner/import/tflite_shared_mappings.h).
#include "ops/hard_swish/hard_swish_table.h"
#include "planner/op_unit.h"
#include "planner/table_lookup_planning.h"

namespace arenastore::planner {

extern const PlannerOp kHardSwishPlanner = TableLookupPlanner<HardSwishAttributes>(
    &LowerInt8Table<&kernels::OpParams::hard_swish, &HardSwishTable>);

// Builtin 117 is TensorFlow Lite's HARD_SWISH.
extern const TfliteOpMapping kHardSwishTflite = {
    {117}, 1, &MapInt8UnaryOf<kernels::OpKind::kHardSwish, HardSwishAttributes>};

}  // namespace arenastore::planner
