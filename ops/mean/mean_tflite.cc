// mean's TensorFlow Lite mapping: MEAN -> a graph op with MeanAttributes (the constant axis
// operand folded into attributes), or a reason it cannot run here.
#include "planner/import/reduction_mapping.h"

namespace arenastore::planner {
namespace mean_mapping {

constexpr int32_t kMeanBuiltin = 40;  // TensorFlow Lite's MEAN

Status Map(TfliteOpMapper& m) {
  MeanAttributes a;
  ARENASTORE_RETURN_IF_ERROR(MapReduce(m, &a));
  m.AcceptInt8OrInt16Activations({m.inputs()[0], m.outputs()[0]});
  m.result().op.kind = kernels::OpKind::kMean;
  m.result().op.inputs = {m.inputs()[0]};
  m.result().op.attributes = a;
  return Status::Ok();
}

}  // namespace mean_mapping

extern const TfliteOpMapping kMeanTflite = {{mean_mapping::kMeanBuiltin}, 1, &mean_mapping::Map};

}  // namespace arenastore::planner
