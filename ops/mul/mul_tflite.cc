// mul's TensorFlow Lite mapping: MUL -> a graph op with MulAttributes (operands in our
// order, constant operands folded into attributes), or a reason it cannot run here.
#include "planner/import/tflite_op_mapper.h"
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {
namespace mul_mapping {

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  m.AcceptInt8OrInt16Activations({m.input(0), m.input(1), m.output()});
  MulAttributes a;
  ARENASTORE_RETURN_IF_ERROR(MapFusedActivation<tfl::MulOptions>(m, &a.activation));
  return m.Emit(kernels::OpKind::kMul, {m.input(0), m.input(1)}, a);
}

}  // namespace mul_mapping

// TensorFlow Lite's MUL (builtin 18).
extern const TfliteOpMapping kMulTflite = {{18}, 1, &mul_mapping::Map};

}  // namespace arenastore::planner
