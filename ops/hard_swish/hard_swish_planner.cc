// hard_swish's planner unit: an int8 hard_swish lowers to the 256 entries HardSwishTable
// computes from the tensors' quantization (planner/table_lookup_planning.h).
#include "ops/hard_swish/hard_swish_table.h"
#include "planner/table_lookup_planning.h"

namespace arenastore::planner {

extern const PlannerOp kHardSwishPlanner = TableLookupPlanner<HardSwishAttributes>(
    &LowerInt8Table<&kernels::OpParams::hard_swish, &HardSwishTable>);

}  // namespace arenastore::planner
