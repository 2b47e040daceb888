// abs's planner unit: an int8 abs lowers to the 256 entries AbsTable computes from the tensors'
// quantization; an int16 one (16x8) to the rescale AbsRescale computes, which its int16 kernel
// applies per element (planner/table_lookup_planning.h).
// Its TensorFlow Lite mapping: ABS on int8 or int16 tensors -> a graph op with AbsAttributes
// (planner/import/tflite_shared_mappings.h).
#include "ops/abs/abs_table.h"
#include "planner/op_unit.h"
#include "planner/table_lookup_planning.h"

namespace arenastore::planner {

extern const PlannerOp kAbsPlanner = TableLookupPlanner<AbsAttributes>(
    &LowerTableOrInt16Rescale<&kernels::OpParams::abs, &AbsTable, &AbsRescale>);

// Builtin 101 is TensorFlow Lite's ABS.
extern const TfliteOpMapping kAbsTflite = {
    {101}, 1, &MapActivationsOf<kernels::OpKind::kAbs, AbsAttributes, 1>};

}  // namespace arenastore::planner
