// l2_normalization's TensorFlow Lite mapping: L2_NORMALIZATION -> a graph op with
// L2NormalizationAttributes, or a reason it cannot run here (a fused activation, which TensorFlow
// Lite Micro refuses too).
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace l2_normalization_mapping {

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(1, 1));
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::L2NormOptions* o, m.OptionsOf<tfl::L2NormOptions>(false));
  if (o != nullptr && o->fused_activation_function() != tfl::ActivationFunctionType::NONE) {
    m.Refuse(fmt::format("fused activation {}",
                         tfl::EnumNameActivationFunctionType(o->fused_activation_function())));
  }
  return m.Emit(kernels::OpKind::kL2Normalization, {m.input(0)}, L2NormalizationAttributes{});
}

}  // namespace l2_normalization_mapping

// TensorFlow Lite's L2_NORMALIZATION (builtin 11).
extern const TfliteOpMapping kL2NormalizationTflite = {{11}, 1, &l2_normalization_mapping::Map};

}  // namespace arenastore::planner
