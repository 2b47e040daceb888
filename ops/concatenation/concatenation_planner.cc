// concatenation's planner unit: the checks only the host makes (the axis before it is normalized,
// equal quantization; the runtime's lowering derives kernels::ConcatenationParams and checks the
// shapes), the ConcatenationOptions it writes to an artifact and reads back for re-planning, and
// where each input lies in the output.
#include "ops/concatenation/concatenation.h"
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_reading.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"
#include "planner/quantization_math.h"

namespace arenastore::planner {
namespace concatenation_lowering {

// What only the host checks: the axis before Write normalizes it (a second wrap would hide an
// axis below -rank), and the quantization the byte copy needs to be equal on every operand; the
// runtime's lowering derives the sizes and checks the shapes and types.
Status CheckConcatenation(const Lowering& l) {
  ARENASTORE_ASSIGN_OR_RETURN(const ConcatenationAttributes a,
                              l.AttributesAs<ConcatenationAttributes>());
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(output, "output"));
  const int32_t rank = static_cast<int32_t>(output.shape.size());
  const int32_t axis = a.axis < 0 ? a.axis + rank : a.axis;
  if (axis < 0 || axis >= rank) return l.Fail("axis {} out of range for rank {}", a.axis, rank);
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

Status Lower(const Lowering& l, LoweredOp* /*lowered*/) { return CheckConcatenation(l); }

WrittenOptions Write(OptionsWriter& w) {
  const auto& a = w.attributes<ConcatenationAttributes>();
  const int32_t rank = static_cast<int32_t>(w.graph().tensors[w.op().outputs[0]].shape.size());
  return Written(
      schema::CreateConcatenationOptions(w.builder(), a.axis < 0 ? a.axis + rank : a.axis));
}

Result<OpAttributes> Read(const schema::Operator& op) {
  return OpAttributes(
      ConcatenationAttributes{op.options_as_ConcatenationOptions()->axis(), Activation::kNone});
}

// Input `part`'s start in the output, when its producer may write it there (nothing before the
// axis); the kernel then finds it in place.
int64_t PartStart(const kernels::OpParams& params, size_t part) {
  return kernels::ConcatenationInputStartInOutput(params.concatenation, static_cast<int32_t>(part));
}

}  // namespace concatenation_lowering

extern const PlannerOp kConcatenationPlanner = {
    &concatenation_lowering::Lower,
    &concatenation_lowering::Write,
    &concatenation_lowering::Read,
    nullptr,
    {InputAliasing::kGathersInputs, &concatenation_lowering::PartStart}};

}  // namespace arenastore::planner
