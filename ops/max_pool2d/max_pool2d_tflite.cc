// max_pool2d's TensorFlow Lite mapping: MAX_POOL_2D -> a graph op with MaxPool2dAttributes
// (operands in our order, constant operands folded into attributes), or a reason it cannot run
// here.
#include "planner/import/tflite_op_mapper.h"
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {
namespace max_pool2d_mapping {

constexpr int32_t kMaxPool2dBuiltin = 17;  // TensorFlow Lite's MAX_POOL_2D

Status Map(TfliteOpMapper& m) {
  MaxPool2dAttributes a;
  ARENASTORE_RETURN_IF_ERROR(MapPool2dWindow(m, &a));
  m.AcceptInt8OrInt16Activations({m.inputs()[0], m.outputs()[0]});
  m.result().op.kind = kernels::OpKind::kMaxPool2d;
  m.result().op.inputs = {m.inputs()[0]};
  m.result().op.attributes = a;
  return Status::Ok();
}

}  // namespace max_pool2d_mapping

extern const TfliteOpMapping kMaxPool2dTflite = {
    {max_pool2d_mapping::kMaxPool2dBuiltin}, 1, &max_pool2d_mapping::Map};

}  // namespace arenastore::planner
