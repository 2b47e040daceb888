// leaky_relu's TensorFlow Lite mapping: LEAKY_RELU on int8 or int16 tensors -> a graph op with
// LeakyReluAttributes (int8 or int16 activations, one type).
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace leaky_relu_mapping {

Status Map(TfliteOpMapper& m) {
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::LeakyReluOptions* o,
                              m.OptionsOf<tfl::LeakyReluOptions>(false));
  LeakyReluAttributes a;
  a.alpha = o != nullptr ? o->alpha() : 0.0f;  // TensorFlow Lite's default when absent
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(1, 1));
  m.AcceptInt8OrInt16Activations({m.input(0), m.output()});
  return m.Emit(kernels::OpKind::kLeakyRelu, {m.input(0)}, a);
}

}  // namespace leaky_relu_mapping

// TensorFlow Lite's LEAKY_RELU (builtin 98).
extern const TfliteOpMapping kLeakyReluTflite = {{98}, 1, &leaky_relu_mapping::Map};

}  // namespace arenastore::planner
