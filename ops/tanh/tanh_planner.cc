// tanh's planner unit: tanh lowers to the table TanhTable (int8, 256 entries) or TanhInt16Table
// (int16) computes from the tensors' quantization (planner/table_lookup_planning.h).
// Its TensorFlow Lite mapping: TANH on int8 or int16 tensors -> a graph op with TanhAttributes
// (planner/import/tflite_shared_mappings.h).
#include "ops/tanh/tanh_table.h"
#include "planner/op_unit.h"
#include "planner/table_lookup_planning.h"

namespace arenastore::planner {

extern const PlannerOp kTanhPlanner = TableLookupPlanner<TanhAttributes>(
    &LowerTableOfWidth<&kernels::OpParams::tanh, &TanhTable, &TanhInt16Table>);

// Builtin 28 is TensorFlow Lite's TANH.
extern const TfliteOpMapping kTanhTflite = {
    {28}, 1, &MapActivationsOf<kernels::OpKind::kTanh, TanhAttributes, 1>};

}  // namespace arenastore::planner
