// rsqrt's planner unit: an int8 rsqrt lowers to the 256 entries RsqrtTable computes from the
// tensors' quantization; an int16 one (16x8) to the rescale RsqrtRescale computes, which its int16
// kernel applies per element (planner/table_lookup_planning.h).
// Its TensorFlow Lite mapping: RSQRT on int8 or int16 tensors -> a graph op with RsqrtAttributes
// (planner/import/tflite_shared_mappings.h).
#include "ops/rsqrt/rsqrt_table.h"
#include "planner/op_unit.h"
#include "planner/table_lookup_planning.h"

namespace arenastore::planner {

extern const PlannerOp kRsqrtPlanner = TableLookupPlanner<RsqrtAttributes>(
    &LowerTableOrInt16Rescale<&kernels::OpParams::rsqrt, &RsqrtTable, &RsqrtRescale>);

// Builtin 76 is TensorFlow Lite's RSQRT.
extern const TfliteOpMapping kRsqrtTflite = {
    {76}, 1, &MapActivationsOf<kernels::OpKind::kRsqrt, RsqrtAttributes, 1>};

}  // namespace arenastore::planner
