// quantize's planner unit: an int8 quantize lowers to the 256 entries QuantizeTable
// computes from the tensors' quantization (planner/table_lookup_planning.h).
#include "ops/quantize/quantize_table.h"
#include "planner/table_lookup_planning.h"

namespace arenastore::planner {

extern const PlannerOp kQuantizePlanner = TableLookupPlanner<QuantizeAttributes>(
    &LowerInt8Table<&kernels::OpParams::quantize, &QuantizeTable>);

}  // namespace arenastore::planner
