// relu6's TensorFlow Lite mapping: RELU6 on int8 tensors -> a graph op with Relu6Attributes
// (int16 activations are refused with a reason).
#include "planner/import/tflite_op_mapper.h"
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {
namespace {

constexpr int32_t kBuiltin = 21;  // TensorFlow Lite's RELU6

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(MapInt8Unary(m, kernels::OpKind::kRelu6));
  m.result().op.attributes = Relu6Attributes{};
  return Status::Ok();
}

}  // namespace

extern const TfliteOpMapping kRelu6Tflite = {{kBuiltin}, 1, &Map};

}  // namespace arenastore::planner
