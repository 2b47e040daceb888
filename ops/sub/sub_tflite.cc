// sub's TensorFlow Lite mapping: SUB -> a graph op with SubAttributes (operands in TFLite's
// order: input1 - input2), or a reason it cannot run here.
#include "planner/import/tflite_op_mapper.h"
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {
namespace sub_mapping {

constexpr int32_t kSubBuiltin = 41;  // TensorFlow Lite's SUB

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  m.AcceptInt8OrInt16Activations({m.inputs()[0], m.inputs()[1], m.outputs()[0]});
  SubAttributes a;
  ARENASTORE_RETURN_IF_ERROR(MapFusedActivation<tfl::SubOptions>(m, &a.activation));
  m.result().op.kind = kernels::OpKind::kSub;
  m.result().op.inputs = {m.inputs()[0], m.inputs()[1]};
  m.result().op.attributes = a;
  return Status::Ok();
}

}  // namespace sub_mapping

extern const TfliteOpMapping kSubTflite = {{sub_mapping::kSubBuiltin}, 1, &sub_mapping::Map};

}  // namespace arenastore::planner
