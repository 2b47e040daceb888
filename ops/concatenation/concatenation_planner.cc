// concatenation's planner unit: the checks only the host makes (the axis before it is normalized,
// equal quantization; the runtime's lowering derives kernels::ConcatenationParams and checks the
// shapes), the ConcatenationOptions it writes to an artifact and reads back for re-planning, and
// where each input lies in the output.
// Its TensorFlow Lite mapping: CONCATENATION -> a graph op with ConcatenationAttributes (operands
// in our order, constant operands folded into attributes), or a reason it cannot run here.
#include <vector>

#include "kernels/param_types.h"
#include "ops/concatenation/concatenation.h"
#include "planner/op_unit.h"

namespace arenastore::planner {
namespace concatenation_planning {

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

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectVariadic(1));
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::ConcatenationOptions* o,
                              m.OptionsOf<tfl::ConcatenationOptions>(false));
  ConcatenationAttributes a;
  if (o != nullptr) {
    a.axis = o->axis();
    // TensorFlow Lite Micro's CONCATENATION refuses a fused activation, so nothing here runs one.
    if (o->fused_activation_function() != tfl::ActivationFunctionType::NONE) {
      m.Refuse("a fused activation (TensorFlow Lite Micro's CONCATENATION takes none)");
    }
  }
  const int32_t rank = static_cast<int32_t>(m.reader().ShapeOf(m.output()).size());
  if (a.axis < -rank || a.axis >= rank) {
    return m.Fail(fmt::format("axis {} is out of range for rank {}", a.axis, rank));
  }
  m.RefuseOverMaxInputs();
  m.AcceptInt8OrInt16Activations(m.InputsAndOutput());
  return m.Emit(kernels::OpKind::kConcatenation, m.inputs(), a);
}

}  // namespace concatenation_planning

extern const PlannerOp kConcatenationPlanner =
    OptionsStructPlanner<ConcatenationAttributes>(&concatenation_planning::Lower);

// TensorFlow Lite's CONCATENATION (builtin 2).
extern const TfliteOpMapping kConcatenationTflite = {{2}, 1, &concatenation_planning::Map};

}  // namespace arenastore::planner
