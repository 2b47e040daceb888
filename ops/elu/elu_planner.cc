// elu's planner unit: an int8 elu lowers to the 256 entries EluTable computes from the tensors'
// quantization (planner/table_lookup_planning.h).
// Its TensorFlow Lite mapping: ELU on int8 tensors (int16 activations are refused with a reason) ->
// a graph op with EluAttributes (planner/import/tflite_shared_mappings.h).
#include "ops/elu/elu_table.h"
#include "planner/op_unit.h"
#include "planner/table_lookup_planning.h"

namespace arenastore::planner {

extern const PlannerOp kEluPlanner =
    TableLookupPlanner<EluAttributes>(&LowerInt8Table<&kernels::OpParams::elu, &EluTable>);

// Builtin 111 is TensorFlow Lite's ELU.
extern const TfliteOpMapping kEluTflite = {
    {111}, 1, &MapInt8UnaryOf<kernels::OpKind::kElu, EluAttributes>};

}  // namespace arenastore::planner
