// abs's TensorFlow Lite mapping: ABS on int8 tensors -> a graph op with AbsAttributes
// (int16 activations are refused with a reason).
#include "planner/import/tflite_op_mapper.h"
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {
namespace {

constexpr int32_t kBuiltin = 101;  // TensorFlow Lite's ABS

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(MapInt8Unary(m, kernels::OpKind::kAbs));
  m.result().op.attributes = AbsAttributes{};
  return Status::Ok();
}

}  // namespace

extern const TfliteOpMapping kAbsTflite = {{kBuiltin}, 1, &Map};

}  // namespace arenastore::planner
