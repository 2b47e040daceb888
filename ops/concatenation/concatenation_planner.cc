// concatenation's planner unit: the checks only the host makes (the axis before it is normalized,
// equal quantization; the runtime's lowering derives kernels::ConcatenationParams and checks the
// shapes), the ConcatenationOptions it writes to an artifact and reads back for re-planning, and
// where each input lies in the output.
#include "ops/concatenation/concatenation.h"
#include "planner/lowering.h"
#include "planner/options_struct_planning.h"
#include "planner/quantization_math.h"

namespace arenastore::planner {
namespace concatenation_lowering {

// What only the host checks: the axis, resolved against the output's rank, and the
// quantization the byte copy needs to be equal on every operand; the runtime's lowering derives
// the sizes and checks the shapes and types.
Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<ConcatenationAttributes>().status());
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(output, "output"));
  ARENASTORE_RETURN_IF_ERROR(l.ResolveAxis(
      &lowered->mutable_options<ConcatenationAttributes>().axis, output.shape.size()));
  for (size_t k = 0; k < l.op().inputs.size(); ++k) {
    const Tensor& input = l.Input(k);
    ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(input, "input"));
    if (input.scale() != output.scale() || input.zero_point() != output.zero_point()) {
      return l.Fail(
          "input '{}' is quantized differently from the output; concatenation "
          "needs equal scales and zero points",
          input.name);
    }
  }
  return Status::Ok();
}

}  // namespace concatenation_lowering

extern const PlannerOp kConcatenationPlanner =
    OptionsStructPlanner<ConcatenationAttributes>(&concatenation_lowering::Lower);

}  // namespace arenastore::planner
