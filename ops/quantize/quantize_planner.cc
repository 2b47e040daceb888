// quantize's planner unit: an int8 quantize lowers to the 256 entries QuantizeTable computes from
// the tensors' quantization (planner/table_lookup_planning.h).
// Its TensorFlow Lite mapping: QUANTIZE from int8 to int8 -> a graph op with QuantizeAttributes (a
// table lookup). From float it is ops/quantize_float's, between other integer types
// ops/requantize's.
#include "ops/quantize/quantize_table.h"
#include "planner/op_unit.h"
#include "planner/table_lookup_planning.h"

namespace arenastore::planner {

extern const PlannerOp kQuantizePlanner = TableLookupPlanner<QuantizeAttributes>(
    &LowerInt8Table<&kernels::OpParams::quantize, &QuantizeTable>);

namespace quantize_mapping {

constexpr int32_t kBuiltin = 114;  // TensorFlow Lite's QUANTIZE

bool Accepts(tfl::TensorType in, tfl::TensorType out) {
  return in == tfl::TensorType::INT8 && out == tfl::TensorType::INT8;
}

}  // namespace quantize_mapping

extern const TfliteOpMapping kQuantizeTflite = {
    {quantize_mapping::kBuiltin},
    1,
    &MapConversionOf<kernels::OpKind::kQuantize, QuantizeAttributes, &quantize_mapping::Accepts>};

}  // namespace arenastore::planner
