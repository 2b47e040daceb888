// l2_normalization's TensorFlow Lite mapping: L2_NORMALIZATION -> a graph op with
// L2NormalizationAttributes, or a reason it cannot run here (a fused activation, which TensorFlow
// Lite Micro refuses too).
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace l2_normalization_mapping {

constexpr int32_t kL2NormalizationBuiltin = 11;  // TensorFlow Lite's L2_NORMALIZATION

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(1, 1));
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::L2NormOptions* o, m.OptionsOf<tfl::L2NormOptions>(false));
  if (o != nullptr && o->fused_activation_function() != tfl::ActivationFunctionType::NONE) {
    m.Refuse(fmt::format("fused activation {}",
                         tfl::EnumNameActivationFunctionType(o->fused_activation_function())));
  }
  m.result().op.kind = kernels::OpKind::kL2Normalization;
  m.result().op.inputs = {m.inputs()[0]};
  m.result().op.attributes = L2NormalizationAttributes{};
  return Status::Ok();
}

}  // namespace l2_normalization_mapping

extern const TfliteOpMapping kL2NormalizationTflite = {
    {l2_normalization_mapping::kL2NormalizationBuiltin}, 1, &l2_normalization_mapping::Map};

}  // namespace arenastore::planner
