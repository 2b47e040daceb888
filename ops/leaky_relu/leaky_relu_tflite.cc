// leaky_relu's TensorFlow Lite mapping: LEAKY_RELU on int8 or int16 tensors -> a graph op with
// LeakyReluAttributes (int8 or int16 activations, one type).
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace leaky_relu_mapping {

constexpr int32_t kBuiltin = 98;  // TensorFlow Lite's LEAKY_RELU

Status Map(TfliteOpMapper& m) {
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::LeakyReluOptions* o,
                              m.OptionsOf<tfl::LeakyReluOptions>(false));
  LeakyReluAttributes a;
  a.alpha = o != nullptr ? o->alpha() : 0.0f;  // TensorFlow Lite's default when absent
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(1, 1));
  m.AcceptInt8OrInt16Activations({m.inputs()[0], m.outputs()[0]});
  m.result().op.kind = kernels::OpKind::kLeakyRelu;
  m.result().op.inputs = {m.inputs()[0]};
  m.result().op.attributes = a;
  return Status::Ok();
}

}  // namespace leaky_relu_mapping

extern const TfliteOpMapping kLeakyReluTflite = {
    {leaky_relu_mapping::kBuiltin}, 1, &leaky_relu_mapping::Map};

}  // namespace arenastore::planner
