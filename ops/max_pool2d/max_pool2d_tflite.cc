// max_pool2d's TensorFlow Lite mapping: MAX_POOL_2D -> a graph op with MaxPool2dAttributes
// (operands in our order, constant operands folded into attributes), or a reason it cannot run
// here.
#include "planner/import/tflite_op_mapper.h"
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {
namespace max_pool2d_mapping {

Status Map(TfliteOpMapper& m) {
  MaxPool2dAttributes a;
  ARENASTORE_RETURN_IF_ERROR(MapPool2dWindow(m, &a));
  m.AcceptInt8OrInt16Activations({m.input(0), m.output()});
  return m.Emit(kernels::OpKind::kMaxPool2d, {m.input(0)}, a);
}

}  // namespace max_pool2d_mapping

// TensorFlow Lite's MAX_POOL_2D (builtin 17).
extern const TfliteOpMapping kMaxPool2dTflite = {{17}, 1, &max_pool2d_mapping::Map};

}  // namespace arenastore::planner
