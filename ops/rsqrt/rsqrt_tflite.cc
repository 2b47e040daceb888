// rsqrt's TensorFlow Lite mapping: RSQRT on int8 tensors, or on int16 ones (16x8), -> a graph op
// with RsqrtAttributes.
#include "planner/import/tflite_op_mapper.h"
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {
namespace rsqrt_mapping {

constexpr int32_t kBuiltin = 76;  // TensorFlow Lite's RSQRT

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(1, 1));
  m.AcceptInt8OrInt16Activations({m.inputs()[0], m.outputs()[0]});  // 16x8 too
  m.result().op.kind = kernels::OpKind::kRsqrt;
  m.result().op.inputs = {m.inputs()[0]};
  m.result().op.attributes = RsqrtAttributes{};
  return Status::Ok();
}

}  // namespace rsqrt_mapping

extern const TfliteOpMapping kRsqrtTflite = {{rsqrt_mapping::kBuiltin}, 1, &rsqrt_mapping::Map};

}  // namespace arenastore::planner
