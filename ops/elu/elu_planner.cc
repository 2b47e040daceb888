// elu's planner unit: an int8 elu lowers to the 256 entries EluTable
// computes from the tensors' quantization (planner/table_lookup_planning.h).
#include "ops/elu/elu_table.h"
#include "planner/table_lookup_planning.h"

namespace arenastore::planner {

extern const PlannerOp kEluPlanner =
    TableLookupPlanner<EluAttributes>(&LowerInt8Table<&kernels::OpParams::elu, &EluTable>);

}  // namespace arenastore::planner
