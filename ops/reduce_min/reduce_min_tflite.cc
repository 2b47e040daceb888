// reduce_min's TensorFlow Lite mapping: REDUCE_MIN -> a graph op with ReduceMinAttributes (the
// constant axis operand folded into attributes), or a reason it cannot run here.
#include "planner/import/reduction_mapping.h"

namespace arenastore::planner {
namespace reduce_min_mapping {

Status Map(TfliteOpMapper& m) {
  ReduceMinAttributes a;
  ARENASTORE_RETURN_IF_ERROR(MapReduce(m, &a));
  return m.Emit(kernels::OpKind::kReduceMin, {m.input(0)}, a);
}

}  // namespace reduce_min_mapping

// TensorFlow Lite's REDUCE_MIN (builtin 89).
extern const TfliteOpMapping kReduceMinTflite = {{89}, 1, &reduce_min_mapping::Map};

}  // namespace arenastore::planner
