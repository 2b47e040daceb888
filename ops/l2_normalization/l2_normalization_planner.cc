// l2_normalization's planner unit: its lowering from graph tensors to
// kernels::L2NormalizationParams (as TensorFlow Lite Micro prepares the op, with the output scale
// 1/128 and zero point 0 its arithmetic assumes), the empty L2NormalizationOptions it writes and
// reads back, and their equivalence.
// Its TensorFlow Lite mapping: L2_NORMALIZATION -> a graph op with L2NormalizationAttributes, or a
// reason it cannot run here (a fused activation, which TensorFlow Lite Micro refuses too).
#include "planner/op_unit.h"

namespace arenastore::planner {
namespace l2_normalization_planning {

Status Lower(const Lowering& l, LoweredOp*) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<L2NormalizationAttributes>().status());
  // Nothing to derive: the runtime fills every field from the tensors. The host checks the
  // quantization the artifact's tensors carry and the output scale the kernel assumes.
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(l.Input(0), "input"));
  if (output.zero_point() != 0 || output.scale() != 1.0f / 128.0f) {
    return l.Fail("int8 l2_normalization needs output scale 1/128 and zero point 0, got {} and {}",
                  output.scale(), output.zero_point());
  }
  return Status::Ok();
}

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(1, 1));
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::L2NormOptions* o, m.OptionsOf<tfl::L2NormOptions>(false));
  if (o != nullptr && o->fused_activation_function() != tfl::ActivationFunctionType::NONE) {
    m.Refuse(fmt::format("fused activation {}",
                         tfl::EnumNameActivationFunctionType(o->fused_activation_function())));
  }
  return m.Emit(kernels::OpKind::kL2Normalization, {m.input(0)}, L2NormalizationAttributes{});
}

}  // namespace l2_normalization_planning

extern const PlannerOp kL2NormalizationPlanner =
    EmptyOptionsPlanner<L2NormalizationAttributes>(&l2_normalization_planning::Lower);

// TensorFlow Lite's L2_NORMALIZATION (builtin 11).
extern const TfliteOpMapping kL2NormalizationTflite = {{11}, 1, &l2_normalization_planning::Map};

}  // namespace arenastore::planner
