// mean's TensorFlow Lite mapping: MEAN -> a graph op with MeanAttributes (the constant axis
// operand folded into attributes), or a reason it cannot run here.
#include "planner/import/reduction_mapping.h"

namespace arenastore::planner {
namespace mean_mapping {

Status Map(TfliteOpMapper& m) {
  MeanAttributes a;
  ARENASTORE_RETURN_IF_ERROR(MapReduce(m, &a));
  m.AcceptInt8OrInt16Activations({m.input(0), m.output()});
  return m.Emit(kernels::OpKind::kMean, {m.input(0)}, a);
}

}  // namespace mean_mapping

// TensorFlow Lite's MEAN (builtin 40).
extern const TfliteOpMapping kMeanTflite = {{40}, 1, &mean_mapping::Map};

}  // namespace arenastore::planner
