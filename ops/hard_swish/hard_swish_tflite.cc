// hard_swish's TensorFlow Lite mapping: HARD_SWISH on int8 tensors -> a graph op with
// HardSwishAttributes (int16 activations are refused with a reason).
#include "planner/import/tflite_op_mapper.h"
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {
namespace hard_swish_mapping {

constexpr int32_t kBuiltin = 117;  // TensorFlow Lite's HARD_SWISH

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(MapInt8Unary(m, kernels::OpKind::kHardSwish));
  m.result().op.attributes = HardSwishAttributes{};
  return Status::Ok();
}

}  // namespace hard_swish_mapping

extern const TfliteOpMapping kHardSwishTflite = {
    {hard_swish_mapping::kBuiltin}, 1, &hard_swish_mapping::Map};

}  // namespace arenastore::planner
