// reduce_max's TensorFlow Lite mapping: REDUCE_MAX -> a graph op with ReduceMaxAttributes (the
// constant axis operand folded into attributes), or a reason it cannot run here.
#include "planner/import/reduction_mapping.h"

namespace arenastore::planner {
namespace reduce_max_mapping {

constexpr int32_t kReduceMaxBuiltin = 82;  // TensorFlow Lite's REDUCE_MAX

Status Map(TfliteOpMapper& m) {
  ReduceMaxAttributes a;
  ARENASTORE_RETURN_IF_ERROR(MapReduce(m, &a));
  m.result().op.kind = kernels::OpKind::kReduceMax;
  m.result().op.inputs = {m.inputs()[0]};
  m.result().op.attributes = a;
  return Status::Ok();
}

}  // namespace reduce_max_mapping

extern const TfliteOpMapping kReduceMaxTflite = {
    {reduce_max_mapping::kReduceMaxBuiltin}, 1, &reduce_max_mapping::Map};

}  // namespace arenastore::planner
