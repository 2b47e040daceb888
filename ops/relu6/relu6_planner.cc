// relu6's planner unit: Relu6Rescale from the tensors' quantization, lowered to the 256 entries it
// makes for int8 or kept as the int16 row's record (planner/table_lookup_planning.h).
// Its TensorFlow Lite mapping: RELU6 on int8 or int16 tensors -> a graph op with Relu6Attributes
// (planner/import/tflite_shared_mappings.h).
#include "ops/relu6/relu6_table.h"
#include "planner/op_unit.h"
#include "planner/table_lookup_planning.h"

namespace arenastore::planner {

extern const PlannerOp kRelu6Planner = TableLookupPlanner<Relu6Attributes>(
    &LowerPiecewiseRescale<&kernels::OpParams::relu6, &Relu6Rescale>);

// Builtin 21 is TensorFlow Lite's RELU6.
extern const TfliteOpMapping kRelu6Tflite = {
    {21}, 1, &MapActivationsOf<kernels::OpKind::kRelu6, Relu6Attributes, 1>};

}  // namespace arenastore::planner
