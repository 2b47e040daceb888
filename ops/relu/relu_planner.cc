// relu's planner unit: ReluRescale from the tensors' quantization, lowered to the 256 entries it
// makes for int8 or kept as the int16 row's record (planner/table_lookup_planning.h).
#include "ops/relu/relu_table.h"
#include "planner/table_lookup_planning.h"

namespace arenastore::planner {

extern const PlannerOp kReluPlanner = TableLookupPlanner<ReluAttributes>(
    &LowerPiecewiseRescale<&kernels::OpParams::relu, &ReluRescale>);

}  // namespace arenastore::planner
