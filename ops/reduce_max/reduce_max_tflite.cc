// reduce_max's TensorFlow Lite mapping: REDUCE_MAX -> a graph op with ReduceMaxAttributes (the
// constant axis operand folded into attributes), or a reason it cannot run here.
#include "planner/import/reduction_mapping.h"

namespace arenastore::planner {
namespace reduce_max_mapping {

Status Map(TfliteOpMapper& m) {
  ReduceMaxAttributes a;
  ARENASTORE_RETURN_IF_ERROR(MapReduce(m, &a));
  return m.Emit(kernels::OpKind::kReduceMax, {m.input(0)}, a);
}

}  // namespace reduce_max_mapping

// TensorFlow Lite's REDUCE_MAX (builtin 82).
extern const TfliteOpMapping kReduceMaxTflite = {{82}, 1, &reduce_max_mapping::Map};

}  // namespace arenastore::planner
