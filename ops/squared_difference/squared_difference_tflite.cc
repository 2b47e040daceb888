// squared_difference's TensorFlow Lite mapping: SQUARED_DIFFERENCE -> a graph op with
// SquaredDifferenceAttributes (operands in TFLite's order; its options table has no fields), or a
// reason it cannot run here.
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace squared_difference_mapping {

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  m.AcceptInt8OrInt16Activations({m.input(0), m.input(1), m.output()});
  return m.Emit(kernels::OpKind::kSquaredDifference, {m.input(0), m.input(1)},
                SquaredDifferenceAttributes{});
}

}  // namespace squared_difference_mapping

// TensorFlow Lite's SQUARED_DIFFERENCE (builtin 99).
extern const TfliteOpMapping kSquaredDifferenceTflite = {{99}, 1, &squared_difference_mapping::Map};

}  // namespace arenastore::planner
