// reduce_min's TensorFlow Lite mapping: REDUCE_MIN -> a graph op with ReduceMinAttributes (the
// constant axis operand folded into attributes), or a reason it cannot run here.
#include "planner/import/reduction_mapping.h"

namespace arenastore::planner {
namespace reduce_min_mapping {

constexpr int32_t kReduceMinBuiltin = 89;  // TensorFlow Lite's REDUCE_MIN

Status Map(TfliteOpMapper& m) {
  ReduceMinAttributes a;
  ARENASTORE_RETURN_IF_ERROR(MapReduce(m, &a));
  m.result().op.kind = kernels::OpKind::kReduceMin;
  m.result().op.inputs = {m.inputs()[0]};
  m.result().op.attributes = a;
  return Status::Ok();
}

}  // namespace reduce_min_mapping

extern const TfliteOpMapping kReduceMinTflite = {
    {reduce_min_mapping::kReduceMinBuiltin}, 1, &reduce_min_mapping::Map};

}  // namespace arenastore::planner
