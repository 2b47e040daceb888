// mul's TensorFlow Lite mapping: MUL -> a graph op with MulAttributes (operands in our
// order, constant operands folded into attributes), or a reason it cannot run here.
#include "planner/import/tflite_op_mapper.h"
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {
namespace mul_mapping {

constexpr int32_t kMulBuiltin = 18;  // TensorFlow Lite's MUL

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  m.AcceptInt8OrInt16Activations({m.inputs()[0], m.inputs()[1], m.outputs()[0]});
  MulAttributes a;
  ARENASTORE_RETURN_IF_ERROR(MapFusedActivation<tfl::MulOptions>(m, &a.activation));
  m.result().op.kind = kernels::OpKind::kMul;
  m.result().op.inputs = {m.inputs()[0], m.inputs()[1]};
  m.result().op.attributes = a;
  return Status::Ok();
}

}  // namespace mul_mapping

extern const TfliteOpMapping kMulTflite = {{mul_mapping::kMulBuiltin}, 1, &mul_mapping::Map};

}  // namespace arenastore::planner
