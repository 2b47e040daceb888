// logistic's planner unit: logistic lowers to the table LogisticTable (int8, 256 entries) or
// LogisticInt16Table (int16) computes from the tensors' quantization
// (planner/table_lookup_planning.h).
// Its TensorFlow Lite mapping: LOGISTIC on int8 or int16 tensors -> a graph op with
// LogisticAttributes (planner/import/tflite_shared_mappings.h).
#include "ops/logistic/logistic_table.h"
#include "planner/op_unit.h"
#include "planner/table_lookup_planning.h"

namespace arenastore::planner {

extern const PlannerOp kLogisticPlanner = TableLookupPlanner<LogisticAttributes>(
    &LowerTableOfWidth<&kernels::OpParams::logistic, &LogisticTable, &LogisticInt16Table>);

// Builtin 14 is TensorFlow Lite's LOGISTIC.
extern const TfliteOpMapping kLogisticTflite = {
    {14}, 1, &MapActivationsOf<kernels::OpKind::kLogistic, LogisticAttributes, 1>};

}  // namespace arenastore::planner
