// select_v2's TensorFlow Lite mapping: SELECT_V2 -> a graph op with SelectV2Attributes (operands
// in TFLite's order: condition, x, y), or a reason it cannot run here.
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace select_v2_mapping {

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(3, 3));
  m.AcceptInt8OrInt16Activations({m.input(1), m.input(2), m.output()});
  return m.Emit(kernels::OpKind::kSelectV2, {m.input(0), m.input(1), m.input(2)},
                SelectV2Attributes{});
}

}  // namespace select_v2_mapping

// TensorFlow Lite's SELECT_V2 (builtin 123).
extern const TfliteOpMapping kSelectV2Tflite = {{123}, 1, &select_v2_mapping::Map};

}  // namespace arenastore::planner
