// div's TensorFlow Lite mapping: DIV -> a graph op with DivAttributes (operands in TFLite's
// order: input1 / input2), or a reason it cannot run here.
#include "planner/import/tflite_op_mapper.h"
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {
namespace div_mapping {

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  DivAttributes a;
  ARENASTORE_RETURN_IF_ERROR(MapFusedActivation<tfl::DivOptions>(m, &a.activation));
  return m.Emit(kernels::OpKind::kDiv, {m.input(0), m.input(1)}, a);
}

}  // namespace div_mapping

// TensorFlow Lite's DIV (builtin 42).
extern const TfliteOpMapping kDivTflite = {{42}, 1, &div_mapping::Map};

}  // namespace arenastore::planner
