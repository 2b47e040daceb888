// sum's TensorFlow Lite mapping: SUM -> a graph op with SumAttributes (the constant axis
// operand folded into attributes), or a reason it cannot run here.
#include "planner/import/reduction_mapping.h"

namespace arenastore::planner {
namespace sum_mapping {

Status Map(TfliteOpMapper& m) {
  SumAttributes a;
  ARENASTORE_RETURN_IF_ERROR(MapReduce(m, &a));
  m.AcceptInt8OrInt16Activations({m.input(0), m.output()});
  return m.Emit(kernels::OpKind::kSum, {m.input(0)}, a);
}

}  // namespace sum_mapping

// TensorFlow Lite's SUM (builtin 74).
extern const TfliteOpMapping kSumTflite = {{74}, 1, &sum_mapping::Map};

}  // namespace arenastore::planner
