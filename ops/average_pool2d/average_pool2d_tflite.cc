// average_pool2d's TensorFlow Lite mapping: AVERAGE_POOL_2D -> a graph op with
// AveragePool2dAttributes (operands in our order, constant operands folded into attributes), or a
// reason it cannot run here.
#include "planner/import/tflite_op_mapper.h"
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {
namespace average_pool2d_mapping {

constexpr int32_t kAveragePool2dBuiltin = 1;  // TensorFlow Lite's AVERAGE_POOL_2D

Status Map(TfliteOpMapper& m) {
  AveragePool2dAttributes a;
  ARENASTORE_RETURN_IF_ERROR(MapPool2dWindow(m, &a));
  m.AcceptInt8OrInt16Activations({m.inputs()[0], m.outputs()[0]});
  m.result().op.kind = kernels::OpKind::kAveragePool2d;
  m.result().op.inputs = {m.inputs()[0]};
  m.result().op.attributes = a;
  return Status::Ok();
}

}  // namespace average_pool2d_mapping

extern const TfliteOpMapping kAveragePool2dTflite = {
    {average_pool2d_mapping::kAveragePool2dBuiltin}, 1, &average_pool2d_mapping::Map};

}  // namespace arenastore::planner
