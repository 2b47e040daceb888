// cumsum's planner unit: its lowering completes the CumsumOptions (as TensorFlow Lite Micro
// prepares the op: ADD's rescaling with the input's scale, left shift 20, no fused activation); the
// options struct is its attributes, written and read back whole.
// Its TensorFlow Lite mapping: CUMSUM -> a graph op with CumsumAttributes (the constant axis
// operand folded into attributes, with the exclusive and reverse flags), or a reason it cannot run
// here.
#include "planner/op_unit.h"
#include "planner/uniform_rescale_lowering.h"

namespace arenastore::planner {
namespace cumsum_planning {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<CumsumAttributes>().status());
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(ExpectQuantizedOperands(l, {{input, "input"}, {output, "output"}}));
  // A negative axis counts from the end: the artifact records it in [0, rank) exactly when it was
  // in range (the runtime's lowering checks it and derives the sizes around it).
  CumsumAttributes& o = lowered->mutable_options<CumsumAttributes>();
  if (o.axis < 0) o.axis += static_cast<int32_t>(input.shape.size());
  return LowerUniformRescale(l, input, output, &o);
}

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  if (!m.Constant({1}, "axis")) return Status::Ok();
  ARENASTORE_ASSIGN_OR_RETURN(const int64_t axis, m.ScalarOperand(1, "axis"));
  const int64_t rank = m.RankOf(m.input(0));
  if (rank < 1 || axis < -rank || axis >= rank) {
    return m.Fail(fmt::format("axis {} is out of range for input rank {}", axis, rank));
  }
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::CumsumOptions* o, m.OptionsOf<tfl::CumsumOptions>(false));
  CumsumAttributes a;
  a.axis = static_cast<int32_t>(axis);
  a.exclusive = o != nullptr && o->exclusive();
  a.reverse = o != nullptr && o->reverse();
  return m.Emit(kernels::OpKind::kCumsum, {m.input(0)}, a);
}

}  // namespace cumsum_planning

extern const PlannerOp kCumsumPlanner =
    OptionsStructPlanner<CumsumAttributes>(&cumsum_planning::Lower);

// TensorFlow Lite's CUMSUM (builtin 128).
extern const TfliteOpMapping kCumsumTflite = {{128}, 1, &cumsum_planning::Map};

}  // namespace arenastore::planner
