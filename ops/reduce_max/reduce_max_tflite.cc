// reduce_max's TensorFlow Lite mapping: REDUCE_MAX -> a graph op with ReduceMaxAttributes (the
// constant axis operand folded into attributes), or a reason it cannot run here.
#include "ops/mean/reduction_tflite.h"

namespace arenastore::planner {
namespace {

constexpr int32_t kReduceMaxBuiltin = 82;  // TensorFlow Lite's REDUCE_MAX

Status Map(TfliteOpMapper& m) {
  ReduceMaxAttributes a;
  ARENASTORE_RETURN_IF_ERROR(MapReduce(m, &a));
  m.result().op.kind = kernels::OpKind::kReduceMax;
  m.result().op.inputs = {m.inputs()[0]};
  m.result().op.attributes = a;
  return Status::Ok();
}

}  // namespace

extern const TfliteOpMapping kReduceMaxTflite = {{kReduceMaxBuiltin}, 1, &Map};

}  // namespace arenastore::planner
