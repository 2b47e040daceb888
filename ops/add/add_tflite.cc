// add's TensorFlow Lite mapping: ADD -> a graph op with AddAttributes (operands in our
// order, constant operands folded into attributes), or a reason it cannot run here.
#include "planner/import/tflite_op_mapper.h"
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {
namespace add_mapping {

constexpr int32_t kAddBuiltin = 0;  // TensorFlow Lite's ADD

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  m.AcceptInt8OrInt16Activations({m.inputs()[0], m.inputs()[1], m.outputs()[0]});
  AddAttributes a;
  ARENASTORE_RETURN_IF_ERROR(MapFusedActivation<tfl::AddOptions>(m, &a.activation));
  m.result().op.kind = kernels::OpKind::kAdd;
  m.result().op.inputs = {m.inputs()[0], m.inputs()[1]};
  m.result().op.attributes = a;
  return Status::Ok();
}

}  // namespace add_mapping

extern const TfliteOpMapping kAddTflite = {{add_mapping::kAddBuiltin}, 1, &add_mapping::Map};

}  // namespace arenastore::planner
