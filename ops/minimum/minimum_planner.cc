// minimum's planner unit: only the operands' quantization checks (TFLM compares raw values, and
// kernels::MinimumParams, the broadcast shapes, come from the runtime's lowering), and the empty
// MaximumMinimumOptions it writes (shared with maximum; planner/empty_options_planning.h).
// Its TensorFlow Lite mapping: MINIMUM of two int8 or int16 tensors (operands in TFLite's order) ->
// a graph op with MinimumAttributes (planner/import/tflite_shared_mappings.h).
#include "planner/op_unit.h"

namespace arenastore::planner {

extern const PlannerOp kMinimumPlanner =
    EmptyOptionsPlanner<MinimumAttributes>(&LowerQuantizedBinary<MinimumAttributes>);

// Builtin 57 is TensorFlow Lite's MINIMUM.
extern const TfliteOpMapping kMinimumTflite = {
    {57}, 1, &MapActivationsOf<kernels::OpKind::kMinimum, MinimumAttributes, 2>};

}  // namespace arenastore::planner
