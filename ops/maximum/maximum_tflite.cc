// maximum's TensorFlow Lite mapping: MAXIMUM -> a graph op with MaximumAttributes (operands in
// TFLite's order), or a reason it cannot run here.
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace maximum_mapping {

constexpr int32_t kMaximumBuiltin = 55;  // TensorFlow Lite's MAXIMUM

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  m.AcceptInt8OrInt16Activations({m.inputs()[0], m.inputs()[1], m.outputs()[0]});
  m.result().op.kind = kernels::OpKind::kMaximum;
  m.result().op.inputs = {m.inputs()[0], m.inputs()[1]};
  m.result().op.attributes = MaximumAttributes{};
  return Status::Ok();
}

}  // namespace maximum_mapping

extern const TfliteOpMapping kMaximumTflite = {
    {maximum_mapping::kMaximumBuiltin}, 1, &maximum_mapping::Map};

}  // namespace arenastore::planner
