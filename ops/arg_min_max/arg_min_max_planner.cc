// arg_min_max's planner unit: the check of its axis only the host makes (the runtime's lowering
// derives kernels::ArgMinMaxParams and checks the operands), the ArgMinMaxOptions it writes (the
// axis normalized to [0, rank)) and reads back for re-planning, and which fields two artifacts must
// share to compute the same thing.
// Its TensorFlow Lite mapping: ARG_MAX / ARG_MIN -> a graph op with ArgMinMaxAttributes (the kind
// from the builtin, the constant axis operand folded in), or a reason it cannot run here (an axis
// computed at run time, an int64 output).
#include "planner/op_unit.h"

namespace arenastore::planner {
namespace arg_min_max_planning {

// The axis, resolved against the input's rank; the runtime's lowering checks the operands and
// the kind, and derives kernels::ArgMinMaxParams.
Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<ArgMinMaxAttributes>().status());
  return l.ResolveAxis(&lowered->mutable_options<ArgMinMaxAttributes>().axis,
                       l.Input(0).shape.size());
}

constexpr int32_t kArgMaxBuiltin = 56;  // TensorFlow Lite's ARG_MAX
constexpr int32_t kArgMinBuiltin = 79;  // TensorFlow Lite's ARG_MIN

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  if (!m.Constant({1}, "axis")) return Status::Ok();
  ARENASTORE_ASSIGN_OR_RETURN(const int64_t axis, m.ScalarOperand(1, "axis"));
  if (m.reader().TensorTypeOf(m.output()) != tfl::TensorType::INT32) {
    m.Refuse("output is not int32");
    return Status::Ok();
  }
  const int64_t rank = m.RankOf(m.input(0));
  if (axis < -rank || axis >= rank) {
    return m.Fail(fmt::format("axis {} out of range for rank {}", axis, rank));
  }
  const auto kind = m.builtin() == kArgMaxBuiltin ? kernels::ArgMinMaxKind::kArgMax
                                                  : kernels::ArgMinMaxKind::kArgMin;
  return m.Emit(kernels::OpKind::kArgMinMax, {m.input(0)},
                ArgMinMaxAttributes{
                    {.kind = static_cast<int32_t>(kind), .axis = static_cast<int32_t>(axis)}});
}

}  // namespace arg_min_max_planning

extern const PlannerOp kArgMinMaxPlanner =
    OptionsStructPlanner<ArgMinMaxAttributes>(&arg_min_max_planning::Lower);

extern const TfliteOpMapping kArgMinMaxTflite = {
    {arg_min_max_planning::kArgMaxBuiltin, arg_min_max_planning::kArgMinBuiltin},
    2,
    &arg_min_max_planning::Map};

}  // namespace arenastore::planner
