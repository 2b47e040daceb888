// leaky_relu's TensorFlow Lite mapping: LEAKY_RELU on int8 tensors -> a graph op with
// LeakyReluAttributes (int16 activations are refused with a reason).
#include "planner/import/tflite_op_mapper.h"
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {
namespace {

constexpr int32_t kBuiltin = 98;  // TensorFlow Lite's LEAKY_RELU

Status Map(TfliteOpMapper& m) {
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::LeakyReluOptions* o,
                              m.OptionsOf<tfl::LeakyReluOptions>(false));
  LeakyReluAttributes a;
  a.alpha = o != nullptr ? o->alpha() : 0.0f;  // TensorFlow Lite's default when absent
  ARENASTORE_RETURN_IF_ERROR(MapInt8Unary(m, kernels::OpKind::kLeakyRelu));
  m.result().op.attributes = a;
  return Status::Ok();
}

}  // namespace

extern const TfliteOpMapping kLeakyReluTflite = {{kBuiltin}, 1, &Map};

}  // namespace arenastore::planner
