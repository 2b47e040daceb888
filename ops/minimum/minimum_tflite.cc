// minimum's TensorFlow Lite mapping: MINIMUM -> a graph op with MinimumAttributes (operands in
// TFLite's order), or a reason it cannot run here.
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace minimum_mapping {

constexpr int32_t kMinimumBuiltin = 57;  // TensorFlow Lite's MINIMUM

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  m.AcceptInt8OrInt16Activations({m.inputs()[0], m.inputs()[1], m.outputs()[0]});
  m.result().op.kind = kernels::OpKind::kMinimum;
  m.result().op.inputs = {m.inputs()[0], m.inputs()[1]};
  m.result().op.attributes = MinimumAttributes{};
  return Status::Ok();
}

}  // namespace minimum_mapping

extern const TfliteOpMapping kMinimumTflite = {
    {minimum_mapping::kMinimumBuiltin}, 1, &minimum_mapping::Map};

}  // namespace arenastore::planner
