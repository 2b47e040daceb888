// logistic's planner unit: logistic lowers to the table LogisticTable (int8, 256 entries) or
// LogisticInt16Table (int16) computes from the tensors' quantization
// (planner/table_lookup_planning.h).
#include "ops/logistic/logistic_table.h"
#include "planner/table_lookup_planning.h"

namespace arenastore::planner {

extern const PlannerOp kLogisticPlanner = TableLookupPlanner<LogisticAttributes>(
    &LowerTableOfWidth<&kernels::OpParams::logistic, &LogisticTable, &LogisticInt16Table>);

}  // namespace arenastore::planner
