// logistic's TensorFlow Lite mapping: LOGISTIC on int8 or int16 tensors (one type throughout) ->
// a graph op with LogisticAttributes (or a reason it cannot run here).
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace logistic_mapping {

constexpr int32_t kBuiltin = 14;  // TensorFlow Lite's LOGISTIC

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(1, 1));
  m.AcceptInt8OrInt16Activations({m.inputs()[0], m.outputs()[0]});
  m.result().op.kind = kernels::OpKind::kLogistic;
  m.result().op.inputs = {m.inputs()[0]};
  m.result().op.attributes = LogisticAttributes{};
  return Status::Ok();
}

}  // namespace logistic_mapping

extern const TfliteOpMapping kLogisticTflite = {
    {logistic_mapping::kBuiltin}, 1, &logistic_mapping::Map};

}  // namespace arenastore::planner
