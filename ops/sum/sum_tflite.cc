// sum's TensorFlow Lite mapping: SUM -> a graph op with SumAttributes (the constant axis
// operand folded into attributes), or a reason it cannot run here.
#include "planner/import/reduction_mapping.h"

namespace arenastore::planner {
namespace sum_mapping {

constexpr int32_t kSumBuiltin = 74;  // TensorFlow Lite's SUM

Status Map(TfliteOpMapper& m) {
  SumAttributes a;
  ARENASTORE_RETURN_IF_ERROR(MapReduce(m, &a));
  m.AcceptInt8OrInt16Activations({m.inputs()[0], m.outputs()[0]});
  m.result().op.kind = kernels::OpKind::kSum;
  m.result().op.inputs = {m.inputs()[0]};
  m.result().op.attributes = a;
  return Status::Ok();
}

}  // namespace sum_mapping

extern const TfliteOpMapping kSumTflite = {{sum_mapping::kSumBuiltin}, 1, &sum_mapping::Map};

}  // namespace arenastore::planner
