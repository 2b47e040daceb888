// relu6's planner unit: Relu6Rescale from the tensors' quantization, lowered to the 256 entries it
// makes for int8 or kept as the int16 row's record (planner/table_lookup_planning.h).
#include "ops/relu6/relu6_table.h"
#include "planner/table_lookup_planning.h"

namespace arenastore::planner {

extern const PlannerOp kRelu6Planner = TableLookupPlanner<Relu6Attributes>(
    &LowerPiecewiseRescale<&kernels::OpParams::relu6, &Relu6Rescale>);

}  // namespace arenastore::planner
