// abs's TensorFlow Lite mapping: ABS on int8 tensors, or on int16 ones (16x8), -> a graph op
// with AbsAttributes.
#include "planner/import/tflite_op_mapper.h"
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {
namespace abs_mapping {

constexpr int32_t kBuiltin = 101;  // TensorFlow Lite's ABS

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(1, 1));
  m.AcceptInt8OrInt16Activations({m.inputs()[0], m.outputs()[0]});  // 16x8 too
  m.result().op.kind = kernels::OpKind::kAbs;
  m.result().op.inputs = {m.inputs()[0]};
  m.result().op.attributes = AbsAttributes{};
  return Status::Ok();
}

}  // namespace abs_mapping

extern const TfliteOpMapping kAbsTflite = {{abs_mapping::kBuiltin}, 1, &abs_mapping::Map};

}  // namespace arenastore::planner
