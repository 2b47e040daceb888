// logistic's TensorFlow Lite mapping: LOGISTIC on int8 tensors -> a graph op with
// LogisticAttributes (int16 activations are refused with a reason).
#include "planner/import/tflite_op_mapper.h"
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {
namespace {

constexpr int32_t kBuiltin = 14;  // TensorFlow Lite's LOGISTIC

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(MapInt8Unary(m, kernels::OpKind::kLogistic));
  m.result().op.attributes = LogisticAttributes{};
  return Status::Ok();
}

}  // namespace

extern const TfliteOpMapping kLogisticTflite = {{kBuiltin}, 1, &Map};

}  // namespace arenastore::planner
