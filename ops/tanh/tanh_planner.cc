// tanh's planner unit: tanh lowers to the table TanhTable (int8, 256 entries) or TanhInt16Table
// (int16) computes from the tensors' quantization (planner/table_lookup_planning.h).
#include "ops/tanh/tanh_table.h"
#include "planner/table_lookup_planning.h"

namespace arenastore::planner {

extern const PlannerOp kTanhPlanner = TableLookupPlanner<TanhAttributes>(
    &LowerTableOfWidth<&kernels::OpParams::tanh, &TanhTable, &TanhInt16Table>);

}  // namespace arenastore::planner
