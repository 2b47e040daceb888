// relu's planner unit: ReluRescale from the tensors' quantization, lowered to the 256 entries it
// makes for int8 or kept as the int16 row's record (planner/table_lookup_planning.h).
// Its TensorFlow Lite mapping: RELU on int8 or int16 tensors -> a graph op with ReluAttributes
// (planner/import/tflite_shared_mappings.h).
#include "ops/relu/relu_table.h"
#include "planner/op_unit.h"
#include "planner/table_lookup_planning.h"

namespace arenastore::planner {

extern const PlannerOp kReluPlanner = TableLookupPlanner<ReluAttributes>(
    &LowerPiecewiseRescale<&kernels::OpParams::relu, &ReluRescale>);

// Builtin 19 is TensorFlow Lite's RELU.
extern const TfliteOpMapping kReluTflite = {
    {19}, 1, &MapActivationsOf<kernels::OpKind::kRelu, ReluAttributes, 1>};

}  // namespace arenastore::planner
