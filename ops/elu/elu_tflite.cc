// elu's TensorFlow Lite mapping: ELU on int8 tensors -> a graph op with EluAttributes
// (int16 activations are refused with a reason).
#include "planner/import/tflite_op_mapper.h"
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {
namespace elu_mapping {

constexpr int32_t kBuiltin = 111;  // TensorFlow Lite's ELU

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(MapInt8Unary(m, kernels::OpKind::kElu));
  m.result().op.attributes = EluAttributes{};
  return Status::Ok();
}

}  // namespace elu_mapping

extern const TfliteOpMapping kEluTflite = {{elu_mapping::kBuiltin}, 1, &elu_mapping::Map};

}  // namespace arenastore::planner
