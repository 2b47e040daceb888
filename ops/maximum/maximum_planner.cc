// maximum's planner unit: only the operands' quantization checks (TFLM compares raw values, and
// kernels::MaximumParams, the broadcast shapes, come from the runtime's lowering), and the empty
// MaximumMinimumOptions it writes (shared with minimum; planner/empty_options_planning.h).
// Its TensorFlow Lite mapping: MAXIMUM of two int8 or int16 tensors (operands in TFLite's order) ->
// a graph op with MaximumAttributes (planner/import/tflite_shared_mappings.h).
#include "planner/op_unit.h"

namespace arenastore::planner {

extern const PlannerOp kMaximumPlanner =
    EmptyOptionsPlanner<MaximumAttributes>(&LowerQuantizedBinary<MaximumAttributes>);

// Builtin 55 is TensorFlow Lite's MAXIMUM.
extern const TfliteOpMapping kMaximumTflite = {
    {55}, 1, &MapActivationsOf<kernels::OpKind::kMaximum, MaximumAttributes, 2>};

}  // namespace arenastore::planner
