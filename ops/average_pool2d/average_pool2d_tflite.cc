// average_pool2d's TensorFlow Lite mapping: AVERAGE_POOL_2D -> a graph op with
// AveragePool2dAttributes (operands in our order, constant operands folded into attributes), or a
// reason it cannot run here.
#include "planner/import/tflite_op_mapper.h"
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {
namespace average_pool2d_mapping {

Status Map(TfliteOpMapper& m) {
  AveragePool2dAttributes a;
  ARENASTORE_RETURN_IF_ERROR(MapPool2dWindow(m, &a));
  m.AcceptInt8OrInt16Activations({m.input(0), m.output()});
  return m.Emit(kernels::OpKind::kAveragePool2d, {m.input(0)}, a);
}

}  // namespace average_pool2d_mapping

// TensorFlow Lite's AVERAGE_POOL_2D (builtin 1).
extern const TfliteOpMapping kAveragePool2dTflite = {{1}, 1, &average_pool2d_mapping::Map};

}  // namespace arenastore::planner
